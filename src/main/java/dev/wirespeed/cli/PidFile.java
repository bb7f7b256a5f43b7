package dev.wirespeed.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * `server --pidfile FILE`: the process id and a line feed, written at start and removed at the end
 * when it still holds this process's id (as iperf3's iperf_create_pidfile and iperf_delete_pidfile).
 * Only a regular file (or none) is written: a pidfile that names a device, a FIFO or a directory
 * is refused, so that a mistyped path never writes into /dev/sda.
 */
final class PidFile implements AutoCloseable {
    private final Path file;
    private final String content;

    private PidFile(Path file, String content) {
        this.file = file;
        this.content = content;
    }

    /** Writes it; with a null path, nothing (close does nothing either). */
    static PidFile write(Path file) {
        if (file == null) {
            return new PidFile(null, null);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new Failure("--pidfile " + file + ": exists and is not a regular file");
        }
        String content = ProcessHandle.current().pid() + "\n";
        try {
            Files.writeString(file, content, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new Failure("--pidfile " + file + ": cannot write (" + (e.getMessage() != null ? e.getMessage()
                    : e.getClass().getSimpleName()) + ")", e);
        }
        return new PidFile(file, content);
    }

    @Override
    public void close() {
        if (file == null) {
            return;
        }
        try {
            // another server given the same file since: its id stays
            if (content.equals(Files.readString(file, StandardCharsets.US_ASCII))) {
                Files.delete(file);
            }
        } catch (IOException | RuntimeException ignored) {
            // already gone, or no longer ours
        }
    }
}
