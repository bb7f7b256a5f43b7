package dev.wirespeed.report;

import dev.wirespeed.diagnose.Adapter;
import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Port;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.PcieGen;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Text of `wirespeed doctor`: the inventory tree, then findings by severity, then a summary line. */
public final class DoctorText {
    private final PrintWriter out;

    public DoctorText(PrintWriter out) {
        this.out = out;
    }

    public void print(DoctorReport report) {
        inventory(report.facts());
        out.println();
        findings(report.findings());
        summary(report);
    }

    public void inventory(Facts facts) {
        out.println("Host (" + facts.origin() + ")");
        cpu(facts.cpu());
        List<Adapter> adapters = Adapter.of(facts);
        Set<String> shown = new TreeSet<>();
        for (Adapter a : adapters) {
            adapter(a, facts);
            a.ports().stream().filter(p -> p.netdev() != null).forEach(p -> shown.add(p.netdev().name()));
        }
        List<String> others = new ArrayList<>();
        for (NetInterface i : facts.interfaces()) {
            if (!shown.contains(i.name())) {
                others.add(i.name() + " (" + (i.isLoopback() ? "loopback" : i.isVirtual() ? "virtual" : "no device")
                        + ", " + i.operState().describe() + ")");
            }
        }
        if (!others.isEmpty()) {
            out.println("  other interfaces: " + String.join(", ", others));
        }
        facts.counters(Counters.Scope.HOST, Counters.HOST_SUBJECT).ifPresent(c -> {
            List<String> parts = new ArrayList<>();
            c.value("TcpRetransSegs").ifPresent(r -> parts.add(String.format(Locale.ROOT, "%,d segments retransmitted", r)
                    + c.value("TcpOutSegs").filter(o -> o > 0)
                            .map(o -> String.format(Locale.ROOT, " of %,d (%.2f %%)", o, 100.0 * r / o)).orElse("")));
            CounterFindings.mattering(c, v -> v != 0).forEach((name, v) -> {
                if (!name.equals("TcpRetransSegs")) {
                    parts.add(name + " " + String.format(Locale.ROOT, "%,d", v));
                }
            });
            if (!parts.isEmpty()) {
                out.println("  tcp/ip: " + String.join(", ", parts));
            }
        });
        for (Mount m : facts.mounts()) {
            out.println("  mount " + m.mountPoint() + "  " + m.fsType() + " " + m.device() + "  proto=" + m.proto().describe());
        }
        List<String> unreadable = unreadable(facts);
        if (!unreadable.isEmpty()) {
            out.println("  unreadable:");
            unreadable.forEach(u -> out.println("    " + u));
        }
    }

    private void cpu(CpuTopology cpu) {
        StringBuilder b = new StringBuilder("  CPUs ").append(cpu.online().describe());
        if (cpu.online().isPresent()) {
            b.append(" (").append(cpu.online().value().count()).append(" online)");
        }
        if (!cpu.nodes().isEmpty()) {
            b.append(", NUMA ").append(cpu.nodes().stream()
                    .map(n -> "node" + n.id() + " " + n.cpus().describe()).collect(Collectors.joining(", ")));
        }
        if (cpu.policies().isEmpty()) {
            b.append(", cpufreq: none");
        } else {
            Map<String, Integer> governors = new LinkedHashMap<>();
            cpu.policies().forEach(p -> governors.merge(p.governor().describe(), 1, Integer::sum));
            b.append(", governor ").append(governors.entrySet().stream()
                    .map(e -> e.getKey() + (governors.size() > 1 ? " ×" + e.getValue() : "")).collect(Collectors.joining(", ")));
        }
        out.println(b);
    }

    private void adapter(Adapter a, Facts facts) {
        StringBuilder b = new StringBuilder("  ").append(a.key());
        a.model().ifPresent(m -> b.append(" ").append(m.family()));
        if (!a.functions().isEmpty()) {
            PciFunction f = a.functions().getFirst();
            if (f.vendorId().isPresent() && f.deviceId().isPresent()) {
                b.append(String.format(" [%04x:%04x]", f.vendorId().value(), f.deviceId().value()));
            }
            if (f.driver().isPresent()) {
                b.append(" ").append(f.driver().value());
            }
            b.append(", NUMA ").append(f.numaNode().isPresent() ? f.numaNode().value().toString() : "-");
        }
        out.println(b);
        PcieLink link = a.link();
        if (link.currentGts().isPresent() || link.currentWidth().isPresent() || link.currentGts().isUnreadable()) {
            StringBuilder l = new StringBuilder("    link ").append(describe(link.currentGts(), link.currentWidth()));
            if (link.maxGts().isPresent() || link.maxWidth().isPresent()) {
                l.append(" of ").append(describe(link.maxGts(), link.maxWidth()));
            }
            PcieGen gen = link.currentGen();
            if (gen != null && link.currentWidth().isPresent()) {
                PcieLimit p = PcieLimit.of(gen, link.currentWidth().value(), link.maxPayloadBytes().optional().orElse(null));
                l.append(" = ").append(Rate.format(p.rawBitsPerSecond())).append(" raw, ")
                        .append(Rate.format(p.usableBitsPerSecond())).append(" usable");
            }
            if (a.linkOwner() != null && !a.functions().isEmpty() && !a.linkOwner().startsWith(a.key())) {
                l.append(" (link of upstream bridge ").append(a.linkOwner()).append(")");
            }
            out.println(l);
        } else if (!a.functions().isEmpty()) {
            out.println("    PCIe link: not shown by this device");
        }
        for (Port p : a.ports()) {
            out.println("    " + port(p));
            List<Counters> counters = new ArrayList<>();
            if (p.netdev() != null) {
                facts.countersOf(p.netdev()).ifPresent(counters::add);
            }
            if (p.rdma() != null) {
                facts.countersOf(p.rdma()).ifPresent(counters::add);
            }
            counters(counters, "      ");
        }
    }

    /**
     * The counters that matter (errors, discards, pauses, congestion, link flaps) of one port or the
     * host: the nonzero ones by name, or a line saying how many were read and all were zero.
     */
    private void counters(List<Counters> counters, String indent) {
        if (counters.isEmpty()) {
            return;
        }
        List<String> nonzero = new ArrayList<>();
        int read = 0;
        for (Counters c : counters) {
            Map<String, Long> m = CounterFindings.mattering(c, v -> true);
            read += m.size();
            m.forEach((name, v) -> {
                if (v != 0) {
                    nonzero.add(name + " " + String.format(Locale.ROOT, "%,d", v));
                }
            });
        }
        if (read == 0) {
            return;
        }
        out.println(indent + "counters: " + (nonzero.isEmpty()
                ? "no errors, drops, pauses or link flaps (" + read + " such counters read, all 0)"
                : String.join(", ", nonzero)));
    }

    private static String describe(Observed<Double> gts, Observed<Integer> width) {
        if (gts.isPresent() || width.isPresent()) {
            return PcieLink.describe(gts, width);
        }
        return gts.describe();
    }

    private static String port(Port p) {
        List<String> parts = new ArrayList<>();
        NetInterface n = p.netdev();
        if (n != null) {
            parts.add(n.name());
            parts.add(n.operState().describe());
            parts.add(n.speedMbps().isPresent() ? Rate.format(n.speedMbps().value() * 1e6) : "speed " + n.speedMbps().describe());
            parts.add("MTU " + n.mtuBytes().describe());
            if (n.ipoibMode().isPresent()) {
                parts.add(n.ipoibMode().value() + " mode");
            }
        }
        RdmaPort r = p.rdma();
        if (r != null) {
            parts.add(r.label());
            parts.add(r.state().describe(Enum::name));
            parts.add(r.physState().describe(Enum::name));
            parts.add(r.rate().describe());
            parts.add(r.linkLayer().describe(l -> l == LinkLayer.INFINIBAND ? "InfiniBand" : "Ethernet"));
            if (r.isInfiniband()) {
                parts.add("LID " + r.lid().describe() + ", SM LID " + r.smLid().describe());
            }
        }
        return String.join("  ", parts);
    }

    /** Every unreadable attribute, with its path and raw text. */
    static List<String> unreadable(Facts facts) {
        List<String> out = new ArrayList<>();
        List<Observed<?>> all = new ArrayList<>();
        for (NetInterface i : facts.interfaces()) {
            all.addAll(List.of(i.type(), i.operState(), i.adminUp(), i.carrier(), i.speedMbps(), i.mtuBytes(), i.address(),
                    i.pciAddress(), i.driver(), i.numaNode(), i.ipoibMode()));
        }
        for (var d : facts.rdmaDevices()) {
            all.addAll(List.of(d.nodeType(), d.nodeGuid(), d.fwVersion(), d.hcaType(), d.boardId(), d.vendorId(), d.partId()));
            for (RdmaPort r : d.ports()) {
                all.addAll(List.of(r.state(), r.physState(), r.rate(), r.linkLayer(), r.lid(), r.smLid(), r.gid0()));
            }
        }
        for (PciFunction f : facts.pciFunctions()) {
            PcieLink l = f.link();
            all.addAll(List.of(f.vendorId(), f.deviceId(), f.numaNode(), f.localCpus(), l.currentGts(), l.currentWidth(),
                    l.maxGts(), l.maxWidth(), l.maxPayloadBytes()));
        }
        all.add(facts.cpu().online());
        facts.cpu().nodes().forEach(n -> all.add(n.cpus()));
        facts.cpu().policies().forEach(p -> all.addAll(List.of(p.cpus(), p.governor(), p.driver())));
        facts.counters().forEach(c -> all.addAll(c.values().values()));
        for (Observed<?> o : all) {
            if (o.isUnreadable()) {
                out.add(o.source() + ": " + o.describe());
            }
        }
        return out;
    }

    public void findings(List<Finding> findings) {
        if (findings.isEmpty()) {
            out.println("No findings.");
            return;
        }
        out.println("Findings:");
        for (Finding f : findings) {
            out.printf("  %-5s %s  %s%n", f.severity().label().toUpperCase(Locale.ROOT), f.rule(), f.message());
            for (Evidence e : f.evidence()) {
                out.println("        evidence: " + e);
            }
            if (f.impact() != null) {
                out.println("        impact:   " + f.impact().summary());
            }
            if (f.fix() != null) {
                out.println("        fix:      " + f.fix().action() + (f.fix().command() == null ? "" : ": " + f.fix().command()));
            }
        }
    }

    public void summary(DoctorReport r) {
        DoctorReport.Summary s = r.summary();
        out.println();
        out.println(s.errors() + " " + (s.errors() == 1 ? "error" : "errors") + ", " + s.warnings() + " "
                + (s.warnings() == 1 ? "warning" : "warnings") + ", " + s.infos() + " info — "
                + (s.healthy() ? "healthy" : "needs attention (exit status 3)"));
    }
}
