package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
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

    /** The rows without the BBCode tags at their ends, when the paste closes a tag somewhere; else the rows. */
    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows) {
        if (rows.stream().noneMatch(r -> r.text().indexOf("[/") >= 0 && CLOSING.matcher(r.text()).find())) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (PasteRepair.Row r : rows) {
            String text = r.text();
            String prefix = r.prefix();
            Matcher lead = LEADING.matcher(text);
            if (lead.find()) {
                prefix = prefix + lead.group(2);
                text = lead.group(1) + text.substring(lead.end()); // the indentation stays the line's
            }
            Matcher trail = TRAILING.matcher(text);
            if (trail.find()) {
                text = text.substring(0, trail.start()).stripTrailing();
            }
            out.add(text.equals(r.text()) ? r : new PasteRepair.Row(r.number(), text, prefix, r.elidedBefore()));
        }
        return out;
    }
}
