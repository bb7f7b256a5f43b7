package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlnx_qos -i IFACE} (MLNX_OFED / mlnx-tools): "DCBX mode:", "Priority trust state:",
 * "dscp2prio mapping:" rows, "Cable len:", "PFC configuration:" with a "priority 0 1 … 7" row and an
 * "enabled 0 0 0 1 …" row (newer versions add "buffer"), receive-buffer lines, then per traffic
 * class "tc: 3 ratelimit: unlimited, tsa: ets, bw: 13%" followed by "priority: 3" lines.
 */
public final class MlnxQosParser extends BaseParser {
    private static final Pattern DCBX = Pattern.compile("DCBX mode:\\s*(.+)");
    private static final Pattern TRUST = Pattern.compile("Priority trust (?:state|mode):\\s*(\\S+)");
    private static final Pattern PFC_HEAD = Pattern.compile("PFC configuration:");
    private static final Pattern ROW = Pattern.compile("(priority|enabled|buffer)((?:\\s+\\d+)+)");
    private static final Pattern TC = Pattern.compile(
            "tc:\\s*(\\d+)\\s+ratelimit:\\s*([^,]+),\\s*tsa:\\s*(\\w+)(?:,\\s*bw:\\s*(\\d+)%)?.*");
    private static final Pattern TC_PRIORITY = Pattern.compile("priority:\\s*(\\d+)");
    /** dscp2prio mapping: "prio:3 dscp:31,30,29,28,27,26,25,24,". */
    private static final Pattern DSCP_ROW = Pattern.compile("prio:\\s*(\\d)\\s+dscp:([\\d,\\s]*)");
    private static final Pattern OTHER = Pattern.compile("dscp2prio mapping:|prio:\\s*\\d+ dscp:.*|Cable len:.*"
            + "|Receive buffer size.*|Buffer.*|Shared buffer.*|\\d+\\s*(?:\\d+\\s*)*|tc\\s+.*|default.*");

    public MlnxQosParser() {
        super("mlnx_qos", "mlnx_qos");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        int next = i + 1;
        while (next < in.size() && in.blank(next)) {
            next++;
        }
        return in.matches(DCBX, i) || in.matches(TRUST, i) || (in.matches(PFC_HEAD, i) && in.matches(ROW, next));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String dcbx = null;
        String trust = null;
        List<Integer> header = null;
        List<Integer> pfc = null;
        List<QosSettings.TrafficClass> tcs = new ArrayList<>();
        Integer tc = null;
        String tsa = null;
        Integer bw = null;
        String rate = null;
        List<Integer> prios = new ArrayList<>();
        Integer dscp26 = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(DCBX, i)) != null && dcbx == null) {
                dcbx = m.group(1).strip();
            } else if ((m = in.match(TRUST, i)) != null) {
                trust = m.group(1);
            } else if (in.matches(PFC_HEAD, i)) {
                pfc = new ArrayList<>();
            } else if ((m = in.match(ROW, i)) != null) {
                List<Integer> values = ints(m.group(2));
                if (m.group(1).equals("priority")) {
                    header = values;
                } else if (m.group(1).equals("enabled") && pfc != null) {
                    for (int k = 0; k < values.size(); k++) {
                        if (values.get(k) == 1) {
                            pfc.add(header != null && k < header.size() ? header.get(k) : k);
                        }
                    }
                }
            } else if ((m = in.match(TC, i)) != null) {
                if (tc != null) {
                    tcs.add(new QosSettings.TrafficClass(tc, tsa, bw, rate, prios));
                }
                tc = UnitWords.integer(m.group(1));
                rate = m.group(2).strip();
                tsa = m.group(3);
                bw = m.group(4) == null ? null : UnitWords.integer(m.group(4));
                prios = new ArrayList<>();
            } else if ((m = in.match(DSCP_ROW, i)) != null) {
                if (Arrays.stream(m.group(2).split("[,\\s]+")).anyMatch(d -> d.matches("0*26"))) {
                    dscp26 = Integer.parseInt(m.group(1));
                }
            } else if (tc != null && (m = in.match(TC_PRIORITY, i)) != null) {
                prios.add(UnitWords.integer(m.group(1)));
            } else if (!in.matches(OTHER, i)) {
                break;
            }
            b.use(i);
        }
        if (tc != null) {
            tcs.add(new QosSettings.TrafficClass(tc, tsa, bw, rate, prios));
        }
        String iface = in.command() == null ? null : in.command().after("-i");
        b.add(new QosSettings(iface, dcbx, trust, pfc, tcs, dscp26, in.source(from)));
        return b.done(i);
    }

    private static List<Integer> ints(String text) {
        List<Integer> out = new ArrayList<>();
        for (String t : text.strip().split("\\s+")) {
            Integer v = UnitWords.integer(t);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }
}
