package dev.wirespeed.guard;

/**
 * The one sanitizer for text that came from outside (a peer's hello, iperf3 parameters, an agent's
 * message, a pasted line) before it reaches a log or a terminal: control characters are shown
 * escaped ({@code \x1b}, {@code \r}, {@code \n}, {@code \t}), so a peer cannot move the cursor,
 * rewrite a log line or forge a new one. Long text is cut with a marker that says how much was left
 * out. Backslashes stay as they are, so sanitizing twice (a component's log, then the server's
 * sink) changes nothing: the output has no control character left.
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

    /** {@code s} with control characters escaped, cut at {@code maxChars} characters of input. */
    public static String of(String s, int maxChars) {
        if (s == null) {
            return "(null)";
        }
        int n = Math.min(s.length(), maxChars);
        StringBuilder b = new StringBuilder(n + 16);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\r' -> b.append("\\r");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    // C0, DEL, C1 (0x80-0x9f: CSI is 0x9b) and the bidirectional overrides that reorder what a terminal shows
                    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) {
                        b.append(c <= 0xff ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        if (s.length() > n) {
            b.append("…[").append(s.length() - n).append(" more characters]");
        }
        return b.toString();
    }

    /**
     * A writer for reports made of peers' words (a mesh's hosts and errors): line feeds pass,
     * every other control character is written escaped as {@link #of(String)} does.
     */
    public static java.io.PrintWriter terminal(java.io.Writer out) {
        return new java.io.PrintWriter(new java.io.FilterWriter(out) {
            @Override
            public void write(int c) throws java.io.IOException {
                if (c == '\n') {
                    out.write(c);
                } else {
                    out.write(of(String.valueOf((char) c), 1));
                }
            }

            @Override
            public void write(char[] buf, int off, int len) throws java.io.IOException {
                write(new String(buf, off, len), 0, len);
            }

            @Override
            public void write(String str, int off, int len) throws java.io.IOException {
                String s = str.substring(off, off + len);
                int from = 0;
                for (int nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
                    out.write(of(s.substring(from, nl), Integer.MAX_VALUE));
                    out.write('\n');
                    from = nl + 1;
                }
                out.write(of(s.substring(from), Integer.MAX_VALUE));
            }
        }, true);
    }
}
