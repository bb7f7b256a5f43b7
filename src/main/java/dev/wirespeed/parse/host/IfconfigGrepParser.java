package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
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
 * net-tools {@code ifconfig}'s counter lines standing alone, as {@code ifconfig | grep "RX packets"} leaves them:
 * "RX packets 12643  bytes 163222775 (155.6 MiB)" (net-tools 2.x) or "RX packets:0 errors:3 dropped:0 overruns:0
 * frame:52" (1.60's layout), one line an interface, the interface lines grepped away. Each "RX packets" line
 * (or a "TX packets" line with no RX line before it) opens one {@link CounterSample}, the counter lines after it
 * belonging to it; the interface is the typed command's ("ifconfig eth0 | grep …") or, with none, unknown.
 * Inside a whole ifconfig block the same lines are {@link IfconfigParser}'s and {@link IfconfigLinkEncapParser}'s.
 */
public final class IfconfigGrepParser extends BaseParser {
    /** The newer layout's packets line with its bytes: "RX packets 3  bytes 266 (266.0 B)". */
    private static final Pattern PACKETS = Pattern.compile("(RX|TX) packets \\d{1,18}\\s+bytes \\d{1,18} \\([^)]*\\)");
    /** The older layout's counter lines: "RX packets:65 errors:0 dropped:0 overruns:0 frame:0", "RX bytes:0 (0.0 b) TX bytes:…". */
    private static final Pattern OLD = Pattern.compile("(RX|TX) (?:packets|bytes):\\d{1,18}(?: \\([^)]*\\))?(?:\\s+[A-Za-z ]+:\\d{1,18}.*)+");
    private static final Pattern OLD_PACKETS = Pattern.compile("(RX|TX) packets:\\d.*");

    public IfconfigGrepParser() {
        super("ifconfig-grep", "ifconfig");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return (in.matches(PACKETS, i) || in.matches(OLD_PACKETS, i) && in.matches(OLD, i)) && !counterLine(in, i - 1);
    }

    private static boolean counterLine(Lines in, int i) {
        return in.matches(IfconfigParser.COUNTERS, i) || in.matches(OLD, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = typedInterface(in.command());
        Map<String, Long> values = new LinkedHashMap<>();
        List<Object[]> shown = new ArrayList<>();
        int at = from;
        int i = from;
        for (; i < in.size() && counterLine(in, i); i++) {
            boolean opens = in.get(i).startsWith("RX packets") || in.get(i).startsWith("TX packets") && !values.containsKey("tx_packets")
                    && !values.containsKey("rx_packets");
            if (opens && !values.isEmpty()) {
                add(b, iface, values, shown, in, at);
                values = new LinkedHashMap<>();
                shown = new ArrayList<>();
                at = i;
            }
            Matcher m = in.match(IfconfigParser.COUNTERS, i);
            if (m != null) {
                IfconfigParser.counters(i, m, values, shown);
            } else {
                IfconfigLinkEncapParser.counters(i, in.get(i), values, shown);
            }
            b.use(i);
        }
        add(b, iface, values, shown, in, at);
        return b.done(i);
    }

    private static void add(ParseBuilder b, String iface, Map<String, Long> values, List<Object[]> shown, Lines in, int at) {
        CounterSample sample = new CounterSample(iface, "ifconfig", values, in.source(at));
        b.add(sample);
        for (Object[] f : shown) {
            b.printed(sample, (Integer) f[0], (String) f[1], (String) f[2]);
        }
    }

    /** "ifconfig eth0 | grep …" → "eth0"; "ifconfig", "ifconfig -a" → null. */
    private static String typedInterface(Command c) {
        if (c == null || !c.program().equals("ifconfig")) {
            return null;
        }
        return c.args().stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
    }
}
