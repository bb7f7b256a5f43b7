package dev.wirespeed.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * RoCEv2 framing (issue 26, seed steps): IBTA vol. 1 Annex A17 headers over Ethernet, and the RoCE MTU
 * the kernel picks for an Ethernet MTU (include/rdma/ib_addr.h iboe_get_mtu).
 */
class RoceFramingTest {
    @Test
    void theKernelsRoceMtuForAnEthernetMtu() {
        assertThat(Framing.roceActiveMtu(1500)).isEqualTo(1024); // seed 000's ib_send_bw: "Mtu : 1024[B]" on a 1500 port
        assertThat(Framing.roceActiveMtu(9000)).isEqualTo(4096);
        assertThat(Framing.roceActiveMtu(4192)).isEqualTo(4096);
        assertThat(Framing.roceActiveMtu(4191)).isEqualTo(2048);
        assertThat(Framing.roceActiveMtu(2144)).isEqualTo(2048);
        assertThat(Framing.roceActiveMtu(1119)).isEqualTo(512);
        assertThat(Framing.roceActiveMtu(300)).isZero();
    }

    @Test
    void eachPacketCarries82BytesOfHeadersOnTheWire() {
        assertThat(Framing.ROCE_V2_PACKET_OVERHEAD_BYTES).isEqualTo(14 + 4 + 20 + 20 + 8 + 12 + 4);
        assertThat(Framing.roceGoodput(1024, 0)).isCloseTo(1024.0 / 1106, within(1e-12));
        assertThat(Framing.roceGoodput(4096, 0)).isCloseTo(4096.0 / 4178, within(1e-12));
        // RDMA WRITE: RETH 16 once per message; a 4096-byte message at RoCE MTU 1024 is 4 packets
        assertThat(Framing.roceGoodput(1024, 4096)).isCloseTo(4096.0 / (4096 + 4 * 82 + 16), within(1e-12));
        // a 100-byte message is one short packet
        assertThat(Framing.roceGoodput(1024, 100)).isCloseTo(100.0 / (100 + 82 + 16), within(1e-12));
        assertThatThrownBy(() -> Framing.roceGoodput(1500, 0)).hasMessageContaining("not an IB MTU");
    }

    @Test
    void seed000sIbSendBwOver25GbeRoceMeetsTheCeiling() {
        // seed 000 l.1482-1510: ib_send_bw RoCE, Mtu 1024[B], 65536 B messages: BW average 23.13 Gb/sec on 25GbE
        Stage s = Links.roce(25, 1, 1500, null, 0);
        assertThat(s.kind()).isEqualTo(Stage.LINK);
        assertThat(s.name()).isEqualTo("25GbE, RoCEv2 at MTU 1500");
        assertThat(s.rawBitsPerSecond()).isEqualTo(25e9);
        assertThat(s.usableBitsPerSecond()).isCloseTo(23.146e9, within(0.001e9));
        assertThat(23.13e9 / s.usableBitsPerSecond()).isGreaterThan(0.99);
        assertThat(s.assumption()).isEqualTo("RoCEv2, RoCE MTU 1024 (the largest that Ethernet MTU 1500 allows): "
                + "1024 / (1024 + 82: Ethernet 38, IPv4 20, UDP 8, BTH 12, ICRC 4) = 92.6 %");
        // TCP at the same MTU gets more of the line than RoCE in 1024-byte packets
        assertThat(Links.ethernet(25, 1, 1500).usableBitsPerSecond()).isGreaterThan(s.usableBitsPerSecond());
    }

    @Test
    void jumboFramesAndAWriteOfOneSize() {
        Stage jumbo = Links.roce(100, 1, 9000, null, 0);
        assertThat(jumbo.usableBitsPerSecond()).isCloseTo(100e9 * 4096 / 4178, within(1e3));
        Stage write = Links.roce(100, 2, 9000, 2048, 4096);
        assertThat(write.name()).isEqualTo("2 × 100GbE, RoCEv2 at MTU 9000");
        assertThat(write.usableBitsPerSecond()).isCloseTo(200e9 * 4096 / (4096 + 2 * 82 + 16), within(1e3));
        assertThat(write.assumption()).isEqualTo("RoCEv2, RoCE MTU 2048: RDMA WRITE of 4096 B: 2 packets × 82 B of headers"
                + " + RETH 16 = 95.8 %");
    }
}
