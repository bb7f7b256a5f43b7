package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.host.CounterSample;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rdma resource [show]} (iproute2 rdma/res.c): the summary, one line a device, "0: mlx5_0: pd 4
 * cq 4 qp 4 cm_id 0 mr 1 ctx 1" (a {@link CounterSample} of the device, tool "rdma resource"); and
 * {@code rdma resource show qp}: "link DEV/PORT lqpn N [rqpn N] type T state S … comm NAME", an
 * {@link RdmaQp} a line, each keyword's value also kept as printed.
 */
public final class RdmaResParser extends BaseParser {
    /** The summary's resource names (rdma/res.c res_print_summary). */
    private static final Pattern SUMMARY = Pattern.compile(
            "\\d+:\\s+([\\w.-]+):\\s+((?:pd|cq|qp|cm_id|mr|ctx|srq)\\s+\\d+(?:\\s+[a-z_]+\\s+\\d+)*)\\s*");
    private static final Pattern QP = Pattern.compile("link\\s+([\\w.-]+/(?:\\d{1,5}|-))\\s+(lqpn\\s+\\d+.*)");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,19}");

    public RdmaResParser() {
        super("rdma-res", "rdma");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(SUMMARY, i) || in.matches(QP, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(SUMMARY, i)) != null) {
                Map<String, Long> counts = new LinkedHashMap<>();
                String[] w = m.group(2).split("\\s+");
                for (int k = 0; k + 1 < w.length; k += 2) {
                    counts.put(w[k], Long.parseLong(w[k + 1]));
                }
                b.use(i).add(new CounterSample(m.group(1), "rdma resource", counts, in.source(i)));
            } else if ((m = in.match(QP, i)) != null) {
                Map<String, String> fields = pairs(m.group(2));
                RdmaQp qp = new RdmaQp(m.group(1), number(fields.get("lqpn")), fields.get("type"), fields.get("state"),
                        number(fields.get("pid")), fields.get("comm"), in.source(i));
                b.use(i).add(qp);
                int line = i;
                fields.forEach((name, value) -> b.printed(qp, line, name, value));
            } else if (!in.blank(i)) {
                break;
            }
        }
        return b.done(i);
    }

    /** "keyword value" pairs in order: every keyword is followed by exactly one value (rdma/res-qp.c). */
    private static Map<String, String> pairs(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        String[] w = text.strip().split("\\s+");
        for (int k = 0; k + 1 < w.length; k += 2) {
            fields.put(w[k], w[k + 1]);
        }
        return fields;
    }

    private static Long number(String text) {
        return text != null && NUMBER.matcher(text).matches() ? Long.parseLong(text) : null;
    }
}
