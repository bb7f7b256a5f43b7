package dev.wirespeed.cli;

import dev.wirespeed.guard.Printable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;
import picocli.CommandLine;

/** The one place that turns exceptions into a one-line message and an exit code. */
final class Errors {
    private Errors() {}

    /** Bad command line: one line naming the problem and where help is, exit 2. */
    static int onParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName(" ");
        String message = e.getMessage();
        if (e.getCause() instanceof IllegalArgumentException iae && iae.getMessage() != null) {
            message = e.getMessage();
        }
        cmd.getErr().println(name + ": " + Printable.line(message) + " (see '" + name + " --help')");
        cmd.getErr().flush();
        return ExitCode.USAGE;
    }

    static int onExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        int code = exitCode(e);
        String name = cmd.getCommandSpec().qualifiedName(" ");
        err.println(name + ": " + Printable.line(message(e)));
        if (debug(parsed)) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
        err.flush();
        return code;
    }

    static int exitCode(Throwable e) {
        if (e instanceof Failure f) {
            return f.exitCode();
        }
        if (e instanceof CommandLine.ParameterException) {
            return ExitCode.USAGE;
        }
        return ExitCode.FAILURE;
    }

    static String message(Throwable e) {
        if (e instanceof Failure || e instanceof UnknownHostException) {
            return e.getMessage();
        }
        if (e instanceof IOException) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return "internal error: " + e + " (run with --debug for the stack trace, and please report it)";
    }

    private static boolean debug(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
