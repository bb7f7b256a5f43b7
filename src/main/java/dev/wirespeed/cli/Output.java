package dev.wirespeed.cli;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.CheckedWriter;
import dev.wirespeed.io.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Writes a command's document to standard output or to a file the user named, through the
 * terminal gate ({@link Printable#terminal}) either way. A file keeps what it is
 * ({@link OutputFile}): a regular file is replaced whole, a FIFO or a character device is written
 * in place, anything else is refused before the work starts ({@link #check}).
 */
final class Output {
    private Output() {}

    /** Refuses (exit 2) an output {@code option} cannot write, before a command spends time on it. */
    static void check(CommandSpec spec, Path file, String option) throws IOException {
        if (file == null) {
            return;
        }
        try {
            OutputFile.kind(file, option);
        } catch (OutputFile.Refused e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }

    static void write(CommandSpec spec, Path file, Consumer<PrintWriter> body) throws IOException {
        write(spec, file, "-o", body);
    }

    static void write(CommandSpec spec, Path file, String option, Consumer<PrintWriter> body) throws IOException {
        if (file == null) {
            PrintWriter out = spec.commandLine().getOut();
            body.accept(out);
            out.flush();
            return;
        }
        try {
            OutputFile.write(file, option, stream -> {
                CheckedWriter sink = new CheckedWriter(stream);
                PrintWriter w = Printable.terminal(sink, false);
                body.accept(w);
                w.flush();
                if (w.checkError()) {
                    throw sink.failure() != null ? sink.failure() : new IOException("write failed");
                }
            });
        } catch (OutputFile.Refused e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }
}
