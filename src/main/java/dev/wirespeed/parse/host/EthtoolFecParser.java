package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool --show-fec IFACE} ("FEC parameters for eth0:"): "Configured FEC encodings:" (older
 * ethtool and some drivers print "Supported/Configured FEC encodings:"), "Active FEC encoding:",
 * and with {@code -I} a "Statistics:" list of "name: total" each followed by "Lane N: value" lines. ethtool
 * 4.15 to 4.19 printed one line, "FEC encodings:  RS" (the ioctl's configured modes). ethtool 6.18+ adds the
 * FEC error histogram, one bin a line, its lanes in brackets: "fec_symbol_err_0: 445 [ per_lane:  125, 120, 100, 100 ]"
 * (netlink/fec.c; the bin name says how many symbol errors a codeword had).
 */
public final class EthtoolFecParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("FEC parameters for (\\S+):");
    private static final Pattern CONFIGURED = Pattern.compile("(?:(?:Supported/)?Configured )?FEC encodings:\\s*(.*)");
    private static final Pattern ACTIVE = Pattern.compile("Active FEC encodings?:\\s*(.*)");
    private static final Pattern STATISTICS = Pattern.compile("Statistics:");
    private static final Pattern LANE = Pattern.compile("Lane (\\d+):\\s*(\\d+)");
    private static final Pattern COUNTER = Pattern.compile("(\\w+):\\s*(\\d+)");
    /** A histogram bin with its lanes: "fec_symbol_err_0: 445 [ per_lane:  125, 120, 100, 100 ]". */
    private static final Pattern BIN_LANES = Pattern.compile("(\\w+):\\s*(\\d{1,18})\\s*\\[\\s*per_lane:\\s*([\\d,\\s]*)]");

    public EthtoolFecParser() {
        super(HEAD, "ethtool-fec", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        List<String> configured = new ArrayList<>();
        String active = null;
        Map<String, Long> statistics = new LinkedHashMap<>();
        Map<String, Map<Integer, Long>> lanes = new LinkedHashMap<>();
        String last = null;
        int i = from + 1;
        for (; i < in.size() && !in.blank(i); i++) {
            Matcher m;
            if ((m = in.match(CONFIGURED, i)) != null) {
                configured.addAll(words(m.group(1)));
            } else if ((m = in.match(ACTIVE, i)) != null) {
                active = m.group(1).isBlank() ? null : m.group(1).strip();
            } else if (in.matches(STATISTICS, i)) {
                last = null;
            } else if ((m = in.match(LANE, i)) != null && last != null) {
                lanes.computeIfAbsent(last, k -> new LinkedHashMap<>())
                        .put(Integer.valueOf(m.group(1)), Long.parseLong(m.group(2)));
            } else if ((m = in.match(BIN_LANES, i)) != null) {
                last = null;
                statistics.put(m.group(1), Long.parseLong(m.group(2)));
                Map<Integer, Long> perLane = lanes.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>());
                String[] values = m.group(3).strip().split("\\s*,\\s*");
                for (int lane = 0; lane < values.length; lane++) {
                    if (values[lane].matches("\\d{1,18}")) {
                        perLane.put(lane, Long.parseLong(values[lane]));
                    }
                }
            } else if ((m = in.match(COUNTER, i)) != null) {
                last = m.group(1);
                statistics.put(last, Long.parseLong(m.group(2)));
            } else {
                break;
            }
            b.use(i);
        }
        b.add(new FecSettings(iface, configured, active, statistics, lanes, in.source(from)));
        return b.done(i);
    }

    private static List<String> words(String text) {
        return text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
    }
}
