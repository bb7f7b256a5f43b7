package dev.wirespeed.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 onto a stream, remembering the first write failure: a {@link java.io.PrintWriter} over it
 * swallows the exception and keeps only a flag, and a full disk ("No space left on device") or a
 * closed pipe ("Broken pipe") must reach the user as the reason of a non-zero exit.
 */
public final class CheckedWriter extends Writer {
    private final Writer out;
    private volatile IOException failure;

    public CheckedWriter(OutputStream out) {
        this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    }

    /** The first write, flush or close failure, or null. */
    public IOException failure() {
        return failure;
    }

    private IOException keep(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        try {
            out.write(buf, off, len);
        } catch (IOException e) {
            throw keep(e);
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        try {
            out.write(s, off, len);
        } catch (IOException e) {
            throw keep(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw keep(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            throw keep(e);
        }
    }
}
