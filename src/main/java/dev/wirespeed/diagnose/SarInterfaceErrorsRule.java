package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.SarSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code sar -n EDEV}: an interface's error and drop rates per second (sysstat's rates of the kernel's
 * rtnl_link_stats: rx/tx errors, collisions, rx/tx dropped, carrier, frame and FIFO errors). Any rate above 0 in a
 * sample is a finding for that interface, naming each column's highest rate. A rate says how often over that sample,
 * not why: the interface's own counters tell the kind (a NIC's driver counters in ethtool -S, ip -s -s link's
 * breakdown), and a virtual device drops for its own reasons (a veth whose peer is down or has a smaller MTU), so the
 * advice is where to read next, by the kind of column that rose.
 */
final class SarInterfaceErrorsRule implements LogRule {
    static final String ID = "sar-interface-errors";
    /** Receive errors a NIC counts on the wire or in its FIFO: the link or the NIC's ring. */
    private static final List<String> RECEIVE_ERRORS = List.of("rxerr/s", "rxfram/s", "rxfifo/s");
    /** Transmit errors: carrier lost, collisions (half duplex), FIFO. */
    private static final List<String> TRANSMIT_ERRORS = List.of("txerr/s", "txcarr/s", "coll/s", "txfifo/s");
    /** Packets the kernel or driver discarded: no buffer, a full queue, a peer that cannot take them. */
    private static final List<String> DROPS = List.of("rxdrop/s", "txdrop/s");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "sar -n EDEV: an interface counted errors or drops per second";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, Map<String, Double>> peak = new LinkedHashMap<>();
        Map<String, SarSample> peakRow = new LinkedHashMap<>();
        Map<String, SarSample> averages = new LinkedHashMap<>();
        for (SarSample s : log.all(SarSample.class)) {
            if (!"EDEV".equals(s.report()) || s.subject() == null) {
                continue;
            }
            if (s.average()) {
                averages.put(s.subject(), s);
                continue;
            }
            s.values().forEach((column, rate) -> {
                if (rate != null && rate > 0 && column.endsWith("/s")) {
                    Map<String, Double> p = peak.computeIfAbsent(s.subject(), k -> new LinkedHashMap<>());
                    Double before = p.get(column);
                    if (before == null || rate > before) {
                        p.put(column, rate);
                        peakRow.put(s.subject(), s);
                    }
                }
            });
        }
        averages.forEach((iface, s) -> s.values().forEach((column, rate) -> {
            if (rate != null && rate > 0 && column.endsWith("/s") && !peak.containsKey(iface)) {
                peak.computeIfAbsent(iface, k -> new LinkedHashMap<>()).put(column, rate);
                peakRow.put(iface, s);
            }
        }));
        List<Finding> out = new ArrayList<>();
        peak.forEach((iface, rates) -> {
            List<String> seen = new ArrayList<>();
            rates.forEach((column, rate) -> seen.add(String.format(Locale.ROOT, "%s %.2f", column, rate)));
            SarSample row = peakRow.get(iface);
            List<Evidence> evidence = new ArrayList<>();
            evidence.add(new Evidence("sar, line " + row.source().line(), row.source().text().strip()));
            SarSample avg = averages.get(iface);
            String average = "";
            if (avg != null && avg != row) {
                evidence.add(new Evidence("sar, line " + avg.source().line(), avg.source().text().strip()));
                List<String> a = new ArrayList<>();
                rates.keySet().forEach(c -> a.add(String.format(Locale.ROOT, "%s %.2f", c, avg.values().getOrDefault(c, 0.0))));
                average = ", averaged over the run " + String.join(", ", a);
            }
            out.add(new Finding(ID, Severity.WARN, iface, iface + " counted " + String.join(", ", seen)
                    + " per second at its worst sample" + average + ": a rate over each sample, which does not say why",
                    evidence, null, Fix.action(advice(iface, rates.keySet()))));
        });
        return out;
    }

    /** Where to look next, by the kinds of column that rose. */
    private static String advice(String iface, Set<String> columns) {
        List<String> steps = new ArrayList<>();
        steps.add("read the interface's own counters for the kind: ip -s -s link show dev " + iface
                + ", and for a NIC ethtool -S " + iface + " (the driver's names)");
        if (columns.stream().anyMatch(RECEIVE_ERRORS::contains)) {
            steps.add("receive errors (CRC, frame) point at the cable, optic or far port, FIFO errors at a ring the"
                    + " CPU did not empty");
        }
        if (columns.stream().anyMatch(TRANSMIT_ERRORS::contains)) {
            steps.add("carrier errors and collisions point at the link itself (a flapping link, half duplex)");
        }
        if (columns.stream().anyMatch(DROPS::contains)) {
            steps.add("drops are the kernel's or driver's discards: a full ring or backlog on a NIC, and on a virtual"
                    + " device (veth, tun, bridge) what its other end refused (down, a smaller MTU)");
        }
        return String.join("; ", steps);
    }
}
