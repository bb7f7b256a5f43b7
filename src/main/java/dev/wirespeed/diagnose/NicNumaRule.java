package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.PciFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A linked NIC on a NUMA node none of the test's CPUs belong to: every packet then crosses the
 * socket interconnect. Only on hosts with more than one node, and only when the test's CPUs are
 * confined (a test free to run anywhere is placed by the engine). Info.
 */
final class NicNumaRule implements Rule {
    static final String ID = "nic-numa-remote";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "linked NIC on a NUMA node where none of the test's CPUs are (info)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        CpuList test = context.testCpus();
        List<CpuTopology.NumaNode> nodes = facts.cpu().nodes();
        if (test == null || nodes.size() < 2) {
            return out;
        }
        for (Adapter a : Adapter.of(facts)) {
            if (a.ports().stream().noneMatch(Port::isPhysicallyUp)) {
                continue;
            }
            Optional<PciFunction> f = a.functions().stream().filter(x -> x.numaNode().isPresent()).findFirst();
            if (f.isEmpty()) {
                continue;
            }
            int node = f.get().numaNode().value();
            Optional<CpuTopology.NumaNode> n = nodes.stream().filter(x -> x.id() == node && x.cpus().isPresent()).findFirst();
            if (n.isEmpty() || test.intersects(n.get().cpus().value())) {
                continue;
            }
            String ifs = String.join(", ", a.ports().stream().filter(Port::isPhysicallyUp).map(Port::label).toList());
            out.add(new Finding(ID, Severity.INFO, PcieLinkDowngradedRule.subject(a), a.label() + " (" + ifs
                    + ") is on NUMA node " + node + " (CPUs " + n.get().cpus().value() + "); the test would run on CPUs " + test,
                    Evidences.of(f.get().numaNode(), n.get().cpus()), null,
                    Fix.command("run the test on the NIC's node", "numactl --cpunodebind=" + node + " --membind=" + node
                            + " wirespeed …")));
        }
        return out;
    }

}
