package dev.wirespeed.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.wire.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementsOfModesTest {
    private static final BwResult.Tool TOOL = new BwResult.Tool("wirespeed", "1.2.3");
    private static final BwResult.Peer SERVER = new BwResult.Peer("srv", "10.0.0.2", 5301, "wirespeed", 8, "Linux");

    private static LatResult.LatRow row(int size, double p50) {
        return new LatResult.LatRow(size, 1000, null, new LatResult.LatStats(p50 / 2, p50 * 4, p50, p50 * 1.1,
                p50 / 10, p50 * 2, p50 * 3, p50 * 3.5), new LatResult.LatStats(p50, p50 * 8, p50 * 2, p50 * 2.2,
                p50 / 5, p50 * 4, p50 * 6, p50 * 7), 40_000);
    }

    private static double value(List<Metric> metrics, String name) {
        return metrics.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().value();
    }

    @Test
    void singleSizeLatencyFillsSummaryAndOneRowWithOneWayFigures() {
        LatResult r = new LatResult(LatResult.SCHEMA, TOOL, "2026-01-01T00:00:00Z", null, SERVER,
                new LatResult.LatParams("tcp", false, List.of(64), 1000L, null, 100, false), List.of(row(64, 12.5)),
                new BwResult.Cpu(new BwResult.CpuSide(10, 20, 30), null), BwResult.Outcome.OK);
        Measurement m = Measurements.of(r);
        assertThat(m.test()).isEqualTo("tcp-lat");
        assertThat(m.params()).containsEntry("sizeBytes", "64").containsEntry("server", "10.0.0.2");
        assertThat(m.metric("latencyP50Micros")).get().extracting(Metric::value, Metric::unit)
                .containsExactly(12.5, "us");
        assertThat(m.metric("latencyP9999Micros").orElseThrow().value()).isEqualTo(12.5 * 3.5);
        assertThat(m.metric("iterations").orElseThrow().value()).isEqualTo(1000);
        assertThat(m.metric("cpuClientPercent").orElseThrow().value()).isEqualTo(30);
        assertThat(m.rows()).hasSize(1);
        assertThat(m.rows().getFirst().key()).isEqualTo("sizeBytes");
    }

    @Test
    void latencySweepBecomesRowsInOrder() {
        LatResult r = new LatResult(LatResult.SCHEMA, TOOL, "t", null, SERVER,
                new LatResult.LatParams("udp", true, List.of(2, 4, 8), 1000L, null, 100, true),
                List.of(row(2, 5), row(4, 6), row(8, 7)), null, BwResult.Outcome.OK);
        Measurement m = Measurements.of(r);
        assertThat(m.test()).isEqualTo("udp-lat");
        assertThat(m.summary()).isEmpty();
        assertThat(m.rows()).extracting(Measurement.Row::keyValue).containsExactly(2.0, 4.0, 8.0);
        assertThat(value(m.rows().get(2).metrics(), "latencyP50Micros")).isEqualTo(7);
    }

    @Test
    void udpBandwidthUsesTheReceiversFigures() {
        UdpResult.UdpCounts sum = new UdpResult.UdpCounts(null, 1000, 8000, 10, 1, 11, 9.0909, 0, 3.5);
        UdpResult.UdpDirection up = new UdpResult.UdpDirection("upload", "client", "server",
                List.of(new UdpResult.UdpInterval(Direction.UPLOAD, 0, 1, false, List.of(sum), sum)), List.of(),
                new UdpResult.UdpSenderSummary(11, 1100, 1, 8800, 11),
                new UdpResult.UdpReceiverSummary(10, 1000, 1, 8000, 1, 11, 9.0909, 0, 3.5));
        UdpResult r = new UdpResult(UdpResult.SCHEMA, TOOL, "t", null, SERVER,
                new UdpResult.UdpParams("upload", 1, 1, 0, 1, 0, 100, null), List.of(up), null, BwResult.Outcome.OK);
        List<Measurement> ms = Measurements.of(r);
        assertThat(ms).hasSize(1);
        Measurement m = ms.getFirst();
        assertThat(m.test()).isEqualTo("udp-bw");
        assertThat(m.metric("bitsPerSecond").orElseThrow().value()).isEqualTo(8000);
        assertThat(m.metric("lossPercent").orElseThrow().value()).isEqualTo(9.0909);
        assertThat(m.metric("jitterMicros").orElseThrow().unit()).isEqualTo("us");
        assertThat(m.params()).containsEntry("targetBitsPerSecond", "0").containsEntry("datagramBytes", "100");
        assertThat(m.intervals()).hasSize(1);
    }

    @Test
    void bandwidthSweepBecomesRows() {
        BwSweepResult r = new BwSweepResult(BwSweepResult.SCHEMA, TOOL, "t", null, SERVER,
                new BwSweepResult.SweepParams("tcp", "upload", 2, 1, 0.1, List.of(2, 4)),
                List.of(new BwSweepResult.SweepRow(2, 100, 3e6, 2e6, 1e5, 0L),
                        new BwSweepResult.SweepRow(4, 100, 5e6, 4e6, 1e5, null)), BwResult.Outcome.OK);
        Measurement m = Measurements.of(r);
        assertThat(m.test()).isEqualTo("tcp-bw");
        assertThat(m.rows()).extracting(Measurement.Row::keyValue).containsExactly(2.0, 4.0);
        assertThat(value(m.rows().getFirst().metrics(), "peakBitsPerSecond")).isEqualTo(3e6);
        assertThat(value(m.rows().get(1).metrics(), "messagesPerSecond")).isEqualTo(1e5);
    }
}
