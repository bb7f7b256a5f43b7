package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.Fixture;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One rule set serves explain and doctor: for each fixture host, explain of the outputs captured
 * on that host in its seed and doctor of its tree fire the same rules. The only differences
 * allowed are named here with their reason: rules that need tool output sysfs does not have, and
 * rules that rest on values the tree constructs because the seed does not show them
 * (src/test/resources/hosts/README.md, "constructed").
 */
class ExplainDoctorAgreementTest {
    /** Rules that read what only tool output carries (results, pause settings, firmware status and settings). */
    static final Set<String> OUTPUT_ONLY = Set.of("bandwidth-below-link", "iperf3-single-thread", "roce-no-flow-control",
            "firmware-update-required", "link-type-mismatch");

    /**
     * @param origin      the host as explain names it (its prompt), or the seed's name when it has none
     * @param doctorOnly  rules that fire on the tree only, because of constructed values
     * @param explainOnly rules that fire on the output only, because the tree leaves the value out
     */
    record Host(String tree, String seed, String origin, Set<String> doctorOnly, Set<String> explainOnly) {}

    static final List<Host> HOSTS = List.of(
            // the tree's process list is constructed (the seed has no ps or systemctl status);
            // the tree's port is INIT with LinkUp (no SM), its IPoIB netdev in datagram mode (neither in the paste); the paste shows it PORT_DOWN (port-down fires on both);
            // the tree has no cpufreq, mlnx_tune warns "CPU frequency not max"
            new Host("m02-001", "001_f6752bc58d89dcbd.txt", "m02", Set.of("ib-no-subnet-manager", "ib-sm-not-running",
                    "ipoib-datagram-port-init"),
                    Set.of("cpu-governor")),
            // the 25G port speeds are constructed (the seed shows none), so only the tree compares PCIe with ports
            new Host("r86s-004", "004_2a39351d1c4a425e.txt", "r86s-01", Set.of("pcie-below-ports"), Set.of()),
            // the seed shows no speed for enp16s0f0np0 next to its MTU 1500
            new Host("ft2000-000", "000_a2147e746c8b34a4.txt", "ft2000", Set.of("ethernet-mtu"), Set.of()),
            // constructed: MTU 1500, the second mount over TCP, ECN off; the paste has no PCI id, so no NIC family
            new Host("t3640-000", "000_a2147e746c8b34a4.txt", "t3640",
                    Set.of("ethernet-mtu", "nfs-over-tcp", "port-rate-below-device", "roce-ecn-off"), Set.of()),
            new Host("ndr200-node-000", "000_a2147e746c8b34a4.txt", "tj01-h20-node139", Set.of(), Set.of()),
            new Host("bluefield2-002", "002_6dce3dfc6f2788a4.txt", "002_6dce3dfc6f2788a4.txt", Set.of(), Set.of()),
            new Host("ib-node-003", "003_6d654e133b65fb90.txt", "003_6d654e133b65fb90.txt", Set.of(), Set.of()));

    @Test
    void explainOfEachHostsOutputsAndDoctorOfItsTreeFireTheSameRules() {
        for (Host h : HOSTS) {
            Explanation e = Explainer.standard().explain(h.seed(), Fixture.text("seeds/" + h.seed()));
            Facts pasted = e.facts().stream().filter(f -> f.origin().equals(h.origin())).findFirst().orElseThrow();
            Set<String> explain = ids(RuleSet.standard().diagnose(pasted));
            explain.removeAll(OUTPUT_ONLY);
            Set<String> doctor = ids(RuleSet.standard().diagnose(Fixtures.facts(h.tree())));
            assertThat(doctor).as(h.tree() + ": constructed values only in the tree").containsAll(h.doctorOnly());
            assertThat(explain).as(h.tree() + ": values only in the output").containsAll(h.explainOnly());
            doctor.removeAll(h.doctorOnly());
            explain.removeAll(h.explainOnly());
            assertThat(explain).as(h.tree() + ": explain of " + h.origin() + " in " + h.seed() + " vs doctor")
                    .isEqualTo(doctor);
        }
    }

    private static Set<String> ids(List<Finding> findings) {
        Set<String> out = new TreeSet<>();
        findings.forEach(f -> out.add(f.rule()));
        return out;
    }
}
