package dev.wirespeed.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line, with what it printed. */
public record CliRun(int code, String out, String err) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new CliRun(code, out.toString(), err.toString());
    }
}
