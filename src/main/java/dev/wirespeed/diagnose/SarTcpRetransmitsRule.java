package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.SarSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code sar -n TCP,ETCP}: ETCP's retrans/s against TCP's oseg/s of the same sample (sysstat reads both from the
 * kernel's Tcp RetransSegs and OutSegs, so the share is the one {@code counter-tcp-retransmits} judges on totals,
 * with its threshold, 1 %). The samples' rates are summed over the run (the Average row when sar printed one). Without
 * a TCP report beside ETCP the share cannot be worked out and nothing is said. sar's counters are host-wide: the
 * finding cannot name a connection or tell loss on the path from a local queue that overflowed.
 */
final class SarTcpRetransmitsRule implements LogRule {
    static final String ID = "sar-tcp-retransmissions";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "sar -n TCP,ETCP: retrans/s above 1 % of oseg/s";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        // by sample time ("Average:" for the averages), the TCP row's oseg/s and the ETCP row's retrans/s
        Map<String, SarSample> sent = new LinkedHashMap<>();
        Map<String, SarSample> resent = new LinkedHashMap<>();
        for (SarSample s : log.all(SarSample.class)) {
            String key = s.average() ? "average" : s.time();
            if ("TCP".equals(s.report()) && s.values().get("oseg/s") != null) {
                sent.put(key, s);
            } else if ("ETCP".equals(s.report()) && s.values().get("retrans/s") != null) {
                resent.put(key, s);
            }
        }
        List<String> paired = resent.keySet().stream().filter(sent::containsKey).toList();
        if (paired.isEmpty()) {
            return List.of();
        }
        List<String> use = paired.contains("average") ? List.of("average")
                : paired.stream().filter(k -> !k.equals("average")).toList();
        double oseg = 0;
        double retrans = 0;
        List<Evidence> evidence = new ArrayList<>();
        for (String k : use) {
            oseg += sent.get(k).values().get("oseg/s");
            retrans += resent.get(k).values().get("retrans/s");
        }
        if (oseg <= 0 || retrans / oseg < CounterFindings.RETRANSMIT_SHARE) {
            return List.of();
        }
        String last = use.getLast();
        evidence.add(new Evidence("sar, line " + sent.get(last).source().line(), sent.get(last).source().text().strip()));
        evidence.add(new Evidence("sar, line " + resent.get(last).source().line(), resent.get(last).source().text().strip()));
        String over = use.equals(List.of("average")) ? "sar's averages" : use.size() == 1 ? "one sample" : use.size() + " samples";
        return List.of(new Finding(ID, Severity.WARN, "tcp", String.format(Locale.ROOT,
                "TCP resent %.1f %% of the segments it sent (retrans/s %.2f of oseg/s %.2f, %s): segments are lost or"
                        + " dropped; sar's TCP rates are the whole host's, so they cannot name the connection or tell loss"
                        + " on the path from a local queue that overflowed", 100 * retrans / oseg, retrans / use.size(),
                oseg / use.size(), over),
                evidence, null,
                Fix.action("find the connections that retransmit (ss -ti: retrans per socket) and where their segments"
                        + " drop: sar -n EDEV and ip -s -s link for the interfaces, tc -s qdisc for a queue that"
                        + " overflows, ethtool -S and the switch port for the NIC and the path")));
    }
}
