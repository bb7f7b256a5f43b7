package dev.wirespeed.guard;

/**
 * The one sanitizer for text that came from outside (a peer's hello, iperf3 parameters, an agent's
 * message, a pasted line) before it reaches a log or a terminal: control characters are shown
 * escaped ({@code \x1b}, {@code \r}, {@code \n}, {@code \t}), so a peer cannot move the cursor,
 * rewrite a log line or forge a new one. Long text is cut with a marker that says how much was left
 * out.
 */
public final class Printable {
    /** Longest peer string a log line carries. */
    public static final int MAX_LOG_CHARS = 200;

    private Printable() {}

    /** {@code s} with control characters escaped, cut at {@link #MAX_LOG_CHARS}; "(null)" for null. */
    public static String of(String s) {
        return of(s, MAX_LOG_CHARS);
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
                case '\\' -> b.append("\\\\");
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
}
