package dev.wirespeed.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.function.Supplier;

/**
 * Puts a prefix before every line written through it (iperf3's --timestamps and --title, computed when
 * the line starts) and, with {@code flushEachLine} (--forceflush), flushes at the end of every line.
 */
final class LinePrefixWriter extends Writer {
    private final Writer target;
    private final Supplier<String> prefix;
    private final boolean flushEachLine;
    private boolean atLineStart = true;

    LinePrefixWriter(Writer target, Supplier<String> prefix, boolean flushEachLine) {
        this.target = target;
        this.prefix = prefix;
        this.flushEachLine = flushEachLine;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        int start = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (atLineStart) {
                target.write(buf, start, i - start);
                start = i;
                target.write(prefix.get());
                atLineStart = false;
            }
            if (buf[i] == '\n') {
                target.write(buf, start, i + 1 - start);
                start = i + 1;
                atLineStart = true;
                if (flushEachLine) {
                    target.flush();
                }
            }
        }
        target.write(buf, start, end - start);
    }

    @Override
    public void flush() throws IOException {
        target.flush();
    }

    @Override
    public void close() throws IOException {
        target.close();
    }
}
