package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.host.CounterSample;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code show_counters DEV} (mlnx-tools): the files of /sys/class/infiniband/DEV/ports/N/counters and
 * hw_counters printed per port under "Port 1 hw counters:" (or "Port 1 counters:"), one "name: value"
 * a line. The device is the command's argument; without it the port is "?/N".
 */
public final class ShowCountersParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("Port (\\d{1,3}) (?:hw )?counters:");
    private static final Pattern VALUE = Pattern.compile("([a-z][a-z0-9_]*):\\s*(\\d{1,19})");

    public ShowCountersParser() {
        super("show_counters", "show_counters");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && in.matches(VALUE, i + 1);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String device = device(in.command());
        Map<String, Long> values = new LinkedHashMap<>();
        String subject = null;
        Source start = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(HEAD, i)) != null) {
                String port = (device == null ? "?" : device) + "/" + m.group(1);
                if (!values.isEmpty() && !port.equals(subject)) {
                    b.add(new CounterSample(subject, "show_counters", values, start));
                    values = new LinkedHashMap<>();
                }
                if (values.isEmpty()) {
                    start = in.source(i);
                }
                subject = port;
            } else if ((m = in.match(VALUE, i)) != null && subject != null) {
                if (!m.group(1).equals("lifespan")) { // hw_counters/lifespan: the refresh period in ms
                    values.put(m.group(1), Long.parseLong(m.group(2)));
                }
            } else {
                break;
            }
            b.use(i);
        }
        if (!values.isEmpty()) {
            b.add(new CounterSample(subject, "show_counters", values, start));
        }
        return b.done(i);
    }

    /** The RDMA device the typed command names ("show_counters mlx5_0"), or null. */
    private static String device(Command c) {
        if (c == null || c.args().isEmpty() || !c.program().endsWith("show_counters")) {
            return null;
        }
        String arg = c.args().getFirst();
        return arg.matches("[\\w.-]+") ? arg : null;
    }
}
