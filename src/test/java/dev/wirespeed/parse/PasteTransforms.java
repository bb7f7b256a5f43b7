package dev.wirespeed.parse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Paste shapes (issue 31, mutate17): what a writer, a page, a mail or a launcher does to an output on its
 * way to a user's paste, each applied to the whole fixture text. Each shape is one the held-out sets showed
 * (docs/EXPLAIN.md "Held-out set, round 11/13/15/16") or a real sample under src/test/resources/parse shows.
 * The last two (code17's string literals, wrap17's hard wraps) are measured here, fixed elsewhere.
 */
final class PasteTransforms {
    private PasteTransforms() {}

    static final Map<String, UnaryOperator<String>> ALL = new LinkedHashMap<>();
    static {
        // heldout12: a fio report indented with tabs under a prompt; Markdown's indented code block (4 blanks)
        ALL.put("indent-tab", t -> each(t, i -> "\t"));
        ALL.put("indent-4", t -> each(t, i -> "    "));
        // heldout12: ibv_devinfo indented with no-break spaces; Open MPI users pages as rendered text, their
        // indentation no-break spaces (the output's own leading blanks too)
        ALL.put("indent-nbsp", PasteTransforms::nbspIndent);
        // mail quote marks, once and twice (heldout12: ibstatus as a blockquote)
        ALL.put("quote", t -> each(t, i -> "> "));
        ALL.put("quote-2", t -> each(t, i -> "> > "));
        ALL.put("crlf", t -> t.replace("\n", "\r\n"));
        // heldout12: an empty '>' line between lines; a page's double spacing
        ALL.put("double-spaced", t -> t.replace("\n", "\n\n"));
        ALL.put("trailing-blanks", t -> t.replace("\n", "   \n"));
        // a shell prompt and the command that printed a saved file before the block
        ALL.put("prompt-before", t -> "[root@node01 ~]# cat /tmp/run.log\n" + t);
        // heldout12: the NCCL version line under mpirun's '[1,0]<stdout>:' (mpirun --tag-output); pdsh's host
        ALL.put("mpirun-tag", t -> each(t, i -> "[1,0]<stdout>:"));
        ALL.put("host-prefix", t -> each(t, i -> "node01: "));
        // a fenced block inside a numbered list item: the fence and every line indented three blanks
        ALL.put("fence-in-list", t -> "1. Run it:\n\n   ```\n" + each(t.stripTrailing(), i -> "   ") + "   ```\n");
        // heldout12: an author's note after a value ('← LINK DOWN!', '<---驱动'); heldout12's fio '# …' notes
        ALL.put("note-arrow", t -> noted(t, "   <-- this one"));
        ALL.put("note-hash", t -> noted(t, "  # note"));
        // heldout12: a whole ibstat in one Markdown table cell joined by '<br>'; a README's '<br>' at each line's end
        ALL.put("html-br-joined", t -> t.stripTrailing().replace("\n", "<br>") + "\n");
        ALL.put("html-br-lines", t -> t.replace("\n", "<br>\n"));
        // a page's source copied: '<pre>' around, '&nbsp;' for each blank, '&gt;'/'&lt;'/'&amp;' escaped
        ALL.put("html-pre", t -> "<pre>" + t.stripTrailing() + "</pre>\n");
        ALL.put("html-entities", PasteTransforms::htmlEscaped);
        // heldout12: AER lines inside forum '[HTML]' tags; phpBB's [code] glued to the first and last line
        ALL.put("bbcode", t -> "[code]" + t.stripTrailing() + "[/code]\n");
        // a Markdown table wrapping an output, a cell per line (docs/EXPLAIN.md "Not read yet")
        ALL.put("md-table-cell", t -> "| output |\n|---|\n" + each(t.stripTrailing(), i -> "| ").replace("\n", " |\n"));
        // measured only (code17): each line a Python string in a list; (wrap17): a hard wrap at 80 columns
        ALL.put("code-strings", PasteTransforms::pythonStrings);
        ALL.put("wrap-80", t -> PasteArtefactsTest.wrap(t, 80));
    }

    static String each(String t, IntFunction<String> prefix) {
        return PasteArtefactsTest.prefixed(t, prefix);
    }

    private static String nbspIndent(String t) {
        StringBuilder out = new StringBuilder();
        for (String l : PasteArtefactsTest.expandTabs(t).split("\n", -1)) {
            int lead = l.length() - l.stripLeading().length();
            out.append("\u00A0\u00A0").append("\u00A0".repeat(lead)).append(l.substring(lead)).append('\n');
        }
        return out.toString();
    }

    /** The note after every fourth line that holds a digit (a value), from the second such line. */
    private static String noted(String t, String note) {
        StringBuilder out = new StringBuilder();
        int values = 0;
        for (String l : t.split("\n", -1)) {
            out.append(l);
            if (l.chars().anyMatch(Character::isDigit) && values++ % 4 == 1) {
                out.append(note);
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String htmlEscaped(String t) {
        String escaped = t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        StringBuilder out = new StringBuilder();
        for (String l : escaped.split("\n", -1)) {
            int lead = l.length() - l.stripLeading().length();
            out.append("&nbsp;".repeat(lead)).append(l.substring(lead)).append('\n');
        }
        return out.toString();
    }

    private static String pythonStrings(String t) {
        StringBuilder out = new StringBuilder("OUTPUT = [\n");
        for (String l : t.stripTrailing().split("\n", -1)) {
            out.append("    \"").append(l.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t")).append("\",\n");
        }
        return out.append("]\n").toString();
    }
}
