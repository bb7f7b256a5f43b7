package dev.wirespeed.cli;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.TextFilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.function.Supplier;

/**
 * One line that says what a long step is doing while it runs ("lat: 64 B, 3.2 s…"), redrawn in
 * place twice a second on a terminal: a carriage return, the text, erase to the end of the line.
 * Every other write through {@link #writer()} first erases it, so results print on a clean line and
 * the progress line comes back below them; {@link #close()} erases it for good. Off (a plain
 * pass-through) when the output is not a terminal or is JSON, so pipes, files and JSON never see it.
 */
final class ProgressLine implements AutoCloseable {
    /** Carriage return, then ECMA-48 "erase in line" (CSI K): the cursor's line from column 0 is blank. */
    static final String ERASE = "\r\033[K";
    private static final long PERIOD_MILLIS = 500;
    /** Longer lines would wrap, and a wrapped line cannot be erased with one carriage return. */
    private static final int MAX_CHARS = 78;

    private final PrintWriter target;
    /** Beneath the sanitizing gate: the erase sequence is ours, and the gate would print it escaped. */
    private final Writer controls;
    private final PrintWriter writer;
    private final boolean enabled;
    private final Object lock = new Object();
    private volatile Supplier<String> text = () -> null;
    private boolean shown;
    private boolean atLineStart = true;
    private Thread ticker;

    /**
     * @param out     where the command's text goes
     * @param enabled draw the line (a terminal, not JSON); else a pass-through
     */
    ProgressLine(PrintWriter out, boolean enabled) {
        this.target = out;
        this.controls = Printable.ownControls(out);
        this.enabled = enabled;
        this.writer = enabled ? new PrintWriter(new Eraser(out), true) : out;
    }

    /** A progress line on {@code out} when it is a terminal and the command prints text, not JSON. */
    static ProgressLine on(PrintWriter out, boolean json) {
        return new ProgressLine(out, !json && Terminal.isTerminal());
    }

    /** The writer the command prints its text through: it erases the progress line before each write. */
    PrintWriter writer() {
        return writer;
    }

    boolean enabled() {
        return enabled;
    }

    /** Shows {@code text} (null: nothing for now) from now on, redrawn twice a second. */
    ProgressLine show(Supplier<String> text) {
        text(text);
        if (enabled && ticker == null) {
            ticker = Thread.ofPlatform().daemon(true).name("ws-progress").start(this::tickLoop);
        }
        return this;
    }

    /** Sets what the line says without starting the ticker (tests draw with {@link #tick}). */
    void text(Supplier<String> text) {
        this.text = text;
    }

    private void tickLoop() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                tick();
                Thread.sleep(PERIOD_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Draws the line now (the ticker calls it; tests call it directly). */
    void tick() {
        if (!enabled) {
            return;
        }
        String t;
        try {
            t = text.get();
        } catch (RuntimeException e) {
            t = null; // a progress text is never worth a failure
        }
        synchronized (lock) {
            if (!atLineStart) {
                return; // the command is in the middle of a line of its own
            }
            if (t == null) {
                erase();
                return;
            }
            String line = t.length() > MAX_CHARS ? t.substring(0, MAX_CHARS - 1) + "…" : t;
            control(ERASE);
            target.write(line);
            target.flush();
            shown = true;
        }
    }

    private void erase() {
        if (shown) {
            control(ERASE);
            shown = false;
        }
    }

    /** Our own control sequence, past the gate that escapes outside text (text before it is written out first). */
    private void control(String sequence) {
        target.flush();
        try {
            controls.write(sequence);
            controls.flush();
        } catch (IOException e) {
            // a progress line is never worth a failure; the command's own output reports a broken stream
        }
    }

    @Override
    public void close() {
        Thread t = ticker;
        if (t != null) {
            t.interrupt();
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (lock) {
            erase();
        }
    }

    /** Erases the progress line before any text passes, and notes whether the text ended its line. */
    private final class Eraser extends TextFilterWriter {
        Eraser(Writer out) {
            super(out);
        }

        @Override
        public void write(String s, int off, int len) throws IOException {
            if (len == 0) {
                return;
            }
            synchronized (lock) {
                erase();
                out.write(s, off, len);
                atLineStart = s.charAt(off + len - 1) == '\n';
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (lock) {
                out.flush();
            }
        }
    }
}
