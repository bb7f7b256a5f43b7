package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * net-tools {@code ifconfig} in its older layout (1.60, still BusyBox's and Raspberry Pi images'; net-tools
 * lib/interface.c before 2.x): "eth0      Link encap:Ethernet  HWaddr b8:27:eb:68:cf:08", then indented
 * "inet addr:A  Bcast:B  Mask:M", "inet6 addr: …", "UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1",
 * "RX packets:65 errors:0 dropped:44 overruns:0 frame:0", "TX packets:… carrier:0", "collisions:0 txqueuelen:1000",
 * "RX bytes:11960 (11.6 KiB)  TX bytes:6786 (6.6 KiB)" and "Interrupt:20 Memory:…" lines. Each interface becomes a
 * {@link NetInterfaceRecord} and its counts a {@link CounterSample} under the sysfs names, as {@link IfconfigParser}'s.
 */
public final class IfconfigLinkEncapParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("(\\S+)\\s+Link encap:(.+?)(?:\\s+HWaddr (\\S+))?\\s*");
    private static final Pattern INET = Pattern.compile("inet6? addr: ?(\\S+).*");
    /** The flags line: "UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1" (flags may be absent: "MTU:1500  Metric:1"). */
    private static final Pattern FLAGS = Pattern.compile("((?:[A-Z]+ )*?)\\s*MTU:(\\d+)\\s+Metric:\\d+\\s*");
    /** A counter pair, its direction where the line gives one: "RX packets:65", "dropped:44", "TX bytes:6786 (6.6 KiB)". */
    private static final Pattern PAIR = Pattern.compile("(?:(RX|TX) )?([a-z]+):(\\d{1,18})(?: \\(([^)]*)\\))?");
    private static final Pattern COUNTERS = Pattern.compile("(?:RX|TX) [a-z]+:\\d.*|collisions:\\d.*");
    private static final Pattern OTHER = Pattern.compile("(?:Interrupt|Base address|Memory|DMA chan):\\S.*");

    public IfconfigLinkEncapParser() {
        super(HEAD, "ifconfig-link-encap", "ifconfig");
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
            List<String> flags = List.of();
            Integer mtu = null;
            List<String> addresses = new ArrayList<>();
            Map<String, Long> values = new LinkedHashMap<>();
            List<Object[]> shown = new ArrayList<>();
            for (; i < in.size() && !in.blank(i) && !in.matches(HEAD, i); i++) {
                Matcher m;
                if (in.matches(COUNTERS, i)) {
                    counters(i, in.get(i), values, shown);
                } else if ((m = in.match(INET, i)) != null) {
                    addresses.add(m.group(1));
                } else if ((m = in.match(FLAGS, i)) != null) {
                    flags = m.group(1).isBlank() ? List.of() : List.of(m.group(1).strip().split(" "));
                    mtu = Integer.valueOf(m.group(2));
                } else if (!in.matches(OTHER, i)) {
                    break;
                }
                b.use(i);
            }
            IfconfigParser.add(b, new NetInterfaceRecord(null, head.group(1), flags, mtu, null, linkType(head.group(2).strip()),
                    head.group(3), addresses, null, null, in.source(at)), values, shown);
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }

    /** "Ethernet" → "ether", "Local Loopback" → "loopback", as the newer layout and ip link name them. */
    private static String linkType(String encap) {
        return switch (encap) {
            case "Ethernet" -> "ether";
            case "Local Loopback" -> "loopback";
            default -> encap.toLowerCase(Locale.ROOT);
        };
    }

    /** Every "word:N" pair of a counter line; a pair without "RX"/"TX" takes the line's last one ("RX packets:65 errors:0"). */
    static void counters(int i, String line, Map<String, Long> values, List<Object[]> shown) {
        Matcher p = PAIR.matcher(line);
        String dir = null;
        while (p.find()) {
            dir = p.group(1) != null ? p.group(1) : dir;
            String word = p.group(2);
            if (word.equals("txqueuelen")) {
                continue; // a setting, not a count
            }
            String prefix = dir == null ? "" : dir.toLowerCase(Locale.ROOT) + "_";
            values.put(IfconfigParser.sysfs(prefix, word), Long.parseLong(p.group(3)));
            String label = dir == null ? word : dir + " " + word;
            shown.add(new Object[] {i, label, p.group(4) == null ? p.group(3) : p.group(3) + " (" + p.group(4) + ")"});
        }
    }
}
