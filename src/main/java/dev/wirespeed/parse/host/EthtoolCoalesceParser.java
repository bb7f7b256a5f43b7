package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -c|--show-coalesce IFACE}: "Coalesce parameters for eth0:", "Adaptive RX: on  TX: off",
 * then "name:<tab>value" groups split by blank lines (numbers or "n/a"), ethtool 5.13+ ending with
 * "CQE mode RX: n/a  TX: n/a" (ethtool's coalesce.c / netlink/coalesce.c).
 */
public final class EthtoolCoalesceParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Coalesce parameters for (\\S+):");
    /** "Adaptive RX: on  TX: off", "CQE mode RX: n/a  TX: n/a". */
    private static final Pattern PAIR = Pattern.compile("(Adaptive|CQE mode) RX:\\s*(\\S+)\\s+TX:\\s*(\\S+)");
    private static final Pattern VALUE = Pattern.compile("([a-z][a-z-]*):\\s*(\\d{1,18}|n/a)");

    public EthtoolCoalesceParser() {
        super(HEAD, "ethtool-coalesce", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        Boolean[] adaptive = new Boolean[2];
        Boolean[] cqe = new Boolean[2];
        Map<String, Long> values = new LinkedHashMap<>();
        int i = from + 1;
        int end = i;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue; // the groups' blank lines
            }
            Matcher m;
            if ((m = in.match(PAIR, i)) != null) {
                Boolean[] pair = m.group(1).equals("Adaptive") ? adaptive : cqe;
                pair[0] = EthtoolParser.onOff(m.group(2));
                pair[1] = EthtoolParser.onOff(m.group(3));
            } else if ((m = in.match(VALUE, i)) != null) {
                if (!m.group(2).equals("n/a")) {
                    values.put(m.group(1), Long.parseLong(m.group(2)));
                }
            } else {
                break;
            }
            b.use(i);
            end = i + 1;
        }
        b.add(new EthtoolCoalesce(iface, adaptive[0], adaptive[1], cqe[0], cqe[1], values, in.source(from)));
        return b.done(end);
    }
}
