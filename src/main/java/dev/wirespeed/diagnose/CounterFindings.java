package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.RingSizes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Findings from counters: since they were last reset (doctor, explain) or their deltas over a test
 * (bw, lat, check, mesh). One finding per subject and {@link CounterSignal}, naming every nonzero
 * counter of that signal with its value, the cause and the fix.
 */
public final class CounterFindings {
    private CounterFindings() {}

    /** Retransmits below this share of the segments sent (since boot, or during a test) are background, not a cause. */
    static final double RETRANSMIT_SHARE = 0.01;

    /** doctor: nonzero counters of {@code signal} in the facts. */
    static List<Finding> sinceReset(Facts facts, CounterSignal signal) {
        Map<String, Observed<RingSizes>> rings = new LinkedHashMap<>();
        facts.interfaces().forEach(i -> rings.put(i.name(), i.ring()));
        return of(facts.counters(), signal, "", netdevNames(facts), rings, false);
    }

    /**
     * A test: the nonzero deltas of every signal, {@code side} ("client", "server") prefixed to the
     * subject; {@code netdevOfSubject} names the netdev of an RDMA port ("mlx5_0/1" → "ib0") for the fix.
     */
    public static List<Finding> duringTest(List<Counters> deltas, String side, Map<String, String> netdevOfSubject) {
        List<Finding> out = new ArrayList<>();
        for (CounterSignal s : CounterSignal.values()) {
            // a test's snapshots do not read the rings: the ring fix names how to find the maximum
            out.addAll(of(deltas, s, side == null || side.isEmpty() ? "" : side + " ", netdevOfSubject, Map.of(), true));
        }
        return out;
    }

    /** The subject of a test's host-wide counters: every process of the host counts there (issue 26). */
    public static final String HOST_WIDE = "host-wide";
    /** What a host-wide counter's note says of it. */
    public static final String HOST_WIDE_NOTE = "host-wide: other processes count here too";

    private static List<Finding> of(List<Counters> all, CounterSignal signal, String prefix,
                                    Map<String, String> netdevOf, Map<String, Observed<RingSizes>> rings,
                                    boolean delta) {
        List<Finding> out = new ArrayList<>();
        for (Counters c : all) {
            if ((signal.scope != null && signal.scope != c.scope()) || (signal.generic && CounterSignal.specificFires(c))) {
                continue;
            }
            // by name, so the same counters read the same whatever order the source listed them in
            Map<String, Observed<Long>> hits = new TreeMap<>();
            c.values().forEach((name, o) -> {
                if (o.isPresent() && o.value() != 0 && CounterSignal.of(c.scope(), name).orElse(null) == signal
                        && !CounterSignal.repeatsDriverCounter(c, name)) {
                    hits.put(name, o);
                }
            });
            if (hits.isEmpty()) {
                continue;
            }
            String share = "";
            if (signal == CounterSignal.TCP_RETRANSMITS) {
                long sent = c.value("TcpOutSegs").orElse(0L);
                long retrans = hits.get("TcpRetransSegs").value();
                double ratio = sent > 0 ? (double) retrans / sent : Double.NaN;
                if (!(ratio >= RETRANSMIT_SHARE)) {
                    continue;
                }
                share = Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, " (%.2f %% of segments sent)", ratio * 100);
            }
            String subject = prefix + label(c, delta);
            String window = (delta && c.scope() == Counters.Scope.HOST ? " (" + HOST_WIDE_NOTE + ")" : "")
                    + (delta ? " during the test" : sinceReset(hits.values()));
            StringBuilder counts = new StringBuilder();
            hits.forEach((name, o) -> counts.append(counts.isEmpty() ? "" : ", ").append(name).append(' ')
                    .append(delta ? "+" + human(o.value()) : grouped(o.value())));
            String netdev = c.subject().equals(Counters.UNNAMED_SUBJECT) ? null
                    : c.scope() == Counters.Scope.NETDEV ? c.subject() : netdevOf.get(c.subject());
            List<Evidence> evidence = new ArrayList<>(hits.values().stream().map(Observed::evidence).toList());
            String note = "";
            Fix fix;
            if (signal.ringDrops()) {
                RingFix ring = RingFix.of(signal, netdev, netdev == null ? null : rings.get(netdev));
                note = ring.note();
                fix = ring.fix();
                if (ring.evidence() != null) {
                    evidence.add(ring.evidence());
                }
            } else {
                String command = signal.fixCommand == null || (signal.fixCommand.contains("{IF}") && netdev == null) ? null
                        : signal.fixCommand.replace("{IF}", netdev == null ? "" : netdev);
                String software = command != null && signal.needsDriverCounters ? SoftwareNetdevDrops.fix(netdev,
                        hits.keySet().equals(Set.of("rx_dropped"))) : null;
                fix = software != null ? Fix.action(software)
                        : command == null ? Fix.action(signal.fixAction) : Fix.command(signal.fixAction, command);
            }
            out.add(new Finding(signal.ruleId, signal.severity, subject,
                    subject + ": " + counts + share + window + ": " + signal.cause + note, evidence, null, fix));
        }
        return out;
    }

    /** What the values count over: since the last reset, or per second when each is a rate (mlnx_perf). */
    private static String sinceReset(Collection<Observed<Long>> values) {
        boolean rates = values.stream().allMatch(o -> o.source() != null && o.source().endsWith(Counters.PER_SECOND));
        return rates ? " per second while mlnx_perf sampled" : " since the counters were last reset";
    }

    /** "enp4s0f0np0", "mlx5_0 port 1", "tcp/ip"; "the port" when the output did not name it. */
    public static String label(Counters c) {
        return label(c, false);
    }

    /** As {@link #label(Counters)}; a test's ({@code delta}) host counters are {@value #HOST_WIDE}. */
    static String label(Counters c, boolean delta) {
        if (c.subject().equals(Counters.UNNAMED_SUBJECT)) {
            return "the port";
        }
        if (delta && c.scope() == Counters.Scope.HOST) {
            return HOST_WIDE;
        }
        return switch (c.scope()) {
            case NETDEV -> c.subject();
            case RDMA_PORT -> c.subject().replace("/", " port ");
            case HOST -> "tcp/ip";
        };
    }

    private static Map<String, String> netdevNames(Facts facts) {
        Map<String, String> m = new LinkedHashMap<>();
        for (var p : facts.rdmaPorts()) {
            if (p.netdev().isPresent()) {
                m.put(Counters.rdmaSubject(p.device(), p.port()), p.netdev().value());
            }
        }
        return m;
    }

    /** 1234567 → "1,234,567". */
    static String grouped(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** 1234567 → "1.2 M"; below 10,000 exact. */
    public static String human(long v) {
        long a = Math.abs(v);
        if (a < 10_000) {
            return Long.toString(v);
        }
        String[] units = {"k", "M", "G", "T", "P"};
        double x = v;
        int u = -1;
        while (Math.abs(x) >= 1000 && u < units.length - 1) {
            x /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", x, units[u]);
    }

    /**
     * What a counter means when it moves, as doctor words it: its finding's rule id, severity and
     * cause (the one table, {@link CounterSignal}); empty for a counter that means nothing alone
     * (traffic). For views that show counters one by one (`wirespeed watch`).
     */
    public record Meaning(String rule, Severity severity, String cause) {}

    public static Optional<Meaning> meaning(Counters.Scope scope, String name) {
        return CounterSignal.of(scope, name).map(s -> new Meaning(s.ruleId, s.severity, s.cause));
    }

    /** The counters that matter (a signal's names) of one record, name → value, nonzero first. */
    public static Map<String, Long> mattering(Counters c, Function<Long, Boolean> keep) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String n : CounterSignal.mattering(c)) {
            c.value(n).filter(keep::apply).ifPresent(v -> m.put(n, v));
        }
        return m;
    }
}
