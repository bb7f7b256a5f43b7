package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * BBCode markup a forum post kept around a pasted output ("[PHP]Settings for eth0:", "[/B]Settings for eth0:",
 * "[COLOR="#FF0000"]Link detected: no[/COLOR]", a closing "[/PHP]" on a line of its own; Ubuntu Forums archives in
 * parse/host README). The tag is glued to the tool's line, so the head ("Settings for eth0:") or a field no longer
 * starts the line and its reader passes it by. A tag at the start of a line (after its indentation) goes into the row's prefix, one at its end
 * goes; a line that was only tags becomes blank (the end of the block it closed). Only the formatting tags of
 * vBulletin/phpBB (code, php, html, quote, noparse, b, i, u, s, color, font, size, highlight) and only in a paste that
 * closes one of them somewhere ("[/code]"): no tool here prints a closing tag, and iperf's "[SUM]" or ethtool's
 * "[ TP ]" are not these names.
 */
final class ForumTags {
    private static final String NAMES = "(?:code|php|html|quote|noparse|b|i|u|s|color|font|size|highlight)";
    /** One tag, opening ("[B]", "[COLOR="#FF0000"]", "[QUOTE=ingrid]") or closing ("[/B]"). */
    private static final String TAG = "\\[/?" + NAMES + "(?:=[^\\]\\n]{0,40})?]";
    private static final Pattern CLOSING = Pattern.compile("(?i)\\[/" + NAMES + "]");
    private static final Pattern LEADING = Pattern.compile("(?i)^(\\s*)((?:" + TAG + ")+)");
    private static final Pattern TRAILING = Pattern.compile("(?i)(?:" + TAG + ")+\\s*$");

    private ForumTags() {
    }

    /**
     * HTML formatting a page's source kept around or inside a pasted output (issue 31, mutate17): "&lt;pre&gt;" glued to
     * the first line and "&lt;/pre&gt;" to the last (a WordPress export), "&lt;code&gt;", "&lt;font color=red&gt;Active&lt;/font&gt;" around a
     * value (heldout12's ibstatus blockquote, described in docs/EXPLAIN.md), "&lt;b&gt;…&lt;/b&gt;". None of the tools read prints one of these names between '&lt;' and '&gt;' (the kernel's
     * "&lt;6&gt;", lspci's "&lt;4us", NCCL's "eth0:10.0.0.1&lt;0&gt;" are no tag names), and only in a paste that closes one.
     */
    private static final String HTML_NAMES = "(?:pre|code|tt|samp|kbd|b|strong|i|em|u|font|span|div|p|blockquote)";
    private static final Pattern HTML_TAG = Pattern.compile("(?i)</?" + HTML_NAMES + "(?:\\s[^<>\\n]{0,120})?\\s*/?>");
    private static final Pattern HTML_CLOSING = Pattern.compile("(?i)</" + HTML_NAMES + "\\s*>");
    private static final Pattern HTML_LEADING = Pattern.compile("(?i)^(\\s*)((?:</?" + HTML_NAMES + "(?:\\s[^<>\\n]{0,120})?\\s*/?>)+)");

    /** The rows without BBCode tags at their ends and HTML formatting tags anywhere, each where the paste closes one. */
    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> html = strip(rows, "</", HTML_CLOSING, HTML_LEADING, text -> HTML_TAG.matcher(text).replaceAll(""));
        return strip(html, "[/", CLOSING, LEADING, text -> {
            Matcher trail = TRAILING.matcher(text);
            return trail.find() ? text.substring(0, trail.start()).stripTrailing() : text;
        });
    }

    /**
     * The rows with the tags a leading pattern finds at a line's start moved into its prefix and the rest taken out
     * by {@code rest}, when some row holds a closing tag (its cheap mark first); else the rows.
     */
    private static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows, String closingMark, Pattern closing, Pattern leading,
            UnaryOperator<String> rest) {
        if (rows.stream().noneMatch(r -> r.text().contains(closingMark) && closing.matcher(r.text()).find())) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (PasteRepair.Row r : rows) {
            String text = r.text();
            String prefix = r.prefix();
            Matcher lead = leading.matcher(text);
            if (lead.find()) {
                prefix = prefix + lead.group(2);
                text = lead.group(1) + text.substring(lead.end()); // the indentation stays the line's
            }
            text = rest.apply(text);
            out.add(text.equals(r.text()) ? r : new PasteRepair.Row(r.number(), text.isBlank() ? "" : text, prefix, r.elidedBefore()));
        }
        return out;
    }
}
