package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ss -s} (iproute2 misc/ss.c, print_summary): "Total: N" (older: "Total: N (kernel M)"), the TCP line
 * "TCP:   12 (estab 5, closed 1, orphaned 0, timewait 1)" (older: "synrecv 0, timewait 1/0), ports 0"), and the
 * "Transport Total IP IPv6" table (older ss a "*" row of the kernel's count first). One {@link SocketSummary}.
 */
public final class SsSummaryParser extends BaseParser {
    private static final Pattern TOTAL = Pattern.compile("Total:\\s+(\\d{1,18})(?:\\s+\\(kernel\\s+(\\d{1,18})\\))?");
    private static final Pattern TCP = Pattern.compile("TCP:\\s+(\\d{1,18})\\s+\\((.*)\\)(?:,\\s*ports\\s+(\\d+))?");
    private static final Pattern STATE = Pattern.compile("([a-z]+)\\s+(\\S+)");
    private static final Pattern TABLE_HEAD = Pattern.compile("Transport\\s+Total\\s+IP\\s+IPv6");
    private static final Pattern TABLE_ROW = Pattern.compile("(\\*|RAW|UDP|TCP|INET|FRAG)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)");

    public SsSummaryParser() {
        super("ss-summary", "ss");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(TOTAL, i) && in.matches(TCP, i + 1);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher total = in.match(TOTAL, from);
        Matcher tcp = in.match(TCP, from + 1);
        if (total == null || tcp == null) {
            return b.done(from);
        }
        SocketSummary s = new SocketSummary(Long.parseLong(total.group(1)),
                total.group(2) == null ? null : Long.parseLong(total.group(2)), Long.parseLong(tcp.group(1)), in.source(from));
        b.add(s).use(from).use(from + 1);
        // the two lines as printed, beside their figures under ss's words
        b.printed(s, from, "Total", in.get(from).substring("Total:".length()).strip())
                .printed(s, from + 1, "TCP", in.get(from + 1).substring("TCP:".length()).strip());
        List<String[]> printed = new ArrayList<>();
        for (String part : tcp.group(2).split(",")) {
            Matcher m = STATE.matcher(part.strip());
            if (m.matches()) {
                printed.add(new String[] {m.group(1), m.group(2)});
            }
        }
        if (tcp.group(3) != null) {
            printed.add(new String[] {"ports", tcp.group(3)});
        }
        printed.forEach(p -> b.printed(s, from + 1, p[0], p[1]));
        int i = from + 2;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.matches(TABLE_HEAD, i)) {
                b.use(i);
                continue;
            }
            Matcher row = in.match(TABLE_ROW, i);
            if (row == null) {
                break;
            }
            b.printed(s, i, row.group(1) + " Total", row.group(2)).printed(s, i, row.group(1) + " IP", row.group(3))
                    .printed(s, i, row.group(1) + " IPv6", row.group(4)).use(i);
        }
        return b.done(i);
    }
}
