package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, "silent misses and false alarms": real outputs explain read without a finding, or with a
 * wrong one. Each test names the fixture it reads (its source is in the fixture directory's README).
 */
class SilentMissesTest {
    static Explanation explain(String fixture) {
        return Explainer.standard().explain(fixture, Fixture.text(fixture));
    }

    static Explanation explainText(String name, String text) {
        return Explainer.standard().explain(name, text);
    }

    static List<Finding> findings(Explanation e, String rule) {
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void lspciOkMarkAfterTheSpeedStillReadsTheDowngradedWidth() {
        // pciutils 3.6.0–3.7.0 print "(ok)" where 3.8 prints nothing: "Speed 5GT/s (ok), Width x1 (downgraded)"
        Explanation e = explain("pci/lspci-vvv-i350-pf-ok-downgraded-x1.txt");
        assertThat(findings(e, "pcie-link-downgraded")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("0000:04:00.0 (I350)");
            assertThat(f.message()).isEqualTo("PCIe link runs at PCIe 2.0 x1 (5 GT/s); the device supports PCIe 2.0 x4 (5 GT/s)");
        });
        // the same line as pciutils 3.8 prints it gives the same finding
        String plain = Fixture.text("pci/lspci-vvv-i350-pf-ok-downgraded-x1.txt").replace("5GT/s (ok),", "5GT/s,");
        assertThat(findings(explainText("plain.txt", plain), "pcie-link-downgraded")).extracting(Finding::message)
                .isEqualTo(findings(e, "pcie-link-downgraded").stream().map(Finding::message).toList());
    }

    @Test
    void aVirtualFunctionsZeroLinkStatusIsNotADowngradedLink() {
        // a VF's Link Status register reads zero: "Speed unknown (downgraded), Width x0 (downgraded)"
        assertThat(explain("pci/lspci-vvv-i350-vf-speed-unknown-x0.txt").findings()).isEmpty();
    }

    @Test
    void aZeroLinkStatusOnAFunctionNotKnownAsAVfSaysBothReadings() {
        // the same dump with the name pci.ids gives a VF taken away (older pci.ids print "Device 1520") and its driver
        String unnamed = Fixture.text("pci/lspci-vvv-i350-vf-speed-unknown-x0.txt")
                .replace("I350 Ethernet Controller Virtual Function (rev 01)", "Device 1520 (rev 01)")
                .replace("Kernel driver in use: igbvf", "Kernel driver in use: vfio-pci");
        assertThat(findings(explainText("unnamed.txt", unnamed), "pcie-link-downgraded")).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("reads no trained link (width x0, speed unknown)",
                    "an SR-IOV virtual function always reads so");
            assertThat(f.fix().action()).contains("read its PF's LnkSta");
        });
    }

    @Test
    void ethtoolLinkDetectedNoIsAPortWithoutLinkWithTheDriversReason() {
        Explanation e = explain("host/ethtool-settings-cx4-40g-unsupported-cable-robinchrist.txt");
        assertThat(findings(e, "port-down")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("WARN");
            assertThat(f.message()).isEqualTo("ens16f1np1 has no link (Link detected: no (Cable issue, Unsupported cable))");
            assertThat(f.fix().action()).contains("the driver rejects the cable or optic", "ethtool -m ens16f1np1");
        });
        // the same port with a link says nothing
        String up = Fixture.text("host/ethtool-settings-cx4-40g-unsupported-cable-robinchrist.txt")
                .replace("Link detected: no (Cable issue, Unsupported cable)", "Link detected: yes");
        assertThat(findings(explainText("up.txt", up), "port-down")).isEmpty();
    }

    @Test
    void ifbDevicesThatAreDownAreVirtualNotBrokenLinks() {
        // ifb0/ifb1 as the ifb module makes them: no UP flag, state DOWN; doctor lists them as "virtual, down"
        Explanation e = explain("host/ip-6.1.0-s-link-ifb-down.txt");
        assertThat(findings(e, "port-down")).isEmpty();
        assertThat(e.facts().getFirst().netInterface("ifb0").orElseThrow().isVirtual()).isTrue();
        // a physical interface without the UP flag is administratively down (info), not a cable to check
        String phys = Fixture.text("host/ip-6.1.0-s-link-ifb-down.txt").replace("ifb0", "enp1s0f0");
        assertThat(findings(explainText("phys.txt", phys), "port-down")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.message()).isEqualTo("enp1s0f0 is administratively down");
        });
    }

    @Test
    void anIperf2UdpClientWithNoServerIsAFailedRunNotARate() {
        Explanation e = explain("iperf/iperf2-2.1.8-udp-client-no-server.txt");
        assertThat(e.failures()).singleElement().satisfies(f -> {
            assertThat(f.measurement()).isZero();
            assertThat(f.cause()).isEqualTo("no-server");
            assertThat(f.message()).isEqualTo("\"read failed: Connection refused\" ×100, \"did not receive ack of last datagram\"");
        });
        assertThat(e.measurements().getFirst().metric("bitsPerSecond")).as("what the client sent is no result").isEmpty();
        assertThat(e.measurements().getFirst().metric("sentBitsPerSecond")).hasValueSatisfying(m ->
                assertThat(m.value()).isEqualTo(105e6));
        assertThat(e.facts().stream().flatMap(f -> f.measurements().stream())).as("no rule judges it as a result").isEmpty();
        assertThat(findings(e, "run-failed")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("ERROR");
            assertThat(f.message()).startsWith("iperf2 UDP client got no answer from a server on port 15999");
            assertThat(f.fix().command()).isEqualTo("iperf -s -u -p 15999");
        });
        // a run with its server's report is a result
        Explanation ok = explain("iperf/iperf2-2.1.8-udp-client-e.txt");
        assertThat(ok.failures()).isEmpty();
        assertThat(findings(ok, "run-failed")).isEmpty();
    }

    @Test
    void aLossyIperf3UdpRunIsAFindingThatNamesTheCausesItCannotTellApart() {
        // esnet/iperf#841: 10427939 of 28304262 datagrams lost on a 100G ConnectX-5
        Explanation e = explain("iperf/iperf3-3.6-udp-37pct-lost-cx5-iperf841.txt");
        assertThat(findings(e, "udp-loss")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("WARN");
            assertThat(f.message()).isEqualTo("iperf3 udp-bw lost 36.8 % of what it sent (10,427,939 of 28,304,262 datagrams)"
                    + " (above 1 %): the received rate is not the path's");
            assertThat(f.fix().action()).startsWith("the output does not show which:")
                    .contains("the receiver's CPU", "socket buffer", "a rate above the path");
        });
        assertThat(e.failures()).as("lossy is not failed").isEmpty();
        // at or below the threshold: no finding (iperf 2's own loopback run lost 0 of 17836)
        assertThat(findings(explain("iperf/iperf2-2.1.8-udp-client-e.txt"), "udp-loss")).isEmpty();
    }

    @Test
    void qperfUdpBwThatReceivesAThirdOfWhatItSentNamesTheBusyReceiver() {
        Explanation e = explain("qperf/qperf-0.4.11-v-udp_bw-lossy-loopback.txt");
        assertThat(e.measurements().getFirst().metric("sentBitsPerSecond")).hasValueSatisfying(m ->
                assertThat(m.value()).isEqualTo(29.6e9));
        assertThat(findings(e, "udp-loss")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("qperf udp-bw lost 64.9 % of what it sent (sent 29.6 Gbit/s, received 10.4 Gbit/s)");
            assertThat(f.fix().action()).startsWith("likely the receiver's CPU (it used 199 % of a CPU)");
        });
        // the k8s pods' run: 2.62 GB/s sent, 2.37 received, 9.5 % lost, receivers at 142 % cpus
        assertThat(findings(explain("qperf/qperf-0.4.11-v-tabs-udp_bw-conf-k8s.txt"), "udp-loss")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("lost 9.5 %"));
    }

    @Test
    void anOrdinaryKernelLogIsRecognizedWithNothingToSay() {
        Explanation e = explain("kernel/dmesg-5.3-ppc64-boot-no-network-linuxppc.txt");
        assertThat(e.nothingRecognized()).isFalse();
        assertThat(e.summary().formats()).containsEntry("kernel-log", 1);
        assertThat(e.pieces().getLast().outputs().getFirst().notes()).containsExactly("kernel log: no network or RDMA events");
        assertThat(e.pieces().getLast().unrecognized()).as("every line read").isNull();
        assertThat(e.findings()).isEmpty();
    }

    @Test
    void theKernelsPcieNoticeWithoutPcieInTheSpeedIsReadAsTheLimitingLink() {
        // kernels 4.17–5.3: "limited by 8 GT/s x8 link at 0001:00:00.0 (capable of 126.016 Gb/s with 8 GT/s x16 link)"
        Explanation e = explain("kernel/dmesg-5.3-pcie-limited-by-8gts-x8-old-format-linuxppc.txt");
        assertThat(findings(e, "pcie-link-downgraded")).singleElement().satisfies(f -> {
            assertThat(f.subject()).startsWith("0001:08:00.0");
            assertThat(f.message()).isEqualTo("PCIe link runs at PCIe 3.0 x8 (8 GT/s); the device supports PCIe 3.0 x16 (8 GT/s)");
        });
    }

    @Test
    void oneLinkDownThenUpIsAnInfoFlapAndTwoDownsAWarning() {
        Explanation e = explain("kernel/dmesg-mlx5-eswitch-link-down-up-annotated-notes.txt");
        assertThat(findings(e, "kernel-link-flaps")).extracting(f -> f.subject() + " " + f.severity())
                .containsExactlyInAnyOrder("enp1s0f0np0 INFO", "enp1s0f1np1 WARN");
        assertThat(findings(e, "kernel-link-flaps")).filteredOn(f -> f.subject().equals("enp1s0f0np0")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("enp1s0f0np0: link went down once and came back after 2.5 s"));
    }
}
