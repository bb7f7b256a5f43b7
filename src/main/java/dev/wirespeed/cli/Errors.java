package dev.wirespeed.cli;

import dev.wirespeed.guard.Printable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;
import java.util.Arrays;
import picocli.CommandLine;

/** The one place that turns exceptions into a one-line message and an exit code. */
final class Errors {
    private Errors() {}

    /** The three picocli hooks as one class (not method references: no hidden classes at start). */
    static final class Handlers implements CommandLine.IParameterExceptionHandler,
            CommandLine.IExecutionExceptionHandler, CommandLine.IExitCodeExceptionMapper {
        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) {
            return onParameterException(e, args);
        }

        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            return onExecutionException(e, cmd, parsed);
        }

        @Override
        public int getExitCode(Throwable e) {
            return exitCode(e);
        }
    }

    /** Bad command line: one line naming the problem and where help is, exit 2. */
    static int onParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName(" ");
        String message = e.getMessage();
        if (e.getCause() instanceof IllegalArgumentException iae && iae.getMessage() != null) {
            message = e.getMessage();
        }
        // picocli's "did you mean" for a mistyped command or option, kept on the one line
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            message = message + "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
        }
        cmd.getErr().println(name + ": " + Printable.line(message) + " (see '" + name + " --help')");
        cmd.getErr().flush();
        if (jsonWanted(args)) {
            jsonError(cmd.getOut(), message, jsonStreamWanted(args));
        }
        return ExitCode.USAGE;
    }

    static int onExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        int code = exitCode(e);
        String name = cmd.getCommandSpec().qualifiedName(" ");
        err.println(name + ": " + Printable.line(message(e)));
        String[] args = parsed.originalArgs().toArray(new String[0]);
        if (jsonWanted(args)) {
            // iperf3 -J prints {"error": ...} on stdout: a script reading stdout sees why, not nothing
            jsonError(cmd.getOut(), message(e), jsonStreamWanted(args));
        }
        if (debug(parsed)) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
        err.flush();
        return code;
    }

    private static boolean jsonWanted(String[] args) {
        for (String a : args) {
            if (a.equals("-J") || a.equals("--json") || a.equals("--json-stream")) {
                return true;
            }
        }
        return false;
    }

    private static boolean jsonStreamWanted(String[] args) {
        return Arrays.asList(args).contains("--json-stream");
    }

    /**
     * {"error": "..."} on its own line, or with --json-stream iperf3's event {"event":"error","data":"..."}
     * (iperf_api.c JSONStream_Output); the escaping of RFC 8259 section 7, without loading Jackson.
     */
    static void jsonError(PrintWriter out, String message, boolean streamed) {
        StringBuilder b = new StringBuilder(streamed ? "{\"event\":\"error\",\"data\":\"" : "{\"error\": \"");
        for (char c : String.valueOf(message).toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        out.println(b.append("\"}"));
        out.flush();
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
