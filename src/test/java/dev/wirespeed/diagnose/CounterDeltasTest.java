package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.host.Counters;
import dev.wirespeed.host.EthtoolStats;
import dev.wirespeed.host.QdiscStats;
import dev.wirespeed.measure.PathCounters;
import dev.wirespeed.results.Json;
import dev.wirespeed.wire.CounterDelta;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.UdpSocketDrops;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counter deltas of a test: arithmetic, the notes they give, the parsers behind them, and the wire field. */
class CounterDeltasTest {
    private static Counters netdev(String name, Map<String, Long> values) {
        Counters.Builder b = Counters.netdev(name);
        values.forEach((k, v) -> b.value(k, v, "/sys/class/net/" + name + "/statistics/" + k));
        return b.build();
    }

    @Test
    void deltaIsAfterMinusBeforeAndKeepsOnlyWhatMoved() {
        var before = List.of(netdev("eth0", Map.of("rx_out_of_buffer", 100L, "rx_bytes", 5L, "rx_crc_errors", 3L)));
        var after = List.of(netdev("eth0", Map.of("rx_out_of_buffer", 1_200_100L, "rx_bytes", 905L, "rx_crc_errors", 3L)));
        List<Counters> d = PathCounters.delta(before, after);
        assertThat(d).hasSize(1);
        assertThat(d.getFirst().value("rx_out_of_buffer")).contains(1_200_000L);
        assertThat(d.getFirst().value("rx_bytes")).contains(900L);
        assertThat(d.getFirst().values()).doesNotContainKey("rx_crc_errors");
        assertThat(d.getFirst().observed("rx_bytes").orElseThrow().source()).startsWith("delta of /sys/class/net/eth0");
    }

    @Test
    void aWrappedUnsignedCounterStillGivesItsDelta() {
        Counters a = Counters.netdev("eth0").parse("rx_dropped", "18446744073709551615", "x").build(); // 2^64 - 1
        Counters b = Counters.netdev("eth0").parse("rx_dropped", "4", "x").build();
        assertThat(Counters.delta(a, b).value("rx_dropped")).contains(5L);
    }

    @Test
    void theNoteNamesTheCounterItsDeltaTheCauseAndTheRing() {
        var d = List.of(netdev("enp65s0f0np0", Map.of("rx_out_of_buffer", 1_200_000L)));
        List<Finding> f = CounterFindings.duringTest(d, "server", Map.of());
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.rule()).isEqualTo("counter-rx-buffer");
            assertThat(x.message()).isEqualTo("server enp65s0f0np0: rx_out_of_buffer +1.2 M during the test: the receiver"
                    + " dropped packets for want of buffers: the receive ring ran empty before the CPU refilled it");
            // a test's snapshots do not read the ring: its maximum is left to ethtool -g, not invented
            assertThat(x.fix().command()).isEqualTo("ethtool -G enp65s0f0np0 rx <maximum>");
            assertThat(x.fix().action()).contains("ethtool -g enp65s0f0np0 shows the maximum");
        });
    }

    @Test
    void fewRetransmitsAreBackgroundNotACause() {
        Counters host = Counters.host().value("TcpRetransSegs", 3, "s").value("TcpOutSegs", 10_000, "s").build();
        assertThat(CounterFindings.duringTest(List.of(host), "client", Map.of())).isEmpty();
        Counters lossy = Counters.host().value("TcpRetransSegs", 300, "s").value("TcpOutSegs", 10_000, "s").build();
        assertThat(CounterFindings.duringTest(List.of(lossy), "client", Map.of())).singleElement()
                .satisfies(x -> assertThat(x.message()).contains("TcpRetransSegs +300 (3.00 % of segments sent)"));
    }

    @Test
    void checkVerdictNamesTheCounterNoteWhenThePathDoesNotExplainTheShortfall() {
        Verdict v = Verdict.unknownPath(4e9, "no rate known for eth0")
                .withCounterNote("counter-rx-buffer", "client eth0: rx_out_of_buffer +1.2 M during the test", "ethtool -G eth0 rx <maximum>");
        assertThat(v.finding()).isEqualTo("counter-rx-buffer");
        assertThat(v.text()).endsWith("During the test: client eth0: rx_out_of_buffer +1.2 M during the test; ethtool -G eth0 rx <maximum>.");
    }

    @Test
    void humanCounts() {
        assertThat(CounterFindings.human(9_999)).isEqualTo("9999");
        assertThat(CounterFindings.human(1_234_567)).isEqualTo("1.2 M");
        assertThat(CounterFindings.human(45_000)).isEqualTo("45.0 k");
    }

    @Test
    void ethtoolStatsSkipsQueuesAndKeepsGarbageUnreadable() {
        String text = "NIC statistics:\n     rx_packets: 845320277\n     rx0_packets: 12\n     ch3_events: 9\n"
                + "     rx_queue_0_drops: 1\n     rx_out_of_buffer: lots\n     rx_discards_phy: 88310\n     rx_crc_err";
        Counters c = EthtoolStats.parse(text, "ethtool -S eth0", Counters.netdev("eth0")).build();
        assertThat(c.values().keySet()).containsExactly("rx_packets", "rx_out_of_buffer", "rx_discards_phy");
        assertThat(c.observed("rx_out_of_buffer").orElseThrow().isUnreadable()).isTrue();
        assertThat(c.value("rx_discards_phy")).contains(88_310L);
        assertThat(EthtoolStats.parse("", "x", Counters.netdev("eth0")).isEmpty()).isTrue();
    }

    @Test
    void pauseStatisticsOfEthtoolDashAReadOnlyTheCountersAndSurviveTruncation() {
        // fbnic's output as its pause-storm patch shows it (parse/host/ethtool-I-a-fbnic.txt)
        String text = "Pause parameters for eth0:\nAutonegotiate:\toff\nRX:\t\toff\nTX:\t\ton\nStatistics:\n"
                + "  tx_pause_frames: 759657\n  rx_pause_frames: 0\n  tx_pause_storm_events: 219\n";
        Counters c = EthtoolStats.parsePause(text, "ethtool --include-statistics -a eth0", Counters.netdev("eth0")).build();
        assertThat(c.values().keySet()).containsExactly("tx_pause_frames", "rx_pause_frames", "tx_pause_storm_events");
        assertThat(c.value("tx_pause_frames")).contains(759_657L);
        assertThat(c.observed("tx_pause_storm_events").orElseThrow().source())
                .isEqualTo("ethtool --include-statistics -a eth0: tx_pause_storm_events");
        Counters cut = EthtoolStats.parsePause(text.substring(0, text.indexOf("  rx_pause")) + "  rx_pau",
                "x", Counters.netdev("eth0")).build();
        assertThat(cut.values().keySet()).containsExactly("tx_pause_frames");
        Counters garbled = EthtoolStats.parsePause(text.replace("759657", "lots"), "x", Counters.netdev("eth0")).build();
        assertThat(garbled.observed("tx_pause_frames").orElseThrow().isUnreadable()).isTrue();
        assertThat(EthtoolStats.parsePause("Pause parameters for eth0:\nRX: on\nTX: on\n", "x", Counters.netdev("eth0"))
                .isEmpty()).as("no -I: settings only").isTrue();
    }

    @Test
    void aGenericTotalSpeaksOnlyWhenNoSpecificCounterExplainsTheInterface() {
        var alone = List.of(netdev("eth0", Map.of("rx_dropped", 40L)));
        assertThat(CounterFindings.duringTest(alone, "", Map.of())).extracting(Finding::rule).containsExactly("counter-dropped");
        var explained = List.of(netdev("eth0", Map.of("rx_dropped", 40L, "rx_errors", 2L, "rx_out_of_buffer", 40L)));
        assertThat(CounterFindings.duringTest(explained, "", Map.of())).extracting(Finding::rule)
                .containsExactly("counter-rx-buffer");
    }

    @Test
    void qdiscStatsReadsTheRootOnlyAndSurvivesTruncation() {
        String tc = "qdisc tbf 8001: root refcnt 2 rate 100Mbit burst 16Kb lat 0us \n"
                + " Sent 26411 bytes 120 pkt (dropped 17, overlimits 40 requeues 0) \n backlog 0b 0p requeues 0\n"
                + "qdisc ingress ffff: parent ffff:fff1 ---------------- \n Sent 100 bytes 2 pkt (dropped 5, overlimits 0 requeues 0) \n";
        Counters c = QdiscStats.parse(tc, "tc", Counters.netdev("v")).build();
        assertThat(c.value("qdisc_dropped")).contains(17L);
        assertThat(c.value("qdisc_overlimits")).contains(40L);
        assertThat(QdiscStats.parse(tc.substring(0, 60), "tc", Counters.netdev("v")).isEmpty()).isTrue();
    }

    @Test
    void resultsCarryDeltasOnTheWireAndOlderResultsStillRead() throws IOException {
        var deltas = List.of(new CounterDelta("netdev", "eth0", Map.of("rx_out_of_buffer", CounterDelta.Count.of(42, "delta of x"))));
        Message.Results sent = new Message.Results(List.of(), new Message.CpuTime(1, 2, 3), 7L).withCounterDeltas(deltas)
                .withUdpSocketDrops(new UdpSocketDrops(1, 1, 5L));
        Message back = codec(FrameCodec.encode(sent)).read();
        assertThat(((Message.Results) back).counterDeltas()).singleElement()
                .satisfies(c -> assertThat(c.values().get("rx_out_of_buffer").value()).isEqualTo(42L));
        assertThat(((Message.Results) back).udpSocketDrops().drops()).isEqualTo(5L);
        // an older server's Results, without the fields (as it wrote them)
        String old = "{\"type\":\"results\",\"streams\":[],\"cpu\":{\"userNanos\":1,\"systemNanos\":2,\"wallNanos\":3},"
                + "\"retransmitsHostWide\":7}";
        Message.Results r = (Message.Results) codec(FrameCodec.frame(old.getBytes(StandardCharsets.UTF_8))).read();
        assertThat(r.counterDeltas()).isNull();
        assertThat(r.udpSocketDrops()).isNull();
        assertThat(r.retransmitsHostWide()).isEqualTo(7L);
    }

    @Test
    void theWireRecordKeepsTheJsonOlderPeersWroteAndRead() throws IOException {
        // what an issue-18 server sent: the fact model's Counters, Observed values with status
        Counters factModel = Counters.netdev("eth0").value("rx_out_of_buffer", 42, "delta of ethtool -S eth0").build();
        String older = Json.MAPPER.writeValueAsString(factModel);
        CounterDelta read = Json.MAPPER.readValue(older, CounterDelta.class);
        assertThat(read.scope()).isEqualTo("netdev");
        assertThat(read.values().get("rx_out_of_buffer").value()).isEqualTo(42L);
        // and what a newer server sends reads back as the fact model, as an older client reads it
        String newer = Json.MAPPER.writeValueAsString(read);
        Counters back = Json.MAPPER.readValue(newer, Counters.class);
        assertThat(back.scope()).isEqualTo(Counters.Scope.NETDEV);
        assertThat(back.value("rx_out_of_buffer")).contains(42L);
        assertThat(back.observed("rx_out_of_buffer").orElseThrow().source()).isEqualTo("delta of ethtool -S eth0");
    }

    private static FrameCodec codec(byte[] bytes) {
        return new FrameCodec(new ByteArrayInputStream(bytes), new ByteArrayOutputStream());
    }
}
