package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Compares the hosts' facts: a cluster should be uniform in MTU, link layer, port rate, firmware,
 * RDMA device naming (src/test/resources/parse/ib/ibstatus-seed000-node139-ibp-names.txt: ibp171s0 on one
 * node, mlx5_2 on the next breaks scripts that name devices), CPU governor, driver and wirespeed version; and
 * the doctor should find nothing.
 */
public final class Consistency {
    private Consistency() {}

    /**
     * A fact with more than one value across hosts.
     *
     * @param fact    "MTU", "link layer" …
     * @param values  value → hosts holding it, the most common value first
     * @param odd     hosts outside the most common value
     * @param summary one line: "MTU differs: 9000 on 5 hosts; 1500 on h3"
     */
    public record Difference(String fact, Map<String, List<String>> values, List<String> odd, String summary) {}

    /** One doctor rule that fired on some hosts. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DoctorNote(String rule, String severity, List<String> hosts, String example, String summary) {}

    public record Result(List<Difference> differences, List<DoctorNote> doctor) {}

    private record Check(String name, Function<NodeFacts, String> value) {}

    private static final List<Check> CHECKS = List.of(
            new Check("MTU", f -> f.mtuBytes() == null ? null : f.mtuBytes().toString()),
            new Check("link layer", NodeFacts::linkLayer),
            new Check("port rate", f -> f.portRateBitsPerSecond() == null ? null : Rate.format(f.portRateBitsPerSecond())),
            new Check("firmware", NodeFacts::firmware),
            new Check("RDMA device naming", f -> f.rdmaNaming() == null ? null : switch (f.rdmaNaming()) {
                case "kernel" -> "kernel names (driver_N, e.g. mlx5_0)";
                case "udev" -> "udev names (by PCI path, e.g. ibp171s0)";
                default -> "mixed names";
            }),
            new Check("CPU governor", NodeFacts::governor),
            new Check("driver", NodeFacts::driver),
            new Check("wirespeed version", NodeFacts::software));

    /** @param facts host label → facts; hosts without facts are left out */
    public static Result check(List<String> hosts, Map<String, NodeFacts> facts) {
        List<Difference> differences = new ArrayList<>();
        for (Check c : CHECKS) {
            Map<String, List<String>> byValue = new LinkedHashMap<>();
            for (String h : hosts) {
                NodeFacts f = facts.get(h);
                String v = f == null ? null : c.value().apply(f);
                if (v != null) {
                    byValue.computeIfAbsent(v, k -> new ArrayList<>()).add(h);
                }
            }
            if (byValue.size() > 1) {
                differences.add(difference(c.name(), byValue));
            }
        }
        Map<String, DoctorNote> notes = new LinkedHashMap<>();
        for (String h : hosts) {
            NodeFacts f = facts.get(h);
            if (f == null) {
                continue;
            }
            for (NodeFacts.NodeFinding finding : f.findings()) {
                DoctorNote prev = notes.get(finding.rule());
                List<String> on = new ArrayList<>(prev == null ? List.of() : prev.hosts());
                if (!on.contains(h)) {
                    on.add(h);
                }
                String severity = prev == null || worse(finding.severity(), prev.severity())
                        ? finding.severity() : prev.severity();
                String example = prev == null ? h + ": " + finding.message() : prev.example();
                notes.put(finding.rule(), new DoctorNote(finding.rule(), severity, on, example,
                        "doctor " + severity + " " + finding.rule() + " on " + hostsText(on, hosts.size())
                                + " (" + example + ")"));
            }
        }
        return new Result(differences, List.copyOf(notes.values()));
    }

    private static Difference difference(String fact, Map<String, List<String>> byValue) {
        List<Map.Entry<String, List<String>>> entries = new ArrayList<>(byValue.entrySet());
        // Most hosts first; ties keep host order. The most common value is taken as the intended one.
        entries.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        Map<String, List<String>> values = new LinkedHashMap<>();
        entries.forEach(e -> values.put(e.getKey(), List.copyOf(e.getValue())));
        List<String> odd = new ArrayList<>();
        StringBuilder summary = new StringBuilder(fact).append(" differs: ");
        for (int i = 0; i < entries.size(); i++) {
            var e = entries.get(i);
            if (i > 0) {
                odd.addAll(e.getValue());
                summary.append("; ");
            }
            summary.append(e.getKey()).append(" on ")
                    .append(i == 0 && e.getValue().size() > 3 ? e.getValue().size() + " hosts" : String.join(", ", e.getValue()));
        }
        return new Difference(fact, values, odd, summary.toString());
    }

    private static String hostsText(List<String> on, int total) {
        if (on.size() == total && total > 1) {
            return "every host";
        }
        return on.size() > 5 ? on.size() + " hosts (" + String.join(", ", on.subList(0, 5)) + ", …)" : String.join(", ", on);
    }

    /** Severities travel as their labels (an agent's JSON); one the coordinator does not know counts as info. */
    private static boolean worse(String label, String than) {
        return severity(label).compareTo(severity(than)) > 0;
    }

    private static Severity severity(String label) {
        return Severity.ofLabel(label).orElse(Severity.INFO);
    }
}
