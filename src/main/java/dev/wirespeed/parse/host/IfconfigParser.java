package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * net-tools {@code ifconfig} (2.x, lib/interface.c ife_print_long): "ib0: flags=4163&lt;UP,…&gt;  mtu 2044",
 * then indented "inet A  netmask M …", "inet6 …", "ether MAC  txqueuelen N  (Ethernet)" (or
 * "infiniband …", "loop …"), "RX packets …", "TX errors …" lines. Between them net-tools may print
 * its IPoIB warning at column 0 ("Infiniband hardware address can be incorrect! …", lib/interface.c),
 * which does not end the interface. Each interface becomes a {@link NetInterfaceRecord}, its RX/TX packet, byte and
 * error counts a {@link CounterSample} under the sysfs statistics names (as ip -s link's); the older
 * "eth0  Link encap:Ethernet  HWaddr …" layout is {@link IfconfigLinkEncapParser}'s.
 */
public final class IfconfigParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("([^:\\s]+): flags=\\d+<([^>]*)>\\s+mtu (\\d+).*");
    private static final Pattern INET = Pattern.compile("inet6? (?:addr:)?(\\S+).*");
    private static final Pattern LINK = Pattern.compile("(ether|infiniband|loop|unspec)(?:\\s+(\\S+))?.*");
    private static final Pattern DETAIL = Pattern.compile("(?:RX|TX) .*|device .*|.*txqueuelen \\d+.*");
    private static final Pattern WARNING = Pattern.compile("Infiniband hardware address can be incorrect!.*");
    /** The counter lines (lib/interface.c ife_print_long): "RX packets 3  bytes 266 (266.0 B)", "TX errors 0  dropped 0 …". */
    static final Pattern COUNTERS = Pattern.compile("(RX|TX) (packets|errors) (\\d{1,18})\\s+(.*)");
    private static final Pattern PAIR = Pattern.compile("([a-z]+) (\\d{1,18})(?: \\(([^)]*)\\))?");
    /**
     * net-tools' words → the kernel's /sys/class/net/IFACE/statistics names, as ip -s link's are: "overruns" is
     * rx/tx_fifo_errors, "frame" rx_frame_errors, "carrier" tx_carrier_errors (lib/interface.c ife_print_long).
     */
    private static final Map<String, String> SYSFS = Map.of("overruns", "fifo_errors", "frame", "frame_errors",
            "carrier", "carrier_errors", "errors", "errors", "dropped", "dropped", "packets", "packets", "bytes", "bytes");

    public IfconfigParser() {
        super(HEAD, "ifconfig", "ifconfig");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            Matcher head = in.match(HEAD, i);
            if (head == null) {
                break;
            }
            int at = i;
            b.use(i++);
            String linkType = null;
            String address = null;
            List<String> addresses = new ArrayList<>();
            Map<String, Long> values = new LinkedHashMap<>();
            List<Object[]> shown = new ArrayList<>();
            for (; i < in.size(); i++) {
                Matcher m;
                if ((m = in.match(COUNTERS, i)) != null) {
                    counters(i, m, values, shown);
                } else if ((m = in.match(INET, i)) != null) {
                    addresses.add(m.group(1));
                } else if ((m = in.match(LINK, i)) != null) {
                    linkType = m.group(1).equals("loop") ? "loopback" : m.group(1);
                    address = m.group(2) != null && m.group(2).contains(":") ? m.group(2) : null;
                } else if (!in.matches(DETAIL, i) && !in.matches(WARNING, i)) {
                    break;
                }
                b.use(i);
            }
            List<String> flags = head.group(2).isEmpty() ? List.of() : Arrays.asList(head.group(2).split(","));
            add(b, new NetInterfaceRecord(null, head.group(1), flags, Integer.valueOf(head.group(3)), null, linkType, address,
                    addresses, null, null, in.source(at)), values, shown);
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }

    /**
     * A block's interface, then its counts (if any) as a CounterSample under the interface's name, each also as
     * printed ({line, label, text}); the older layout's reader ends its blocks the same way.
     */
    static void add(ParseBuilder b, NetInterfaceRecord nic, Map<String, Long> values, List<Object[]> shown) {
        b.add(nic);
        if (!values.isEmpty()) {
            CounterSample sample = new CounterSample(nic.name(), "ifconfig", values, nic.source());
            b.add(sample);
            for (Object[] f : shown) {
                b.printed(sample, (Integer) f[0], (String) f[1], (String) f[2]);
            }
        }
    }

    /** net-tools' counter word under its sysfs statistics name: "dropped" with "rx_" → "rx_dropped", "overruns" → "rx_fifo_errors". */
    static String sysfs(String prefix, String word) {
        return word.equals("collisions") ? "collisions" : SYSFS.containsKey(word) ? prefix + SYSFS.get(word) : prefix + word;
    }

    /** One counter line: each "word N" pair under its sysfs name, and as printed ("TX packets" → "5", "RX bytes" → "266 (266.0 B)"). */
    static void counters(int i, Matcher line, Map<String, Long> values, List<Object[]> shown) {
        String dir = line.group(1);
        String prefix = dir.toLowerCase(Locale.ROOT) + "_";
        put(i, dir, line.group(2), line.group(3), null, prefix, values, shown);
        Matcher p = PAIR.matcher(line.group(4));
        while (p.find()) {
            put(i, dir, p.group(1), p.group(2), p.group(3), prefix, values, shown);
        }
    }

    private static void put(int i, String dir, String word, String number, String human, String prefix, Map<String, Long> values,
                            List<Object[]> shown) {
        values.put(sysfs(prefix, word), Long.parseLong(number));
        shown.add(new Object[] {i, dir + " " + word, human == null ? number : number + " (" + human + ")"});
    }
}
