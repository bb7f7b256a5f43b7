package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ResultsTest {
    @Test
    void receiverResultsOf312WithMinusOneAsUnsigned() throws Exception {
        ResultsExchange r = ResultsExchange.parse(Fixtures.json("results-3.12-client-receiver.txt"), 2);
        assertThat(r.senderHasRetransmits()).isEqualTo(-1);
        assertThat(r.cpuTotalPercent()).isCloseTo(18.177646146923028, within(1e-12));
        assertThat(r.congestionUsed()).isEqualTo("bbr");
        assertThat(r.streams()).extracting(ResultsExchange.Stream::index).containsExactly(0, 1);
        assertThat(r.streams()).extracting(ResultsExchange.Stream::bytes).containsExactly(419_561_472L, 416_940_032L);
        assertThat(r.streams()).extracting(ResultsExchange.Stream::retransmits).containsExactly(-1L, -1L);
        assertThat(r.streams().getFirst().seconds()).isCloseTo(1.001665, within(1e-9));
    }

    @Test
    void senderResultsCarryRetransmits() throws Exception {
        ResultsExchange r = ResultsExchange.parse(Fixtures.json("results-3.12-server-sender.txt"), 2);
        assertThat(r.senderHasRetransmits()).isEqualTo(1);
        assertThat(r.streams()).extracting(ResultsExchange.Stream::retransmits).containsExactly(3L, 0L);
        assertThat(r.streams()).extracting(ResultsExchange.Stream::bytes).containsExactly(423_362_560L, 420_741_120L);
    }

    @Test
    void minusOneThatWentThroughADoubleIsStillMinusOne() throws Exception {
        ResultsExchange r = ResultsExchange.parse(Fixtures.json("results-3.12-reprinted.txt"), 2);
        assertThat(r.senderHasRetransmits()).isEqualTo(-1);
        assertThat(r.streams()).extracting(ResultsExchange.Stream::retransmits).containsExactly(-1L, -1L);
    }

    /** iperf3 before 3.2 sent no start_time/end_time: the stream's time is then ours. */
    @Test
    void missingOptionalKeysStayAbsent() throws Exception {
        ObjectNode old = (ObjectNode) Fixtures.json("results-3.12-server-sender.txt");
        old.remove("congestion_used");
        old.remove("cpu_util_user");
        for (JsonNode s : old.get("streams")) {
            ((ObjectNode) s).remove(List.of("start_time", "end_time", "retransmits"));
        }
        ResultsExchange r = ResultsExchange.parse(old, 2);
        assertThat(r.congestionUsed()).isNull();
        assertThat(r.cpuUserPercent()).isNull();
        assertThat(r.streams().getFirst().seconds()).isNull();
        assertThat(r.streams().getFirst().retransmits()).isEqualTo(-1);
        Message.Results totals = r.toTotals(i -> true, 1_500_000_000L);
        assertThat(totals.streams().getFirst().measuredNanos()).isEqualTo(1_500_000_000L);
        assertThat(totals.cpu()).as("CPU needs user and system").isNull();
    }

    @Test
    void totalsKeepIperf3sFigures() throws Exception {
        ResultsExchange r = ResultsExchange.parse(Fixtures.json("results-3.12-server-sender.txt"), 2);
        Message.Results totals = r.toTotals(i -> true, 0);
        assertThat(totals.streams()).extracting(Message.StreamTotal::measuredBytes)
                .containsExactly(423_362_560L, 420_741_120L);
        assertThat(totals.streams().getFirst().measuredNanos()).isEqualTo(1_014_410_000L);
        assertThat(totals.cpu().userPercent()).isCloseTo(1.1020804479296562, within(1e-6));
        assertThat(totals.cpu().systemPercent()).isCloseTo(18.968894321525564, within(1e-6));
    }

    @Test
    void malformedResultsAreRefused() throws Exception {
        JsonNode good = Fixtures.json("results-3.12-server-sender.txt");
        assertThatThrownBy(() -> ResultsExchange.parse(good, 1)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("2 streams");
        for (String json : new String[] {"{}", "{\"streams\":\"x\"}", "{\"streams\":[1]}",
                "{\"streams\":[{\"id\":2,\"bytes\":1}]}", "{\"streams\":[{\"id\":1,\"bytes\":\"1\"}]}",
                "{\"streams\":[{\"id\":1,\"bytes\":1},{\"id\":1,\"bytes\":1}]}",
                "{\"streams\":[{\"id\":1,\"bytes\":-5}]}", "{\"cpu_util_total\":\"high\",\"streams\":[]}"}) {
            assertThatThrownBy(() -> ResultsExchange.parse(Control.MAPPER.readTree(json), 2)).as(json)
                    .isInstanceOf(ProtocolException.class);
        }
    }

    @Test
    void writtenResultsReadBackAsIperf3ReadsThem() throws Exception {
        Message.Results ours = new Message.Results(List.of(
                new Message.StreamTotal(0, true, 2000, 1500, 2_000_000_000L, new Message.TcpStats(7, 30, 5, 10, 1448)),
                new Message.StreamTotal(1, false, 900, 900, 1_000_000_000L, null)),
                new Message.CpuTime(100_000_000L, 300_000_000L, 1_000_000_000L), null);
        ObjectNode json = ResultsExchange.write(ours, "cubic");
        assertThat(json.get("cpu_util_total").doubleValue()).isCloseTo(40.0, within(1e-9));
        assertThat(json.get("congestion_used").stringValue()).isEqualTo("cubic");
        assertThat(json.get("streams")).hasSize(2);
        JsonNode first = json.get("streams").get(0);
        assertThat(first.get("id").intValue()).isEqualTo(1);
        assertThat(first.get("bytes").longValue()).as("after the warm-up").isEqualTo(1500);
        assertThat(json.get("streams").get(1).get("id").intValue()).isEqualTo(3);
        assertThat(json.get("streams").get(1).get("retransmits").intValue()).isEqualTo(-1);
        for (String key : new String[] {"id", "bytes", "retransmits", "jitter", "errors", "packets", "start_time",
            "end_time"}) {
            assertThat(first.has(key)).as("iperf3 3.12 requires %s", key).isTrue();
        }
        ResultsExchange back = ResultsExchange.parse(json, 2);
        assertThat(back.streams()).extracting(ResultsExchange.Stream::bytes).containsExactly(1500L, 900L);
        assertThat(back.streams().get(1).seconds()).isCloseTo(1.0, within(1e-9));
    }

    /** UDP as iperf3 3.12 reports it: a receiver's packets are the highest counter (received + lost). */
    @Test
    void udpReceiverResultsBecomeLossAndJitter() throws Exception {
        JsonNode json = Control.MAPPER.readTree("{\"cpu_util_total\":9.3,\"cpu_util_user\":0.9,\"cpu_util_system\":8.4,"
                + "\"sender_has_retransmits\":18446744073709551615,\"streams\":[{\"id\":1,\"bytes\":24326352,"
                + "\"retransmits\":18446744073709551615,\"jitter\":4.29e-06,\"errors\":42,\"packets\":16568,"
                + "\"start_time\":0,\"end_time\":2.11}]}");
        Message.UdpResults totals = ResultsExchange.parse(json, 1).toUdpTotals(i -> false, 0);
        Message.UdpTotal t = totals.streams().getFirst();
        assertThat(t.sent()).isFalse();
        assertThat(t.measured().packets()).as("received").isEqualTo(16_526);
        assertThat(t.measured().lost()).isEqualTo(42);
        assertThat(t.measured().bytes()).isEqualTo(24_326_352L);
        assertThat(t.measured().jitterMicros()).isCloseTo(4.29, within(1e-9));
        assertThat(t.measuredNanos()).isEqualTo(2_110_000_000L);
    }

    /** iperf3 3.13 and later send the warm-up's counts; they come off. */
    @Test
    void udpWarmUpCountsComeOff() throws Exception {
        JsonNode json = Control.MAPPER.readTree("{\"streams\":[{\"id\":1,\"bytes\":1000,\"errors\":5,"
                + "\"omitted_errors\":2,\"packets\":100,\"omitted_packets\":40,\"jitter\":0}]}");
        Message.UdpTotal t = ResultsExchange.parse(json, 1).toUdpTotals(i -> false, 0).streams().getFirst();
        assertThat(t.measured().lost()).isEqualTo(3);
        assertThat(t.measured().packets()).isEqualTo(60 - 3);
    }

    @Test
    void udpResultsWrittenAsIperf3ReadsThem() throws Exception {
        Message.UdpResults ours = new Message.UdpResults(List.of(
                new Message.UdpTotal(0, false, new Message.UdpCounts(990, 1_386_000, 10, 1, 12.5),
                        new Message.UdpCounts(900, 1_260_000, 8, 1, 12.5), 2_000_000_000L),
                new Message.UdpTotal(1, true, new Message.UdpCounts(500, 700_000, 0, 0, 0),
                        new Message.UdpCounts(450, 630_000, 0, 0, 0), 2_000_000_000L)),
                new Message.CpuTime(10_000_000L, 20_000_000L, 1_000_000_000L));
        ObjectNode json = ResultsExchange.writeUdp(ours);
        assertThat(json.get("sender_has_retransmits").intValue()).isZero();
        JsonNode rx = json.get("streams").get(0);
        assertThat(rx.get("packets").longValue()).as("received + lost, after the warm-up").isEqualTo(908);
        assertThat(rx.get("errors").longValue()).isEqualTo(8);
        assertThat(rx.get("jitter").doubleValue()).isCloseTo(12.5e-6, within(1e-12));
        JsonNode tx = json.get("streams").get(1);
        assertThat(tx.get("id").intValue()).isEqualTo(3);
        assertThat(tx.get("packets").longValue()).isEqualTo(450);
        Message.UdpResults back = ResultsExchange.parse(json, 2).toUdpTotals(i -> i == 1, 0);
        assertThat(back.streams().get(0).measured().packets()).isEqualTo(900);
        assertThat(back.streams().get(1).measured().packets()).isEqualTo(450);
    }
}
