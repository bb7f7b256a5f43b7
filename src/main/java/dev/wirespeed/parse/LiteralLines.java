package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;

/**
 * An output kept in code as string literals, one or more a line: a Python list or "\n".join([…]) of its lines, a
 * Java {@code String[]} or Kotlin {@code arrayOf(…)}, Ansible's {@code "msg": [ … ]}, adjacent literals in
 * parentheses or continued after a trailing backslash ({@code "…\n" \}), a Go or Java concatenation ({@code "…\n" +}),
 * a builder's {@code .append("…\n")}, C's {@code print_str("\t…\n");} (parse/*&#47;README, round 17). A run of two or
 * more lines that hold only literals, with code before the first (ending in "(", "{", "[", "=" or ",") and after the
 * last (",", "+", ";", ")", "]", "}" or a backslash), becomes what the literals hold: each literal a line when none
 * holds an escaped line break, else the literals joined and decoded (JSON's escapes, as {@link EscapedOutput} does;
 * "\\n" written twice over is decoded twice). Each decoded line keeps the number of the pasted line its text began on.
 * Undone only when more of the decoded lines start a format a parser reads than of the pasted ones, so a tool's own
 * line with quotes (ibstat's {@code CA 'mlx5_0'}, a kernel line naming a "file") stays as printed.
 */
final class LiteralLines {
    private LiteralLines() {}

    /** The fewest lines a run holds: one line of literals is {@link EscapedOutput}'s to read. */
    static final int RUN = 2;
    /** Code before the first literal: a call, an assignment, an initialiser's opening, or an element before it. */
    private static final Pattern BEFORE = Pattern.compile("\\s*(?:[^\"'`]{0,80}[(\\[{=,])?\\s*");
    /** Code after the last literal: a separator, a concatenation, a continuation, a closing; a comment after them. */
    private static final Pattern AFTER = Pattern.compile("[\\s,+;)\\]}\\\\]*(?:(?://|#)\\s.*)?");
    /** Between two literals on one line: blanks, a comma or a plus. */
    private static final Pattern BETWEEN = Pattern.compile("\\s*[,+]?\\s*");

    static List<PasteRepair.Row> undo(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            List<Literal> first = literals(rows.get(i).text());
            int end = i;
            List<List<Literal>> run = new ArrayList<>();
            if (first != null) {
                run.add(first);
                for (List<Literal> next; end + 1 < rows.size() && (next = literals(rows.get(end + 1).text())) != null; end++) {
                    run.add(next);
                }
            }
            List<PasteRepair.Row> decoded = run.size() >= RUN ? decode(rows.subList(i, end + 1), run) : null;
            if (decoded != null && starts.applyAsInt(texts(decoded)) > starts.applyAsInt(texts(rows.subList(i, end + 1)))) {
                if (out == null) {
                    out = new ArrayList<>(rows.subList(0, i));
                }
                out.addAll(decoded);
                i = end;
            } else if (out != null) {
                out.add(rows.get(i));
            }
        }
        return out == null ? rows : out;
    }

    /** One literal's text as written (escapes kept) and the quote it was written in. */
    private record Literal(String text, char quote) {}

    /** The literals a line holds when it holds nothing else but code around them; else null. */
    private static List<Literal> literals(String line) {
        int q = firstQuote(line);
        if (q < 0 || !BEFORE.matcher(line.substring(0, q)).matches()) {
            return null;
        }
        List<Literal> found = new ArrayList<>();
        int at = q;
        while (true) {
            char quote = line.charAt(at);
            int close = EscapedOutput.closing(line, at);
            if (close < 0) {
                return null;
            }
            found.add(new Literal(line.substring(at + 1, close), quote));
            int next = firstQuote(line, close + 1);
            if (next < 0) {
                String after = line.substring(close + 1);
                return AFTER.matcher(after).matches() && !whole(found, after) ? found : null;
            }
            if (!BETWEEN.matcher(line.substring(close + 1, next)).matches()) {
                return null;
            }
            at = next;
        }
    }

    /**
     * A value of its own: a call or statement closed after literals that hold an output on their own ("return
     * Result(\"driver: mlx5_core\nbus-info: …\n\")" over the next line's "return Result(\"Speed: …\n…\")", two outputs
     * of two tools), left to {@link EscapedOutput}, which decodes each alone.
     */
    private static boolean whole(List<Literal> found, String after) {
        int breaks = 0;
        for (Literal l : found) {
            for (int k = l.text().indexOf("\\n"); k >= 0; k = l.text().indexOf("\\n", k + 2)) {
                breaks++;
            }
        }
        return breaks >= EscapedOutput.BREAKS && (after.indexOf(')') >= 0 || after.indexOf(';') >= 0);
    }

    private static int firstQuote(String line) {
        return firstQuote(line, 0);
    }

    private static int firstQuote(String line, int from) {
        for (int k = from; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '"' || c == '\'') {
                return k;
            }
        }
        return -1;
    }


    /** The run's literals as the lines they hold, or null when they hold nothing. */
    private static List<PasteRepair.Row> decode(List<PasteRepair.Row> pasted, List<List<Literal>> run) {
        boolean breaks = run.stream().flatMap(List::stream).anyMatch(l -> l.text().contains("\\n"));
        List<PasteRepair.Row> out = new ArrayList<>();
        if (!breaks) { // a list of lines: each literal one
            for (int k = 0; k < run.size(); k++) {
                boolean first = true;
                for (Literal l : run.get(k)) {
                    PasteRepair.Row p = pasted.get(k);
                    out.add(new PasteRepair.Row(p.number(), unescape(l.text()), p.prefix(), first && p.elidedBefore()));
                    first = false;
                }
            }
            return out;
        }
        StringBuilder line = new StringBuilder();
        int number = pasted.get(0).number();
        boolean twice = run.stream().flatMap(List::stream).allMatch(l -> !l.text().contains("\\n") || l.text().contains("\\\\n"));
        for (int k = 0; k < run.size(); k++) {
            for (Literal l : run.get(k)) {
                String text = unescape(l.text());
                if (twice) {
                    text = unescape(text);
                }
                if (line.isEmpty()) {
                    number = pasted.get(k).number();
                }
                for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n')) {
                    line.append(text, 0, nl);
                    out.add(new PasteRepair.Row(number, line.toString(), pasted.get(k).prefix()));
                    line.setLength(0);
                    number = pasted.get(k).number();
                    text = text.substring(nl + 1);
                }
                line.append(text);
            }
        }
        if (!line.isEmpty()) {
            out.add(new PasteRepair.Row(number, line.toString(), pasted.get(pasted.size() - 1).prefix()));
        }
        return out.isEmpty() ? null : out;
    }

    /** A literal's escapes decoded (JSON's, RFC 8259 7, and C's \xXX, \' and \r): a line break as a real one. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c != '\\' || k + 1 >= s.length()) {
                out.append(c);
                continue;
            }
            char e = s.charAt(++k);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r', 'f', 'b' -> {} // a CR before the break, a form feed: nothing a reader sees
                case 'u', 'x' -> {
                    int digits = e == 'u' ? 4 : 2;
                    int code = k + digits < s.length() ? hex(s.substring(k + 1, k + 1 + digits)) : -1;
                    if (code < 0) {
                        out.append('\\').append(e);
                    } else {
                        out.append((char) code);
                        k += digits;
                    }
                }
                default -> out.append(e); // \" \' \\ \/
            }
        }
        return out.toString();
    }

    private static int hex(String s) {
        for (int k = 0; k < s.length(); k++) {
            if (Character.digit(s.charAt(k), 16) < 0) {
                return -1;
            }
        }
        return Integer.parseInt(s, 16);
    }

    private static List<String> texts(List<PasteRepair.Row> rows) {
        return rows.stream().map(PasteRepair.Row::text).toList();
    }
}
