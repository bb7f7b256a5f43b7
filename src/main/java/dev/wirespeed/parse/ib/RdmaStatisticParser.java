package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.host.CounterSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rdma statistic [show] [link DEV/PORT]} (iproute2 rdma/stat.c): per port, "link mlx5_0/1"
 * then the port's hw_counters as "name value" pairs: on one line, or one pair a line with {@code -p}.
 * A line a mail or terminal wrapped continues with more pairs (a value may start it, its name ending
 * the line before), so the pairs are read across lines until a line holds anything else. The
 * per-QP form ("link mlx5_2/1 cntn 4 qp-type RC pid 30489 comm X …") keeps its counters in values.
 * {@code rdma statistic mode [supported]} prints "link DEV/PORT [supported] optional-counters a,b,c"
 * (kernel 5.19's optional counters): a sample with no values whose printed field names them.
 * The per-QP form's identifiers (cntn, pid, comm, qp-type) and the "LQPN: <258>" line under it are kept
 * as printed fields of its sample. {@code rdma statistic qp mode} as iproute2 5.3 printed it,
 * "2/1: mlx5_2/1: qp auto type on" (index/port: dev/port: object mode), is a sample with no values
 * whose printed field is the object ("qp" = "auto type on").
 */
public final class RdmaStatisticParser extends BaseParser {
    private static final Pattern LINK = Pattern.compile("link ([\\w.-]+/\\d{1,5})(?:\\s+(.*))?");
    /** Words of a counters line: names and counts only. */
    private static final Pattern PAIRS = Pattern.compile("(?:[a-z][a-z0-9_]*|\\d+)(?:\\s+(?:[a-z][a-z0-9_]*|\\d+))*");
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");
    /** "supported optional-counters cc_rx_ce_pkts,cc_rx_cnp_pkts" after the link. */
    private static final Pattern OPTIONAL = Pattern.compile("((?:supported )?optional-counters)\\s+([\\w,]+)");
    /** Words of the per-QP form that are identifiers, not counts (rdma/stat.c res_counter_line). */
    private static final Set<String> NOT_COUNTERS = Set.of("cntn", "pid", "lqpn");
    /** The per-QP form's identifiers, kept as printed (rdma/stat.c res_counter_line). */
    private static final Pattern QP_IDS = Pattern.compile("\\b(cntn|pid|comm|qp-type)\\s+(\\S+)");
    /** "LQPN: <258>" (or "<258,259>") after a bound counter's pairs: the QPs the counter counts. */
    private static final Pattern LQPN = Pattern.compile("LQPN:\\s*<[\\d,\\s]*>");
    /** iproute2 5.3's "2/1: mlx5_2/1: qp auto type on" of {@code rdma statistic qp mode}. */
    private static final Pattern OLD_MODE = Pattern.compile("\\d+/\\d+:\\s+([\\w.-]+/\\d{1,5}):\\s+(qp|mr)\\s+(auto\\b.*|manual\\b.*)");

    public RdmaStatisticParser() {
        super("rdma-statistic", "rdma");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(OLD_MODE, i)) {
            return true;
        }
        Matcher m = in.match(LINK, i);
        if (m == null) {
            return false;
        }
        if (m.group(2) != null && OPTIONAL.matcher(m.group(2).strip()).matches()) {
            return true;
        }
        if (m.group(2) != null) { // "rdma link" says "state ACTIVE"; counters are a name then a count
            return m.group(2).matches("[a-z][a-z0-9_]*\\s+\\d+(\\s.*)?") && !m.group(2).startsWith("lid ")
                    && !m.group(2).startsWith("sm_lid ") && !m.group(2).startsWith("lmc ")
                    && !m.group(2).startsWith("lqpn "); // "rdma resource show qp" (RdmaResParser)
        }
        return i + 1 < in.size() && in.get(i + 1).matches("[a-z][a-z0-9_]*\\s+\\d+"); // -p
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            Matcher old = in.match(OLD_MODE, i);
            if (old != null) {
                CounterSample mode = new CounterSample(old.group(1), "rdma statistic", Map.of(), in.source(i));
                b.use(i).add(mode).printed(mode, i, old.group(2), old.group(3).strip());
                i++;
                while (i < in.size() && in.blank(i)) {
                    i++;
                }
                continue;
            }
            Matcher m = in.match(LINK, i);
            if (m == null || !startsAt(in, i)) {
                break;
            }
            Source start = in.source(i);
            int first = i;
            b.use(i);
            Matcher optional = m.group(2) == null ? null : OPTIONAL.matcher(m.group(2).strip());
            if (optional != null && optional.matches()) {
                CounterSample mode = new CounterSample(m.group(1), "rdma statistic", Map.of(), start);
                b.add(mode).printed(mode, i, optional.group(1), optional.group(2));
                i++;
                while (i < in.size() && in.blank(i)) {
                    i++;
                }
                continue;
            }
            List<String> words = new ArrayList<>();
            if (m.group(2) != null) {
                words.addAll(List.of(m.group(2).strip().split("\\s+")));
            }
            i++;
            while (i < in.size() && !in.blank(i) && !in.matches(LINK, i) && in.matches(PAIRS, i)) {
                words.addAll(List.of(in.get(i).split("\\s+")));
                b.use(i);
                i++;
            }
            Map<String, Long> values = pairs(words);
            Matcher lqpn = i < in.size() ? in.match(LQPN, i) : null;
            if (!values.isEmpty()) {
                CounterSample sample = new CounterSample(m.group(1), "rdma statistic", values, start);
                b.add(sample);
                for (Matcher id = QP_IDS.matcher(m.group(2) == null ? "" : m.group(2)); id.find(); ) {
                    b.printedBeside(sample, first, id.group(1), id.group(2));
                }
                if (lqpn != null) {
                    b.use(i); // kept as printed ("LQPN" = "<258>") by the generic reading of "name: value"
                    i++;
                }
            }
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }

    /** "name count" pairs in order; a word that is not a name followed by a count is passed over. */
    static Map<String, Long> pairs(List<String> words) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (int w = 0; w < words.size(); w++) {
            String name = words.get(w);
            if (w + 1 < words.size() && NAME.matcher(name).matches() && words.get(w + 1).matches("\\d{1,19}")) {
                if (!NOT_COUNTERS.contains(name)) {
                    values.put(name, Long.parseLong(words.get(w + 1)));
                }
                w++;
            }
        }
        return values;
    }
}
