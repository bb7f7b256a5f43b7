package dev.wirespeed.parse.host;

import dev.wirespeed.host.Counters;
import dev.wirespeed.host.QdiscStats;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code tc -s qdisc show dev IF} (iproute2 tc/tc_qdisc.c): "qdisc KIND HANDLE: root|parent …", then
 * " Sent B bytes P pkt (dropped D, overlimits O requeues R)", " backlog …". The root qdisc's counts
 * become the interface's qdisc_dropped, qdisc_overlimits and qdisc_requeues, as doctor reads the same
 * output ({@link QdiscStats}), so counter-qdisc-drops speaks on both paths. Read only after a command
 * that names the device ({@code dev IF}): the lines alone do not say whose queues they are.
 */
public final class TcQdiscParser extends BaseParser {
    public static final String TOOL = "tc -s qdisc";
    private static final Pattern QDISC = Pattern.compile("qdisc \\S+ [0-9a-f]*:\\s.*");
    private static final Pattern DETAIL = Pattern.compile("(Sent \\d+ bytes .*|backlog .*|requeues .*|maxpacket .*|"
            + "new_flows_len .*|ecn_mark .*|drop_overlimit .*|new_flow_count .*|\\(dropped .*)");

    public TcQdiscParser() {
        super("tc-qdisc", "tc");
    }

    @Override
    public boolean reads(Command command) {
        return device(command) != null;
    }

    private static String device(Command c) {
        if (c == null || !c.program().equals("tc") || !c.args().contains("qdisc") || !c.text().contains("-s")) {
            return null;
        }
        return c.after("dev");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return device(in.command()) != null && in.matches(QDISC, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        StringBuilder text = new StringBuilder();
        int i = from;
        for (; i < in.size() && (in.matches(QDISC, i) || in.matches(DETAIL, i)); i++) {
            b.use(i);
            text.append(in.raw(i)).append(" \n"); // tc ends "root " with a blank, which QdiscStats looks for
        }
        String iface = device(in.command());
        Counters c = QdiscStats.parse(text.toString(), TOOL, Counters.netdev(iface)).build();
        Map<String, Long> values = new LinkedHashMap<>();
        c.values().forEach((name, o) -> {
            if (o.isPresent()) {
                values.put(name, o.value());
            }
        });
        if (!values.isEmpty()) {
            b.add(new CounterSample(iface, TOOL, values, in.source(from)));
        }
        return b.done(i);
    }
}
