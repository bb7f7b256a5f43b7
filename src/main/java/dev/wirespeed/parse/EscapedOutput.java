package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * An output pasted as a string literal: a JSON log's {@code "output": "\nDevice #1:\n…"} (a
 * Kubernetes operator's RunCommand log), Ansible's {@code "stdout": "…"}, a Python repr, or a whole
 * paste on one line with literal {@code \n}. The literal is decoded (JSON's escapes, RFC 8259 7:
 * backslash n, t, r, quote, backslash, slash, b, f and u with four hex digits, and {@code \xXX}) into lines of their own, each numbered
 * as the pasted line it came from; what stood before and after the literal stays a line of its own.
 * A literal a paste broke over several lines (a terminal wrapped the log line) goes on while the
 * next line carries escapes too. Decoded only when the literal holds at least {@value #BREAKS}
 * escaped line breaks and more of the decoded lines start a format a parser reads than of the
 * pasted ones: code with "\n" in a printf stays as it is.
 */
final class EscapedOutput {
    private EscapedOutput() {}

    /** Escaped line breaks a literal needs: one is a message, two make an output. */
    static final int BREAKS = 2;
    /** Pasted lines one literal may run over. */
    static final int LONGEST_RUN = 400;

    static List<PasteRepair.Row> decode(List<String> pasted, ToIntFunction<List<String>> starts) {
        return decodeRows(rows(pasted), starts);
    }

    /** The pasted lines as rows, each numbered as in the paste. */
    static List<PasteRepair.Row> rows(List<String> pasted) {
        List<PasteRepair.Row> rows = new ArrayList<>(pasted.size());
        for (int i = 0; i < pasted.size(); i++) {
            rows.add(new PasteRepair.Row(i + 1, pasted.get(i), ""));
        }
        return rows;
    }

    /**
     * The same on repaired rows: a literal a mail client broke into format=flowed or wrapped lines
     * is whole again only after {@link PasteRepair} joined them, so the splitter asks twice.
     */
    static List<PasteRepair.Row> decodeRows(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts) {
        if (rows.stream().noneMatch(r -> r.text().contains("\\n"))) {
            return rows;
        }
        List<String> pasted = rows.stream().map(PasteRepair.Row::text).toList();
        int[] numbers = rows.stream().mapToInt(PasteRepair.Row::number).toArray();
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < pasted.size(); i++) {
            String line = pasted.get(i);
            if (line.indexOf("\\n") < 0 || count(line, "\\n") < BREAKS && !continues(pasted, i)) {
                out.add(rows.get(i));
                continue;
            }
            List<PasteRepair.Row> decoded = new ArrayList<>();
            int last = literal(pasted, numbers, i, decoded);
            decoded = nested(decoded, NESTING);
            List<String> texts = decoded.stream().map(PasteRepair.Row::text).toList();
            if (texts.size() > BREAKS && starts.applyAsInt(texts) > starts.applyAsInt(pasted.subList(i, last + 1))) {
                String prefix = rows.get(i).prefix();
                decoded.forEach(d -> out.add(new PasteRepair.Row(d.number(), d.text(), prefix)));
                i = last;
            } else {
                out.add(rows.get(i));
            }
        }
        return out;
    }

    /** Literals inside literals decoded: a Python repr inside a JSON log line ("u'stdout': u'fio: …\\nfio-3.12\\n…'"). */
    static final int NESTING = 3;

    /** Each row that still holds escaped breaks after one decoding decoded again, {@code depth} times at most. */
    private static List<PasteRepair.Row> nested(List<PasteRepair.Row> rows, int depth) {
        if (depth == 0 || rows.stream().noneMatch(r -> count(r.text(), "\\n") >= BREAKS)) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>();
        for (PasteRepair.Row r : rows) {
            if (count(r.text(), "\\n") < BREAKS) {
                out.add(r);
                continue;
            }
            List<PasteRepair.Row> inner = new ArrayList<>();
            literal(List.of(r.text()), new int[] {r.number()}, 0, inner);
            inner.forEach(x -> out.add(new PasteRepair.Row(r.number(), x.text(), "")));
        }
        return nested(out, depth - 1);
    }

    /** The line opens a literal whose escaped breaks go on over the next line (the paste wrapped it). */
    private static boolean continues(List<String> pasted, int i) {
        return i + 1 < pasted.size() && pasted.get(i + 1).contains("\\n") && open(pasted.get(i)) >= 0;
    }

    /**
     * Decodes the literal that starts on line {@code first} into rows; returns the last pasted line it
     * used. Text before the opening quote and after the closing one stays as rows of its own.
     */
    private static int literal(List<String> pasted, int[] numbers, int first, List<PasteRepair.Row> rows) {
        String line = pasted.get(first);
        int open = open(line);
        char quote = open >= 0 ? line.charAt(open) : 0;
        if (open > 0 && !line.substring(0, open).isBlank()) {
            rows.add(new PasteRepair.Row(numbers[first], line.substring(0, open), ""));
        }
        StringBuilder current = new StringBuilder();
        int currentNumber = numbers[first];
        int i = first;
        int at = open + 1; // open is -1 without a quote: the whole line is the output
        while (true) {
            String l = pasted.get(i);
            while (at < l.length()) {
                char c = l.charAt(at);
                if (quote != 0 && c == quote) {
                    rows.add(new PasteRepair.Row(currentNumber, current.toString(), ""));
                    String rest = l.substring(at + 1);
                    if (!rest.isBlank()) {
                        rows.add(new PasteRepair.Row(numbers[i], rest, ""));
                    }
                    return i;
                }
                if (c != '\\' || at + 1 >= l.length()) {
                    current.append(c);
                    at++;
                    continue;
                }
                char e = l.charAt(at + 1);
                at += 2;
                switch (e) {
                    case 'n', 'r' -> {
                        if (e == 'n' || at + 1 >= l.length() || l.charAt(at) != '\\' || l.charAt(at + 1) != 'n') {
                            rows.add(new PasteRepair.Row(currentNumber, current.toString(), ""));
                            current.setLength(0);
                            currentNumber = numbers[i];
                        }
                    }
                    case 't' -> current.append('\t');
                    case 'b' -> {
                        if (!current.isEmpty()) {
                            current.setLength(current.length() - 1);
                        }
                    }
                    case 'f' -> {}
                    case 'u', 'x' -> {
                        int digits = e == 'u' ? 4 : 2;
                        int code = at + digits <= l.length() ? hex(l.substring(at, at + digits)) : -1;
                        if (code < 0) {
                            current.append('\\').append(e);
                        } else {
                            current.append((char) code);
                            at += digits;
                        }
                    }
                    default -> current.append(e); // \" \\ \/ \'
                }
            }
            // the literal did not close on this line: a paste that wrapped it goes on with escapes on the next
            // (without a quote: when the line stopped inside an output line, "…ENABLED(" then "0) …")
            if (quote == 0 && l.endsWith("\\n") || i + 1 >= pasted.size() || i + 1 - first >= LONGEST_RUN
                    || !pasted.get(i + 1).contains("\\n")) {
                if (!current.isEmpty()) {
                    rows.add(new PasteRepair.Row(currentNumber, current.toString(), ""));
                }
                return i;
            }
            i++;
            at = 0;
        }
    }

    /** The quote that opens the first literal holding an escaped line break, or -1 when there is none. */
    private static int open(String line) {
        int nl = line.indexOf("\\n");
        int best = -1;
        for (int k = 0; k < nl; k++) {
            char c = line.charAt(k);
            if ((c == '"' || c == '\'') && (k == 0 || line.charAt(k - 1) != '\\')) {
                int close = closing(line, k);
                if (close < 0 || close > nl) {
                    return k; // the first literal still open where the first break is
                }
                k = close;
            }
        }
        return best;
    }

    /** Index of the quote closing the literal opened at {@code open}, or -1 when the line ends first. */
    static int closing(String line, int open) {
        char q = line.charAt(open);
        for (int k = open + 1; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == q) {
                return k;
            }
        }
        return -1;
    }

    private static int hex(String s) {
        try {
            return Integer.parseInt(s, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int k = s.indexOf(what); k >= 0; k = s.indexOf(what, k + what.length())) {
            n++;
        }
        return n;
    }
}
