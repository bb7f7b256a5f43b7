package dev.wirespeed.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.Verdict;
import dev.wirespeed.facts.Facts;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * check's UDP part (issue 28 point 6) on recorded hosts: it runs on Ethernet and RoCE paths at the
 * path's MTU, and over loopback; an InfiniBand path (IPoIB) skips it with the reason.
 */
class HostCheckUdpTest {
    @Test
    void anInfinibandPathSkipsTheUdpTestWithTheReason() {
        Facts facts = Fixtures.facts("ib-node-003");
        HostCheck.Limits limits = HostCheck.limits(facts, "ib0");
        assertThat(limits.path()).as("the fixture's IPoIB path is known").isPresent();
        assertThat(HostCheck.udpSkipReason(limits)).isEqualTo(
                "the path is InfiniBand (IPoIB): a UDP test there measures IPoIB, not the fabric (bw --rdma does)");
    }

    @Test
    void aRocePathRunsItAtTheInterfacesMtu() {
        Facts facts = Fixtures.facts("roce-qos-020");
        HostCheck.Limits limits = HostCheck.limits(facts, "enp1s0f0np0");
        assertThat(limits.path()).isPresent();
        assertThat(HostCheck.udpSkipReason(limits)).isNull();
        assertThat(HostCheck.udpDatagramBytes(limits)).as("MTU 9000 less IPv4 and UDP").isEqualTo(8972);
        assertThat(HostCheck.udpSpec(8972).rateBitsPerSecond()).as("unpaced").isZero();
        assertThat(HostCheck.udpSpec(8972).durationMillis()).isEqualTo(2000);
    }

    @Test
    void loopbackRunsItAtAJumboFramesSize() {
        Facts facts = Fixtures.facts("roce-qos-020");
        HostCheck.Limits limits = HostCheck.limits(facts, "lo");
        assertThat(HostCheck.udpSkipReason(limits)).isNull();
        assertThat(HostCheck.udpDatagramBytes(limits)).isEqualTo(8972);
    }

    @Test
    void theVerdictSaysHowMuchOfTheCeilingUdpReachedAndAtWhatLoss() {
        Verdict tcp = new Verdict(9.0e9, 9.41e9, 95.6, "10GbE, TCP at MTU 1500", null, null, "9.00 Gbit/s = 96 %");
        Verdict v = tcp.withUdp(1472, 9.5e9, 0.25, 12L, null);
        // UDP's ceiling at MTU 1500: the TCP ceiling × 1472 / 1448
        assertThat(v.udp().ceilingBitsPerSecond()).isCloseTo(9.41e9 * 1472 / 1448, Offset.offset(1.0));
        assertThat(v.udp().percentOfCeiling()).isEqualTo(99.3);
        assertThat(v.text()).isEqualTo("9.00 Gbit/s = 96 % UDP (1472 B datagrams, unpaced): 9.50 Gbit/s received = 99 % "
                + "of the ceiling for UDP (9.57 Gbit/s), lost 0.250 % (the receiving socket dropped 12: its host could "
                + "not keep up).");
        Verdict unknown = new Verdict(1e9, null, null, null, null, null, "x").withUdp(8972, 2e9, 0, 0L, "note");
        assertThat(unknown.udp().percentOfCeiling()).isNull();
        assertThat(unknown.text()).endsWith("UDP (8972 B datagrams, unpaced): 2.00 Gbit/s received, lost 0 %. "
                + "During the UDP test: note.");
    }
}
