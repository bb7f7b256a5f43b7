package dev.wirespeed.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Entry point. The only caller of System.exit. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Interrupts.install();
        int code;
        try {
            code = run(args, out, err);
        } finally {
            out.flush();
            err.flush();
            Interrupts.done();
        }
        System.exit(code);
    }

    /** Runs one command line with the given writers; returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cmd = commandLine(out, err);
        return cmd.execute(args);
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(new WirespeedCommand());
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setOverwrittenOptionsAllowed(true);
        cmd.setUsageHelpAutoWidth(true);
        cmd.setParameterExceptionHandler(Errors::onParameterException);
        cmd.setExecutionExceptionHandler(Errors::onExecutionException);
        cmd.setExitCodeExceptionMapper(Errors::exitCode);
        return cmd;
    }
}
