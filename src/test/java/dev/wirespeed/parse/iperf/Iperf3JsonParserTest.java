package dev.wirespeed.parse.iperf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.parse.Fixture;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import org.junit.jupiter.api.Test;

/** The public entry point other code (iperf3 compatibility tests) uses: parse(String) and toMeasurement. */
class Iperf3JsonParserTest {
    @Test
    void tcpTwoStreams() {
        Iperf3Result r = Iperf3JsonParser.parse(Fixture.text("iperf/iperf3-3.12-client-P2.json"));
        assertThat(r.version()).isEqualTo("iperf 3.12");
        assertThat(r.role()).isEqualTo("client");
        assertThat(r.protocol()).isEqualTo("TCP");
        assertThat(r.streams()).isEqualTo(2);
        assertThat(r.reverse()).isFalse();
        assertThat(r.host()).isEqualTo("127.0.0.1");
        assertThat(r.sentBytes()).isEqualTo(2873098240.0);
        assertThat(r.receivedBitsPerSecond()).isEqualTo(11452407839.453636);
        assertThat(r.retransmits()).isEqualTo(3);
        assertThat(r.intervals()).hasSize(2);
        Measurement m = Iperf3JsonParser.toMeasurement(r);
        assertThat(m.tool()).isEqualTo("iperf3");
        assertThat(m.toolVersion()).isEqualTo("3.12");
        assertThat(m.test()).isEqualTo(Measurement.Tests.TCP_BW);
        assertThat(m.metric(Metrics.BITS_PER_SECOND).orElseThrow().value()).isEqualTo(11452407839.453636);
        assertThat(m.metric(Metrics.RETRANSMITS).orElseThrow().value()).isEqualTo(3);
        assertThat(m.metric(Metrics.CPU_CLIENT_PERCENT).orElseThrow().value()).isEqualTo(38.4440187694811);
        assertThat(m.params()).containsEntry("streams", "2").containsEntry("role", "client").containsEntry("port", "15201");
        assertThat(m.intervals()).hasSize(2);
        assertThat(m.source()).isEqualTo("parsed");
    }

    @Test
    void udpLossAndJitter() {
        Measurement m = Iperf3JsonParser.toMeasurement(Iperf3JsonParser.parse(Fixture.text("iperf/iperf3-3.12-client-udp.json")));
        assertThat(m.test()).isEqualTo(Measurement.Tests.UDP_BW);
        assertThat(m.metric(Metrics.TOTAL_PACKETS).orElseThrow().value()).isEqualTo(1526);
        assertThat(m.metric(Metrics.LOST_PACKETS).orElseThrow().value()).isZero();
        assertThat(m.metric(Metrics.JITTER_MICROS).orElseThrow().value()).isEqualTo(42.4976485686008, within(1e-9));
    }

    @Test
    void notAnIperf3Document() {
        assertThatThrownBy(() -> Iperf3JsonParser.parse("{\"fio version\": \"fio-3.33\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iperf3 -J");
        assertThatThrownBy(() -> Iperf3JsonParser.parse("{ \"start\": {"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
