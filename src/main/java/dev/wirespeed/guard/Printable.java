package dev.wirespeed.guard;

import dev.wirespeed.io.TextFilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * The one sanitizer for text that came from outside (a peer's hello, iperf3 parameters, an agent's
 * message, a pasted line, a stored result) before it reaches a log, a terminal or a file: control
 * characters are shown escaped, so a peer cannot move the cursor, set the title, write the
 * clipboard (OSC 52), rewrite a log line or forge a new one. C0 characters appear as {@code \x1b},
 * {@code \r}, {@code \n}, {@code \t}; DEL, C1 and the bidirectional controls as {@code \u009b},
 * {@code \u202e} — which is also JSON's escape, so a JSON document passing through
 * {@link #terminal(Writer)} stays valid and means the same. Long text is cut with a marker that
 * says how much was left out. Backslashes stay as they are, so sanitizing twice (a component's
 * log, then the server's sink) changes nothing: the output has no control character left.
 */
public final class Printable {
    /** Longest peer string a log line carries. */
    public static final int MAX_LOG_CHARS = 200;

    private Printable() {}

    /** {@code s} with control characters escaped, cut at {@link #MAX_LOG_CHARS}; "(null)" for null. */
    public static String of(String s) {
        return of(s, MAX_LOG_CHARS);
    }

    /** A whole log or terminal line: escaped like {@link #of(String)}, cut only past 4000 characters. */
    public static String line(String s) {
        return of(s, 4000);
    }

    /** {@code s} escaped like {@link #of(String)} but never cut (a value inside a longer text). */
    public static String whole(String s) {
        return s == null ? null : of(s, Integer.MAX_VALUE);
    }

    /** {@code s} with control characters escaped, cut at {@code maxChars} characters of input. */
    public static String of(String s, int maxChars) {
        if (s == null) {
            return "(null)";
        }
        int n = Math.min(s.length(), maxChars);
        int first = 0;
        while (first < n && !unsafe(s.charAt(first))) {
            first++;
        }
        if (first == s.length()) {
            return s; // the common case: nothing to escape, nothing to cut
        }
        StringBuilder b = new StringBuilder(n + 16).append(s, 0, first);
        for (int i = first; i < n; i++) {
            char c = s.charAt(i);
            if (unsafe(c)) {
                b.append(escape(c));
            } else {
                b.append(c);
            }
        }
        if (s.length() > n) {
            b.append("…[").append(s.length() - n).append(" more characters]");
        }
        return b.toString();
    }

    /**
     * C0, DEL, C1 (0x80-0x9f: CSI is 0x9b) and the bidirectional controls that reorder what a
     * terminal shows (U+061C, U+200E/F, U+202A-E, U+2066-9, Unicode's Bidi_Control property).
     */
    public static boolean unsafe(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }

    static String escape(char c) {
        return switch (c) {
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            default -> c < 0x20 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c);
        };
    }

    /**
     * The choke point every terminal and output file of the CLI writes through (standard output and
     * error, {@code -o}, {@code --logfile}, {@code --html}): line feeds and tabs pass, a carriage
     * return only right before a line feed (CSV's CRLF), every other unsafe character is written
     * escaped as {@link #of(String)} does. What our own code prints has none, so this changes only
     * what came from outside. A line feed inside a peer's word still has to be escaped where that
     * word is formatted ({@link #of(String)}): the writer cannot tell it from our own.
     */
    public static PrintWriter terminal(Writer out) {
        return terminal(out, true);
    }

    /** As {@link #terminal(Writer)}; {@code autoFlush} false for a file written at once. */
    public static PrintWriter terminal(Writer out, boolean autoFlush) {
        if (out instanceof GatedWriter p) {
            return p; // already behind the gate
        }
        return new GatedWriter(new Gate(out), autoFlush);
    }

    /**
     * The writer beneath {@code w}'s gate, for the control sequences wirespeed draws itself (the
     * progress line's carriage return and erase-in-line, which the gate would show escaped); {@code w}
     * itself when it is not gated. Never for text: text goes through {@code w}.
     */
    public static Writer ownControls(PrintWriter w) {
        return w instanceof GatedWriter g ? g.beneath() : w;
    }

    /** A PrintWriter known to write through a {@link Gate}, so gating twice is a no-op. */
    private static final class GatedWriter extends PrintWriter {
        GatedWriter(Gate gate, boolean autoFlush) {
            super(gate, autoFlush);
        }

        Writer beneath() {
            return ((Gate) out).out;
        }
    }

    /** The filter itself; a CR is held until the next character says whether a LF follows it. */
    static final class Gate extends TextFilterWriter {
        private final Writer out;
        private boolean pendingCr;

        Gate(Writer out) {
            super(out);
            this.out = out;
        }

        @Override
        public void write(String s, int off, int len) throws IOException {
            synchronized (lock) {
                int end = off + len;
                int from = off;
                for (int i = off; i < end; i++) {
                    char c = s.charAt(i);
                    if (!unsafe(c) && !pendingCr) {
                        continue;
                    }
                    out.write(s, from, i - from);
                    from = i + 1;
                    if (pendingCr) {
                        pendingCr = false;
                        out.write(c == '\n' ? "\r" : "\\r");
                    }
                    if (c == '\n' || c == '\t') {
                        out.write(c);
                    } else if (c == '\r') {
                        pendingCr = true;
                    } else if (unsafe(c)) {
                        out.write(escape(c));
                    } else {
                        out.write(c);
                    }
                }
                out.write(s, from, end - from);
            }
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            synchronized (lock) {
                if (pendingCr) {
                    pendingCr = false;
                    out.write("\\r");
                }
            }
            out.close();
        }
    }
}
