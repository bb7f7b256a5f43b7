package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.facts.Facts;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Verdicts on the seeds' measured rates, through the fixture of the machine they were measured on. */
class VerdictTest {
    private static Verdict through(String host, String netdev, double measured) {
        Facts facts = Fixtures.facts(host);
        List<Finding> findings = RuleSet.standard().diagnose(facts);
        return Verdict.through(measured, HostPaths.via(facts, netdev).orElseThrow(), findings);
    }

    @Test
    void m02GenTwoSlotIsTheBottleneckWithItsFix() {
        // seed 001 l.406: 54.9 Gbits/sec on the ConnectX-4 at 5 GT/s x16
        Verdict v = through("m02-001", "ibp3s0", 54.9e9);
        assertThat(v.ceilingBitsPerSecond()).isCloseTo(58.5e9, within(0.05e9));
        assertThat(v.percentOfCeiling()).isCloseTo(94, within(0.5));
        assertThat(v.bottleneck()).isEqualTo("PCIe 2.0 x16");
        assertThat(v.finding()).isEqualTo(PcieLinkDowngradedRule.ID);
        assertThat(v.text()).startsWith("54.9 Gbit/s = 94 % of 58.5 Gbit/s — bottleneck: PCIe 2.0 x16 (64.0 Gbit/s raw): "
                + "PCIe link runs at PCIe 2.0 x16 (5 GT/s); the device supports PCIe 3.0 x16 (8 GT/s): it carries 58.5 Gbit/s"
                + " usable, less than the 100 Gbit/s of its linked port. Fix: set the slot to Gen3");
    }

    @Test
    void r86sOnePortIsAtLineRate() {
        // seed 004 l.181: 24.7 Gbits/sec over one 25G port at MTU 9000 — the x4 PCIe link (28.6 usable) does not
        // limit one port: the link does, and the verdict says the test is at line rate, as explain does
        Verdict v = through("r86s-004", "enp4s0f0np0", 24.7e9);
        assertThat(v.bottleneck()).isEqualTo("25GbE, TCP at MTU 9000");
        assertThat(v.percentOfCeiling()).isCloseTo(99.8, within(0.1));
        assertThat(v.finding()).isNull();
        assertThat(v.text()).isEqualTo("24.7 Gbit/s = 100 % of 24.8 Gbit/s — at line rate; bottleneck: 25GbE, TCP at MTU 9000"
                + " (25.0 Gbit/s raw): the path is the limit — tuning streams, IRQs or buffers cannot raise it.");
        // a counter note during a test at line rate is context, never its reason or fix
        Verdict noted = v.withCounterNote("counter-socket-drops", "UdpRcvbufErrors +110.1 k", "raise net.ipv4.tcp_rmem");
        assertThat(noted.finding()).isNull();
        assertThat(noted.fix()).isNull();
        assertThat(noted.text()).doesNotContain("tcp_rmem").contains("(it did not hold the test back: at line rate)");
        // below line rate with nothing in the facts to explain it: not "as designed"
        Verdict short_ = through("r86s-004", "enp4s0f0np0", 22e9);
        assertThat(short_.text()).doesNotContain("as designed", "at line rate")
                .contains("nothing in the host's facts explains the gap to the ceiling");
    }

    @Test
    void mtuFindingExplainsALinkBottleneck() {
        Verdict v = through("t3640-000", "enp1s0f1np1", 12e9);
        assertThat(v.finding()).isEqualTo(EthernetMtuRule.ID);
        assertThat(v.fix().command()).isEqualTo("ip link set enp1s0f1np1 mtu 9000");
        assertThat(v.text()).contains("well below the ceiling"); // 12 of 23.5
    }

    @Test
    void ipoibTestUsesIpoibFraming() {
        Facts facts = Fixtures.facts("ib-node-003");
        HostPaths.HostPath p = HostPaths.via(facts, "ib0").orElseThrow();
        assertThat(p.limit().stages().getFirst().name()).contains("IPoIB datagram");
        // seed 003 l.107: iperf over IPoIB 12.6 Gbits/sec
        Verdict v = Verdict.through(12.6e9, p, RuleSet.standard().diagnose(facts));
        assertThat(v.finding()).isEqualTo(IpoibDatagramRule.ID);
    }

    @Test
    void loopbackComparesWithTheFastestNicPath() {
        List<HostPaths.HostPath> paths = HostPaths.of(Fixtures.facts("r86s-004"));
        Verdict slow = Verdict.loopback(20e9, 4, paths);
        assertThat(slow.text()).contains("this host can drive about 20.0 Gbit/s", "70 %", "CPU-bound");
        Verdict fast = Verdict.loopback(40e9, 4, paths);
        assertThat(fast.text()).contains("enough for its fastest NIC path");
        assertThat(Verdict.loopback(20e9, 1, List.of()).ceilingBitsPerSecond()).isNull();
    }

    @Test
    void zeroCopyFollowUpSaysWhetherCopiesAreTheBottleneck() {
        // the m02 ConnectX-4 path (ceiling 58.5 Gbit/s) with a CPU-bound 31 Gbit/s test
        Verdict copying = through("m02-001", "ibp3s0", 31e9);
        Verdict drives = copying.withZeroCopy(60e9);
        assertThat(drives.zeroCopyBitsPerSecond()).isEqualTo(60e9);
        assertThat(drives.text()).startsWith(copying.text()).endsWith(" With copies 31.0 Gbit/s (CPU-bound), zero-copy"
                + " 60.0 Gbit/s: the NIC can be driven, applications that copy will not.");
        assertThat(drives.measuredBitsPerSecond()).as("the verdict's rate stays the copying test's").isEqualTo(31e9);
        assertThat(copying.withZeroCopy(45e9).text()).endsWith("zero-copy 45.0 Gbit/s: copies are a bottleneck, but even"
                + " without them this host stays below the ceiling.");
        assertThat(copying.withZeroCopy(33e9).text()).endsWith("zero-copy 33.0 Gbit/s: copies are not the bottleneck"
                + " (the kernel's TCP path is).");
        assertThat(copying.zeroCopyBitsPerSecond()).isNull();
    }
}
