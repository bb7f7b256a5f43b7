package dev.wirespeed.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/** Writes a command's document to standard output or, atomically (temp file + rename), to a file. */
final class Output {
    private Output() {}

    static void write(CommandSpec spec, Path file, Consumer<PrintWriter> body) throws IOException {
        if (file == null) {
            PrintWriter out = spec.commandLine().getOut();
            body.accept(out);
            out.flush();
            return;
        }
        Path abs = file.toAbsolutePath();
        Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
        try {
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))) {
                body.accept(w);
                if (w.checkError()) {
                    throw new IOException("cannot write " + file);
                }
            }
            // createTempFile made it private (0600); a report or export is an ordinary file.
            try {
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system: its defaults apply
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
