package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counter files of sysfs printed one "path:value" a line, as {@code grep . /sys/class/net/eth0/statistics/*} or
 * {@code grep -H . /sys/class/infiniband/*&#47;ports/*&#47;hw_counters/*} print them: a network interface's
 * statistics (".../net/eth0/statistics/rx_dropped:12") and an RDMA port's counters and hw_counters
 * (".../infiniband/mlx5_0/ports/1/hw_counters/out_of_buffer:3", also under /sys/devices/… and mlx4's
 * counters_ext). Consecutive lines of one port are one {@link CounterSample} under the file names, which are
 * the names doctor reads; a value that is no number ("N/A (no PMA)": an iWARP port has no performance management
 * agent, prometheus/node_exporter#966) holds no value and is kept as printed in the sample's "printed" map, so a
 * port whose counters all read so is still a sample, with no counters.
 */
public final class SysfsCountersParser extends BaseParser {
    /** The tool an RDMA port's sample names: its counters are the port's, as rdma statistic's are. */
    public static final String RDMA_TOOL = "sysfs counters";
    static final String NETDEV_TOOL = "sysfs statistics";
    private static final Pattern NETDEV = Pattern.compile("\\S*?/net/([^/\\s]+)/statistics/(\\w+):(.*)");
    private static final Pattern RDMA = Pattern.compile("\\S*?infiniband/([^/\\s]+)/ports/(\\d{1,3})/(?:hw_)?counters(?:_ext)?/(\\w+):(.*)");
    private static final Pattern NUMBER = Pattern.compile("\\s*(\\d{1,19})\\s*");

    public SysfsCountersParser() {
        super("sysfs-counters");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(NETDEV, i) || in.matches(RDMA, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String subject = null;
        String tool = null;
        Source start = null;
        Map<String, Long> values = new LinkedHashMap<>();
        List<Unread> unread = new ArrayList<>();
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            String port;
            String portTool;
            String name;
            String value;
            if ((m = in.match(NETDEV, i)) != null) {
                port = m.group(1);
                portTool = NETDEV_TOOL;
                name = m.group(2);
                value = m.group(3);
            } else if ((m = in.match(RDMA, i)) != null) {
                port = m.group(1) + "/" + m.group(2); // as sysfs and rdma(8) name a port: "mlx5_0/1"
                portTool = RDMA_TOOL;
                name = m.group(3);
                value = m.group(4);
            } else {
                break;
            }
            if (!port.equals(subject) || !portTool.equals(tool)) {
                add(b, subject, tool, values, unread, start);
                values = new LinkedHashMap<>();
                unread = new ArrayList<>();
                subject = port;
                tool = portTool;
                start = in.source(i);
            }
            Matcher n = NUMBER.matcher(value);
            if (n.matches() && !name.equals("lifespan")) { // hw_counters/lifespan: the refresh period in ms, no counter
                values.put(name, Long.parseLong(n.group(1)));
            } else if (!n.matches()) {
                unread.add(new Unread(i, name, value.strip()));
            }
            b.use(i);
        }
        add(b, subject, tool, values, unread, start);
        return b.done(i);
    }

    private static void add(ParseBuilder b, String subject, String tool, Map<String, Long> values, List<Unread> unread,
            Source start) {
        if (values.isEmpty() && unread.isEmpty()) {
            return;
        }
        CounterSample sample = new CounterSample(subject, tool, values, start);
        b.add(sample);
        unread.forEach(u -> b.printed(sample, u.line(), u.name(), u.value()));
    }

    /** A counter file whose value is no number, as printed. */
    private record Unread(int line, String name, String value) {}
}
