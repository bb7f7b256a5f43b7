package dev.wirespeed.io;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/** A filter that sees every write as a string: the char and char-array writes arrive there. */
public abstract class TextFilterWriter extends FilterWriter {
    protected TextFilterWriter(Writer out) {
        super(out);
    }

    @Override
    public final void write(int c) throws IOException {
        write(String.valueOf((char) c), 0, 1);
    }

    @Override
    public final void write(char[] buf, int off, int len) throws IOException {
        write(new String(buf, off, len), 0, len);
    }

    @Override
    public abstract void write(String s, int off, int len) throws IOException;
}
