package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.Rule;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * One rule set serves explain and doctor (issue 26, deliver 8): the same facts through a fixture tree and
 * through the pasted outputs of the same host give the same findings — rule, severity, subject and fix.
 *
 * <p>Every fixture tree is compared with its host pasted ({@link TreePaste}: the tools that show what
 * doctor reads, in their own layouts, and the tree's captured command outputs), over every host rule.
 * The differences allowed are named, each with its reason ({@link #ONE_PATH}, {@link #HOST_DIFFERS}); every
 * host rule must agree on some tree or be named there. The seed hosts are also compared with the real
 * outputs of their seed ({@link #SEEDS}), which show less than the trees, so there the rule ids are compared.
 */
class ExplainDoctorAgreementTest {
    /** Every fixture tree (hosts/README.md). */
    static final List<String> TREES = List.of("r86s-004", "m02-001", "t3640-000", "ft2000-000", "bluefield2-002",
            "ib-node-003", "ndr200-node-000", "vm-virtio", "mlx5-counters-018", "ib-counters-018", "virtio-errors-018",
            "ena-allowance-018", "nfs-rdma-broken-000", "roce-qos-020", "malformed", "ib-init-inbox-026");

    /** Rules only one path can judge: the facts they read come from one side only. */
    static final Map<String, String> ONE_PATH = Map.ofEntries(
            Map.entry("roce-ecn-off", "mlx5's /sys/class/net/IF/ecn/roce_np|roce_rp files: no pasted tool prints them"),
            Map.entry("cpu-governor", "explain reads CPU frequency only from mlnx_tune's and perftest's warnings; the "
                    + "governor (cpupower frequency-info, scaling_governor) is issue 26's 'seed steps' work (adv-read)"),
            Map.entry("nic-numa-remote", "needs the CPUs of each NUMA node and the CPUs a test runs on; pasted, only lstopo "
                    + "gives the former and nothing the latter"),
            Map.entry("firmware-update-required", "mlxfwmanager's status: no sysfs file"),
            Map.entry("link-type-mismatch", "mlxconfig/mstconfig's LINK_TYPE_Pn: no sysfs file"),
            Map.entry("ofed-without-nfsrdma", "the shell's 'Protocol not supported' from writing /proc/fs/nfsd/portlist: "
                    + "nothing doctor reads keeps it"),
            Map.entry("service-not-running", "a unit's state is systemctl's; doctor reads unit files (installed), not states"),
            Map.entry("ipoib-not-loaded", "both paths read it (/proc/modules, pasted lsmod), but no fixture tree has ib_core "
                    + "without ib_ipoib yet; SeedStepsTest judges it both ways on seed 003's output"),
            Map.entry("cpufreq-no-driver", "explain only: cpupower's 'no or unknown cpufreq driver' line; doctor's sysfs "
                    + "without cpufreq cannot tell a VM from a missing driver"),
            Map.entry("nfs-export-not-tmpfs", "explain only: /etc/exports or exportfs and the local file systems (mount, df "
                    + "-T, findmnt); doctor keeps only the NFS lines of /proc/mounts and does not read /etc/exports"),
            Map.entry("udp-loss", "measured results are tool output"),
            Map.entry("bandwidth-below-link", "measured results are tool output"),
            Map.entry("iperf3-single-thread", "measured results are tool output"));

    /** Findings one path has on one tree, with the reason. Key: "tree rule". */
    static final Map<String, String> HOST_DIFFERS = Map.of(
            "r86s-004 pcie-link-downgraded", "the slot's own width (the root port's max_link_width) is read from sysfs; "
                    + "a pasted lspci -vvv of the root port is not tied to its card (its secondary bus is not read), so "
                    + "the pasted fix says the slot is not known",
            "malformed pcie-link-downgraded", "malformed files (garbage speed, rate, state) have no tool that prints them",
            "malformed port-down", "as above: the garbage port state has no tool that prints it");

    static String key(Finding f) {
        return f.rule() + " | " + f.severity().label() + " | " + f.subject() + " | "
                + (f.fix() == null ? "-" : f.fix().command() + " | " + f.fix().action());
    }

    private static Set<String> keys(List<Finding> findings, String tree) {
        Set<String> out = new TreeSet<>();
        findings.stream().filter(f -> !ONE_PATH.containsKey(f.rule()) && !HOST_DIFFERS.containsKey(tree + " " + f.rule()))
                .forEach(f -> out.add(key(f)));
        return out;
    }

    @Test
    void everyTreeAndItsPastedOutputsGiveTheSameFindingsAndFixes() {
        Set<String> agreed = new TreeSet<>();
        for (String tree : TREES) {
            Explanation e = Explainer.standard().explain(tree + ".txt", TreePaste.of(tree));
            Facts pasted = e.facts().stream().filter(f -> f.origin().equals(tree)).findFirst().orElseThrow();
            List<Finding> fromPaste = RuleSet.standard().diagnose(pasted);
            List<Finding> fromTree = RuleSet.standard().diagnose(Fixtures.facts(tree));
            assertThat(keys(fromPaste, tree)).as(tree + ": explain of its pasted outputs vs doctor of the tree")
                    .isEqualTo(keys(fromTree, tree));
            keys(fromTree, tree).forEach(k -> agreed.add(k.substring(0, k.indexOf(" | "))));
            // the named differences are real: the finding is on one path only
            HOST_DIFFERS.keySet().stream().filter(k -> k.startsWith(tree + " ")).map(k -> k.substring(tree.length() + 1))
                    .forEach(rule -> assertThat(keys(fromTree.stream().filter(f -> f.rule().equals(rule)).toList(), "")
                            .equals(keys(fromPaste.stream().filter(f -> f.rule().equals(rule)).toList(), "")))
                            .as(tree + " " + rule + " differs, as named").isFalse());
        }
        for (Rule rule : RuleSet.standard().rules()) {
            assertThat(agreed.contains(rule.id()) || ONE_PATH.containsKey(rule.id()))
                    .as(rule.id() + ": agrees on some tree, or is named as one path's").isTrue();
        }
    }

    /**
     * @param origin      the host as explain names it (its prompt), or the seed's name when it has none
     * @param doctorOnly  rules that fire on the tree only, because of constructed values
     * @param explainOnly rules that fire on the output only, because the tree leaves the value out
     */
    record Host(String tree, String seed, String origin, Set<String> doctorOnly, Set<String> explainOnly) {}

    /** The seed hosts through the real outputs of their seeds: rule ids compared (the seeds show less than the trees). */
    static final List<Host> SEEDS = List.of(
            // the tree's process list and units are constructed (the seed has no ps or systemctl status of opensm);
            // the tree's port is INIT with LinkUp (no SM); the paste shows it PORT_DOWN (port-down fires on both)
            new Host("m02-001", "001_f6752bc58d89dcbd.txt", "m02", Set.of("ib-sm-not-running"), Set.of()),
            new Host("r86s-004", "004_2a39351d1c4a425e.txt", "r86s-01", Set.of(), Set.of()),
            // the seed shows no speed for enp16s0f0np0 next to its MTU 1500
            new Host("ft2000-000", "000_a2147e746c8b34a4.txt", "ft2000", Set.of("ethernet-mtu"), Set.of()),
            // constructed: MTU 1500, the second mount over TCP, ECN off; the paste has no PCI id, so no NIC family
            new Host("t3640-000", "000_a2147e746c8b34a4.txt", "t3640",
                    Set.of("ethernet-mtu", "nfs-over-tcp", "port-rate-below-device"), Set.of()),
            new Host("ndr200-node-000", "000_a2147e746c8b34a4.txt", "tj01-h20-node139", Set.of(), Set.of()),
            new Host("bluefield2-002", "002_6dce3dfc6f2788a4.txt", "002_6dce3dfc6f2788a4.txt", Set.of(), Set.of()),
            new Host("ib-node-003", "003_6d654e133b65fb90.txt", "003_6d654e133b65fb90.txt", Set.of(), Set.of()));

    @Test
    void explainOfEachSeedHostsRealOutputsAndDoctorOfItsTreeFireTheSameRules() {
        for (Host h : SEEDS) {
            Explanation e = Explainer.standard().explain(h.seed(), Fixture.text("seeds/" + h.seed()));
            Facts pasted = e.facts().stream().filter(f -> f.origin().equals(h.origin())).findFirst().orElseThrow();
            Set<String> explain = ids(RuleSet.standard().diagnose(pasted));
            explain.removeAll(ONE_PATH.keySet());
            Set<String> doctor = ids(RuleSet.standard().diagnose(Fixtures.facts(h.tree())));
            doctor.removeAll(ONE_PATH.keySet());
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
