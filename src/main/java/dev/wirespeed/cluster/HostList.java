package dev.wirespeed.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * Slurm-style host list expressions: {@code node[01-16,20]}, {@code rack[1-2]-n[1-4]},
 * {@code 10.0.0.[1-6]:5302}, lists separated by commas or white space.
 *
 * <p>Semantics follow Slurm's hostlist (src/common/hostlist.c): a bracket holds a comma list of
 * numbers and ranges; the width of a range's lower bound sets the zero padding ({@code [08-11]} →
 * 08, 09, 10, 11; {@code [8-11]} → 8, 9, 10, 11); several brackets in one name multiply out, the
 * leftmost varying slowest. Brackets do not nest. Expansion happens on the whole item, so a
 * bracket after the colon of {@code host:port} expands ports ({@code 127.0.0.1:[5401-5403]}).
 */
public final class HostList {
    /** More hosts than any cluster we aim at; stops {@code n[1-99999999]} from eating the heap. */
    public static final int MAX_HOSTS = 65_536;

    private HostList() {}

    /** Expands an expression into host names in order, duplicates kept. Throws {@link HostListException}. */
    public static List<String> expand(String expression) {
        if (expression == null || expression.isBlank()) {
            throw new HostListException("empty host list");
        }
        List<String> out = new ArrayList<>();
        for (String item : splitItems(expression)) {
            expandItem(expression, item, out);
        }
        return out;
    }

    /** Top-level items: separated by commas or white space outside brackets. */
    static List<String> splitItems(String expression) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        boolean sawSeparator = false;
        for (int i = 0; i < expression.length(); i++) {
            char c = expression.charAt(i);
            if (c == '[') {
                if (depth > 0) {
                    throw new HostListException(where(expression, i) + "brackets do not nest");
                }
                depth++;
            } else if (c == ']') {
                if (depth == 0) {
                    throw new HostListException(where(expression, i) + "']' without '['");
                }
                depth--;
            }
            boolean separator = depth == 0 && (c == ',' || Character.isWhitespace(c));
            if (separator) {
                if (c == ',' && current.isEmpty() && (items.isEmpty() || sawSeparator)) {
                    throw new HostListException(where(expression, i) + "empty host name before ','");
                }
                if (!current.isEmpty()) {
                    items.add(current.toString());
                    current.setLength(0);
                }
                sawSeparator = c == ',' || sawSeparator;
            } else {
                current.append(c);
                sawSeparator = false;
            }
        }
        if (depth > 0) {
            throw new HostListException(where(expression, expression.lastIndexOf('[')) + "'[' is never closed");
        }
        if (!current.isEmpty()) {
            items.add(current.toString());
        } else if (sawSeparator) {
            throw new HostListException("bad host list '" + expression + "': ends with ','");
        }
        return items;
    }

    private static void expandItem(String expression, String item, List<String> out) {
        List<String> partial = new ArrayList<>(List.of(""));
        int i = 0;
        while (i < item.length()) {
            int open = item.indexOf('[', i);
            String literal = open < 0 ? item.substring(i) : item.substring(i, open);
            checkLiteral(expression, literal);
            partial.replaceAll(p -> p + literal);
            if (open < 0) {
                break;
            }
            int close = item.indexOf(']', open);
            List<String> values = bracket(expression, item.substring(open + 1, close));
            if ((long) partial.size() * values.size() + out.size() > MAX_HOSTS) {
                throw tooMany(expression);
            }
            List<String> next = new ArrayList<>(partial.size() * values.size());
            for (String p : partial) {
                for (String v : values) {
                    next.add(p + v);
                }
            }
            partial = next;
            i = close + 1;
        }
        if (out.size() + partial.size() > MAX_HOSTS) {
            throw tooMany(expression);
        }
        out.addAll(partial);
    }

    /** The inside of one bracket: numbers and ranges separated by commas. */
    private static List<String> bracket(String expression, String body) {
        if (body.isEmpty()) {
            throw new HostListException("bad host list '" + expression + "': empty brackets []");
        }
        List<String> values = new ArrayList<>();
        for (String part : body.split(",", -1)) {
            if (part.isEmpty()) {
                throw new HostListException("bad host list '" + expression + "': empty element in [" + body + "]");
            }
            int dash = part.indexOf('-');
            String lowText = dash < 0 ? part : part.substring(0, dash);
            String highText = dash < 0 ? part : part.substring(dash + 1);
            long low = number(expression, lowText, body);
            long high = number(expression, highText, body);
            if (high < low) {
                throw new HostListException("bad host list '" + expression + "': range " + part
                        + " runs backwards (write " + highText + "-" + lowText + ")");
            }
            if (high - low + 1 + values.size() > MAX_HOSTS) {
                throw tooMany(expression);
            }
            int width = lowText.length() > 1 && lowText.charAt(0) == '0' ? lowText.length() : 0;
            for (long v = low; v <= high; v++) {
                values.add(pad(v, width));
            }
        }
        return values;
    }

    private static long number(String expression, String text, String body) {
        if (text.isEmpty() || text.length() > 9 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new HostListException("bad host list '" + expression + "': '" + text + "' in [" + body
                    + "] is not a number or range (e.g. [01-16,20])");
        }
        return Long.parseLong(text);
    }

    private static String pad(long value, int width) {
        String s = Long.toString(value);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    /** Host names: letters, digits, '-', '.', '_', and ':' before a port. */
    private static void checkLiteral(String expression, String literal) {
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == ':';
            if (!ok) {
                throw new HostListException("bad host list '" + expression + "': character '" + c
                        + "' is not allowed in a host name");
            }
        }
    }

    private static HostListException tooMany(String expression) {
        return new HostListException("bad host list '" + expression + "': more than " + MAX_HOSTS + " hosts");
    }

    private static String where(String expression, int index) {
        return "bad host list '" + expression + "' at position " + (index + 1) + ": ";
    }
}
