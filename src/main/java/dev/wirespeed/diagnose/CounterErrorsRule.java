package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.CounterSample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Nonzero error, discard, pause or congestion counters in pasted {@code ethtool -S},
 * {@code ip -s link}, {@code perfquery} or {@code ibqueryerrors} output: one finding per port and
 * kind of counter ({@link CounterKind}), naming the counters, the cause and the fix. Quiet when all
 * are zero. The counters are totals since the driver loaded or the last reset, so a finding says
 * "since the counters were reset"; a delta around a test is doctor's and bw's business.
 */
final class CounterErrorsRule implements LogRule {
    @Override
    public String id() {
        return "counter-errors";
    }

    @Override
    public String description() {
        return "nonzero drop, error, pause or congestion counters: cause and fix per kind";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (CounterSample s : log.all(CounterSample.class)) {
            Map<CounterKind, Map<String, Long>> byKind = new EnumMap<>(CounterKind.class);
            for (Map.Entry<String, Long> e : s.values().entrySet()) {
                CounterKind k = CounterKind.of(e.getKey());
                if (k != null && e.getValue() > 0) {
                    byKind.computeIfAbsent(k, x -> new LinkedHashMap<>()).put(e.getKey(), e.getValue());
                }
            }
            if (byKind.keySet().stream().anyMatch(k -> k != CounterKind.ERRORS && k != CounterKind.DROPPED)) {
                byKind.remove(CounterKind.ERRORS); // a specific kind already explains the generic totals
                byKind.remove(CounterKind.DROPPED);
            }
            Finding tcp = retransmits(s, id());
            if (tcp != null) {
                out.add(tcp);
            }
            String port = s.subject() == null ? "the port" : s.subject();
            for (Map.Entry<CounterKind, Map<String, Long>> e : byKind.entrySet()) {
                CounterKind k = e.getKey();
                List<String> named = e.getValue().entrySet().stream().map(c -> c.getKey() + " " + c.getValue()).toList();
                String command = k.command == null ? null
                        : k.command.replace("IFACE", s.subject() == null ? "IFACE" : s.subject());
                out.add(new Finding(id(), k.severity, port,
                        port + ": " + String.join(", ", named) + " (" + s.tool() + "): " + k.meaning,
                        List.of(new Evidence(s.tool() + ", line " + s.source().line(), s.source().text().strip())), null,
                        command == null ? Fix.action(k.action) : Fix.command(k.action, command)));
            }
        }
        return out;
    }

    /** Retransmitted share of all TCP segments sent, when both counters were printed and more than 1 %. */
    static Finding retransmits(CounterSample s, String id) {
        Long re = s.value("TcpRetransSegs");
        Long sent = s.value("TcpOutSegs");
        if (re == null || sent == null || sent == 0 || re * 100 <= sent) {
            return null;
        }
        return new Finding(id, Severity.WARN, "TCP",
                String.format(java.util.Locale.ROOT, "TCP retransmitted %d of %d segments (%.1f %%, %s): packets are lost "
                        + "on the way or at a receiver", re, sent, 100.0 * re / sent, s.tool()),
                List.of(new Evidence(s.tool() + ", line " + s.source().line(), s.source().text().strip())), null,
                Fix.action("look for drops in the interfaces' counters (ethtool -S, ip -s link) on both ends and in "
                        + "the switch; compare with a test's delta rather than totals since boot"));
    }
}
