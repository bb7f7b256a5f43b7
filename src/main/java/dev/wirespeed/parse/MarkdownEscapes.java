package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Backslash escapes a Markdown writer put before punctuation in text that is no code block: pandoc's and other
 * converters' "\[root@node24 \~\]# ibstat", "rx\_crc\_errors: 0", "\$ ethtool -S eth0 \| grep", "CA \'mlx4_0\'",
 * "\-\-\-\-\--" (parse/ib, parse/host README rows of round 15). CommonMark (spec 0.31, "Backslash escapes"): a
 * backslash before any ASCII punctuation stands for that character, "\\" for one backslash. Undone only in a paste
 * that shows at least {@link #MIN_SIGNS} escapes no tool prints and a shell rarely types (an escaped underscore
 * inside a word, an escaped bracket, hash, asterisk, tilde or quote, escaped hyphens in a row), and never inside a
 * fenced block (its text is literal: there a backslash is the tool's or the shell's own, a grep's "a\|b", a
 * Windows "C:\>"). In a Markdown table's row an escaped "|" is a cell's pipe and stays escaped. A backslash that ends a
 * line is a hard line break and goes.
 */
final class MarkdownEscapes {
    /** One escape: a backslash and the ASCII punctuation character it stands for. */
    private static final Pattern ESCAPE = Pattern.compile("\\\\([!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~])");
    /** The same without "|" (a table row's cell pipe). */
    private static final Pattern ESCAPE_IN_ROW = Pattern.compile("\\\\([!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{}~])");
    /**
     * An escape only a Markdown writer makes: "\_" between letters or digits ("open\_conf"), "\[", "\]", "\#", "\*",
     * "\~", "\'", two escaped hyphens in a row. A shell line has "\*" or "\[" once in a while ("find -name \*.txt"),
     * hence more than one is wanted.
     */
    private static final Pattern SIGN = Pattern.compile("(?<=\\p{Alnum})\\\\_(?=\\p{Alnum})|\\\\[\\[\\]#*~']|\\\\-\\\\-");
    /** The fewest such escapes in a paste for it to be read as escaped. */
    static final int MIN_SIGNS = 2;
    /** A fence's line, after any quote marks and indentation: three or more backticks or tildes. */
    private static final Pattern FENCE = Pattern.compile("[\\s>]*(?:```|~~~).*");

    private MarkdownEscapes() {
    }

    static List<PasteRepair.Row> undo(List<PasteRepair.Row> rows) {
        if (signs(rows) < MIN_SIGNS) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        boolean fenced = false;
        for (PasteRepair.Row r : rows) {
            String t = r.text();
            if (FENCE.matcher(t).matches()) {
                fenced = !fenced;
                out.add(r);
            } else if (fenced || t.indexOf('\\') < 0) {
                out.add(r);
            } else {
                Pattern escape = tableRow(t) ? ESCAPE_IN_ROW : ESCAPE;
                String broken = hardBreak(t) ? t.substring(0, t.length() - 1) : t;
                out.add(new PasteRepair.Row(r.number(), escape.matcher(broken).replaceAll(m -> Matcher.quoteReplacement(m.group(1))),
                        r.prefix(), r.elidedBefore()));
            }
        }
        return out;
    }

    /** How many escapes only a Markdown writer makes are outside fenced blocks. */
    private static int signs(List<PasteRepair.Row> rows) {
        int signs = 0;
        boolean fenced = false;
        for (PasteRepair.Row r : rows) {
            String t = r.text();
            if (FENCE.matcher(t).matches()) {
                fenced = !fenced;
            } else if (!fenced && t.indexOf('\\') >= 0) {
                Matcher m = SIGN.matcher(t);
                while (m.find()) {
                    if (++signs >= MIN_SIGNS) {
                        return signs;
                    }
                }
            }
        }
        return signs;
    }

    /**
     * CommonMark's hard line break: a backslash that ends the line ("io: \[ 3\] 0.0-60.9 sec … 241 Kbits/sec\" in a wiki
     * converted by pandoc). In an escaped paste a shell's continuation backslash would have been written "\\\\".
     */
    private static boolean hardBreak(String t) {
        int n = 0;
        for (int i = t.length() - 1; i >= 0 && t.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    /** A Markdown table's row: between pipes at both ends (quote marks and indentation before it). */
    private static boolean tableRow(String t) {
        String s = t.strip();
        while (s.startsWith(">")) {
            s = s.substring(1).strip();
        }
        return s.length() > 1 && s.startsWith("|") && s.endsWith("|");
    }
}
