package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.KernelError;
import dev.wirespeed.parse.host.LinkEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Driver lines without a PCI address and the statements read from them (issue 31 round 11); the real samples are
 * fixtures with key facts under parse/kernel/ (README there). Here what must stay unread and the forms no fixture has.
 */
class KernelDriverLinesTest {
    private static <T extends ParsedRecord> List<T> all(String text, Class<T> type) {
        return Fixture.blocksOf(text).stream().filter(b -> b.format().equals("kernel-log")).flatMap(b -> b.all(type).stream())
                .toList();
    }

    @Test
    void ifconfigsHeadAndAnAdapterBannerAreNoDriverLines() {
        String ifconfig = """
                eth0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500
                        inet 10.0.0.2  netmask 255.255.255.0  broadcast 10.0.0.255
                        ether 52:54:00:12:34:56  txqueuelen 1000  (Ethernet)
                """;
        assertThat(Fixture.blocksOf(ifconfig)).noneMatch(b -> b.format().equals("kernel-log"));
        assertThat(all("[    2.1] ena: ena device version: 0.10\n[    2.2] mlx4_en: Mellanox ConnectX HCA Ethernet driver v4.0\n"
                + "[    3.0] mlx4_en: eth1: Link Up\n", LinkEvent.class)).singleElement()
                .satisfies(e -> assertThat(e.iface()).isEqualTo("eth1"));
    }

    @Test
    void enaResetsAreOneEachWithTheirReason() {
        // amzn-drivers#163 pasted the netdev alone; ENA's README shows the keep-alive form
        List<KernelError> lost = all("""
                ens5: The number of lost tx completions is above the threshold (361 > 128). Reset the device
                [18509.800135] ena 0000:00:07.0 eth1: Keep alive watchdog timeout.
                [18509.815244] ena 0000:00:07.0 eth1: Trigger reset is on
                [18609.815244] ena 0000:00:07.0 eth1: Trigger reset is on
                """, KernelError.class);
        assertThat(lost).extracting(KernelError::errorType)
                .containsExactly("lost tx completions", "keep alive watchdog timeout", "reset triggered");
        assertThat(lost.getFirst().iface()).isEqualTo("ens5");
        assertThat(lost.getFirst().detail()).isEqualTo("361 > 128");
        assertThat(lost).allMatch(e -> e.event().equals(KernelError.DEVICE_RESET));
    }

    @Test
    void linkLinesOfOtherDriversGiveTheirFieldsAsPrinted() {
        List<LinkEvent> links = all("""
                [   10.1] bnxt_en 0000:3b:00.0 ens1f0np0: NIC Link is Up, 25000 Mbps full duplex, Flow control: none
                [   10.2] cxgb4 0000:02:00.4 eth2: link up, 10Gbps, full-duplex, Tx/Rx PAUSE
                [   10.3] bnx2 0000:01:00.0 eth0: NIC Copper Link is Up, 1000 Mbps full duplex
                [   10.4] igb 0000:07:00.0 eno1: igb: eno1 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX
                """, LinkEvent.class);
        assertThat(links).extracting(LinkEvent::duplex).containsExactly("full", "full", "full", "Full");
        assertThat(links).extracting(LinkEvent::flowControl).containsExactly("none", "Tx/Rx", null, "RX/TX");
        assertThat(links).extracting(e -> e.speed().value()).containsExactly(25e9, 10e9, 1e9, 1e9);
    }
}
