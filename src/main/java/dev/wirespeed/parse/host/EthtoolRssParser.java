package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -x|--show-rxfh-indir IFACE}: "RX flow hash indirection table for eth0 with 34 RX ring(s):"
 * (", context 1" before the colon for another RSS context), rows "    8:      8     9    10 …" (the first
 * bucket's number, then eight rings), then "RSS hash key:" and its bytes on the next line, "RSS hash function:"
 * and "    toeplitz: on" lines, ethtool 6.x's "RSS input transformation:" the same way (netlink/rss.c).
 */
public final class EthtoolRssParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile(
            "RX flow hash indirection table for (\\S+) with (\\d{1,6}) RX ring\\(s\\)(?:, context (\\d{1,6}))?:");
    private static final Pattern ROW = Pattern.compile("\\d{1,6}:((?:\\s+\\d{1,6})+)");
    private static final Pattern KEY_HEAD = Pattern.compile("RSS hash key:\\s*(\\S*)");
    private static final Pattern KEY = Pattern.compile("[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2})+|Operation not supported");
    private static final Pattern SECTION = Pattern.compile("RSS (?:hash function|input transformation):\\s*");
    private static final Pattern FUNCTION = Pattern.compile("([a-z][\\w-]*):\\s*(on|off)");

    public EthtoolRssParser() {
        super(HEAD, "ethtool-rss", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head = in.match(HEAD, from);
        b.use(from);
        int entries = 0;
        Set<Integer> queues = new HashSet<>();
        String key = null;
        Map<String, Boolean> functions = new LinkedHashMap<>();
        int i = from + 1;
        for (; i < in.size() && !in.blank(i); i++) {
            Matcher m;
            if ((m = in.match(ROW, i)) != null) {
                for (String ring : m.group(1).strip().split("\\s+")) {
                    queues.add(Integer.valueOf(ring));
                    entries++;
                }
            } else if ((m = in.match(KEY_HEAD, i)) != null) {
                if (!m.group(1).isEmpty()) {
                    key = m.group(1);
                } else if (i + 1 < in.size() && in.matches(KEY, i + 1)) {
                    key = in.get(++i);
                    b.use(i);
                }
            } else if ((m = in.match(FUNCTION, i)) != null) {
                functions.put(m.group(1), m.group(2).equals("on"));
            } else if (!in.matches(SECTION, i)) {
                break;
            }
            b.use(i);
        }
        b.add(new RssIndirection(head.group(1), Integer.valueOf(head.group(2)),
                head.group(3) == null ? null : Integer.valueOf(head.group(3)), entries, queues.size(), key, functions,
                in.source(from)));
        return b.done(i);
    }
}
