package dev.wirespeed.engine.udp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.wire.Isochronous;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bw --isochronous} on loopback against an in-process server: the frames sent and missed add
 * up to the frame clock's ticks, every frame sent arrives whole and is counted once, the datagrams
 * the server received are the frames' datagrams, and with trip times every frame has a latency.
 */
class IsochronousIT {
    @RegisterExtension
    static final InProcessServer server = new InProcessServer();

    static IsochronousResult run(Isochronous frames, int datagramBytes, boolean tripTimes) throws IOException {
        TestSpec spec = TestSpec.udpBandwidth().durationMillis(2_000).intervalMillis(500).bufferBytes(datagramBytes)
                .rateBitsPerSecond(frames.meanBitsPerSecond()).isochronous(frames).tripTimes(tripTimes).build();
        UdpBwClientConfig c = UdpBwClientConfig.builder().host("127.0.0.1").port(server.port()).spec(spec).build();
        return IsochronousClient.run(c, TestListener.none());
    }

    @Test
    void theFrameClocksTicksAreFramesSentOrSlipsAndEverySentFrameArrivesWhole() throws IOException {
        IsochronousResult r = run(new Isochronous(50, 4_000_000, 1_000_000), 1000, false);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        IsochronousResult.Frames f = r.frames();
        String seen = f.toString();
        // each tick of the sender's time at 50 frames/s is a frame sent or a slip (the last one may be cut
        // by the stop); its time starts with its thread, which on a busy host may be well after the test's
        double senderSeconds = r.udpBandwidth().directions().getFirst().senderSummary().seconds();
        assertThat(senderSeconds).isBetween(1.5, 2.1);
        assertThat((double) f.sent() + f.slips()).as(seen + " in " + senderSeconds + " s")
                .isBetween(senderSeconds * 50 - 2, senderSeconds * 50 + 2);
        assertThat(f.sent()).as(seen).isGreaterThan(80);
        // loopback loses nothing: every frame sent whole arrives whole (the one in flight at the stop is not judged)
        assertThat(f.incomplete()).as(seen).isZero();
        assertThat(f.lost()).as(seen).isZero();
        assertThat(f.complete()).as(seen).isBetween(f.sent() - 1, f.sent());
        // the intervals count each frame once
        long perInterval = r.timeline().stream().mapToLong(IsochronousResult.Interval::complete).sum();
        assertThat(perInterval).as(r.timeline().toString()).isBetween(f.complete() - 1, f.complete());
        // the datagrams are the frames': 4 Mbit/s / 50 = 10,000 B a frame on average = 10 datagrams of 1000 B
        UdpResult.UdpReceiverSummary received = r.udpBandwidth().directions().getFirst().receiverSummary();
        assertThat(received.lostPackets()).isZero();
        assertThat((double) received.packets() / f.complete()).as(seen).isBetween(8.0, 12.0);
        assertThat(r.latencyNote()).contains("--trip-times");
        assertThat(r.frames().latency()).isNull();
        assertThat(r.udpBandwidth().directions().getFirst().pacing()).isNull();
    }

    @Test
    void withTripTimesEveryCompleteFrameHasALatency() throws IOException {
        IsochronousResult r = run(new Isochronous(60, 2_000_000, 0), 1472, true);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        IsochronousResult.Frames f = r.frames();
        assertThat(r.clocks().agreement()).isEqualTo("one-kernel");
        assertThat(r.latencyNote()).isNull();
        assertThat(f.latency()).isNotNull();
        assertThat(f.latency().count()).isEqualTo(f.complete());
        // a loopback hop: positive, and the median well under one frame period (16.7 ms) even on a busy host
        assertThat(f.latency().p50Micros()).as(f.toString()).isPositive().isLessThan(16_667);
        assertThat(r.timeline()).isNotEmpty().allSatisfy(i -> assertThat(i.latencyP50Micros()).isNotNull());
    }
}
