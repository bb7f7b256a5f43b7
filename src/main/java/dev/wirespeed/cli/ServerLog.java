package dev.wirespeed.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where `server` logs: standard output, or `--logfile FILE` opened for appending (as iperf3). A file
 * that exists is appended to in place, whatever it is — a regular file, a FIFO, a character device
 * such as /dev/null — and never replaced; a directory or a block device is refused. The first
 * failed write (a full disk) is kept so that the server can stop with its reason (issue 32: a
 * log to a full device was dropped silently).
 */
final class ServerLog implements AutoCloseable {
    private final PrintWriter writer;
    private final Path file;
    private volatile IOException failure;

    private ServerLog(PrintWriter writer, Path file) {
        this.writer = writer;
        this.file = file;
    }

    static ServerLog open(PrintWriter out, Path logfile) {
        if (logfile == null) {
            return new ServerLog(out, null);
        }
        try {
            BasicFileAttributes a = Files.readAttributes(logfile, BasicFileAttributes.class);
            if (a.isDirectory()) {
                throw new Failure("--logfile " + logfile + ": is a directory");
            }
            if (a.isOther() && isBlockDevice(logfile)) {
                throw new Failure("--logfile " + logfile + ": is a block device, not a log");
            }
        } catch (IOException absent) {
            // created below
        }
        Writer target;
        try {
            target = Files.newBufferedWriter(logfile, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new Failure("--logfile " + logfile + ": cannot open for appending (" + reason(e) + ")", e);
        }
        ServerLog[] self = new ServerLog[1];
        Writer recording = new FilterWriter(target) {
            @Override
            public void write(char[] chars, int off, int len) throws IOException {
                try {
                    super.write(chars, off, len);
                } catch (IOException e) {
                    self[0].failed(e);
                    throw e;
                }
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                try {
                    super.write(str, off, len);
                } catch (IOException e) {
                    self[0].failed(e);
                    throw e;
                }
            }

            @Override
            public void flush() throws IOException {
                try {
                    super.flush();
                } catch (IOException e) {
                    self[0].failed(e);
                    throw e;
                }
            }
        };
        self[0] = new ServerLog(new PrintWriter(recording), logfile);
        return self[0];
    }

    private static boolean isBlockDevice(Path p) {
        try {
            Object mode = Files.getAttribute(p.toRealPath(), "unix:mode");
            return mode instanceof Integer m && (m & 0170000) == 0060000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    private void failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
    }

    PrintWriter writer() {
        return writer;
    }

    /** Why the log could not be written, as one line; null while it can. */
    String failure() {
        if (file == null) {
            return writer.checkError() ? "standard output: write failed" : null;
        }
        IOException e = failure;
        return e == null && !writer.checkError() ? null
                : "--logfile " + file + ": write failed (" + (e == null ? "unknown error" : reason(e)) + ")";
    }

    private static String reason(IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    @Override
    public void close() {
        if (file != null) {
            writer.close();
        } else {
            writer.flush();
        }
    }
}
