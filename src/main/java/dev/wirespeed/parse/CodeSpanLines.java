package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pasted lines a page set in inline code, each on its own: Markdown's "`…`" or a reStructuredText role around it
 * (":mark:`# Avg bus bandwidth : 102.138`" in a converted validation guide, parse/nccl README). A converter that
 * wraps its text at ~72 columns breaks a long span over two lines ("…AMD" / "Instinct MI300X`"), and one that ran
 * out of room splits a row into several spans (":mark:`…47594 180.48` :mark:`315.84` :mark:`0`"). A line that is
 * nothing but such spans becomes what they hold, a span left open is closed by the next line or two first (joined
 * with a blank, as the wrap took one). None of the tools read prints a backtick, and a fence ("```") is no span.
 * Only where three or more lines are so set, so one command in a page's prose ("`ibstat`") stays for the
 * splitter's own inline-code reading.
 */
final class CodeSpanLines {
    /** One span: an optional role (":mark:", ":code:"), a backtick, text without one, a backtick. */
    private static final String SPAN = "(?::[\\w-]+:)?`([^`]+)`";
    private static final Pattern ONLY_SPANS = Pattern.compile("\\s*" + SPAN + "(?:\\s+" + SPAN + ")*\\s*");
    private static final Pattern ONE_SPAN = Pattern.compile(SPAN);
    /** A line that opens a span: the role or backtick at its start, no fence. */
    private static final Pattern OPENS = Pattern.compile("\\s*(?::[\\w-]+:)?`(?!`).*");
    /** The most lines a span is looked for a close on after the one that opened it. */
    private static final int WRAPPED_LINES = 2;
    /** The fewest lines set in spans for a paste to be read as one (below it, a command in prose). */
    private static final int RUN = 3;

    private CodeSpanLines() {
    }

    static List<PasteRepair.Row> unwrap(List<PasteRepair.Row> rows) {
        int spans = 0;
        for (PasteRepair.Row r : rows) {
            if (r.text().indexOf('`') >= 0 && OPENS.matcher(r.text()).matches()) {
                spans++;
            }
        }
        if (spans < RUN) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row r = rows.get(i);
            if (r.text().indexOf('`') < 0 || !OPENS.matcher(r.text()).matches()) {
                out.add(r);
                continue;
            }
            StringBuilder text = new StringBuilder(r.text().strip());
            int end = i;
            while (ticks(text) % 2 == 1 && end + 1 < rows.size() && end - i < WRAPPED_LINES && !rows.get(end + 1).blank()) {
                text.append(' ').append(rows.get(++end).text().strip());
            }
            if (!ONLY_SPANS.matcher(text).matches()) {
                out.add(r);
                continue;
            }
            List<String> held = new ArrayList<>();
            Matcher m = ONE_SPAN.matcher(text);
            while (m.find()) {
                held.add(m.group(1));
            }
            out.add(new PasteRepair.Row(r.number(), String.join(" ", held), r.prefix(), r.elidedBefore()));
            i = end;
        }
        return out;
    }

    private static long ticks(CharSequence s) {
        return s.chars().filter(c -> c == '`').count();
    }
}
