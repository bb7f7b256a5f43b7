package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.session.TripCollector;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Isochronous;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bw HOST --isochronous FPS:MEAN,STDEV} (iperf2's option): a UDP upload whose sender paces
 * whole frames at the frame clock and whose receiver judges every frame. With tripTimes the header
 * carries the wall clock and the handshake checks the clocks (as {@code --trip-times}), so the
 * frames' latency is measured too; without, only what needs no common clock (loss, lateness
 * against the fastest frame, jitter).
 */
public final class IsochronousClient {
    /** Why a result has no frame latency. */
    public static final String LATENCY_NEEDS_CLOCKS = "frame latency needs clocks known to agree: add --trip-times "
            + "(one kernel, or both clocks NTP/PTP-synchronised)";

    private IsochronousClient() {}

    /** Runs the test of {@code config.spec()}, which must have isochronous set. */
    public static IsochronousResult run(UdpBwClientConfig config, TestListener<TestSpec, UdpResult.UdpInterval> udp)
            throws IOException {
        FrameCollector frames = new FrameCollector();
        UdpBwClientConfig withFrames = config.toBuilder().frames(frames).build();
        UdpBwPlane plane = new UdpBwPlane(withFrames, udp);
        TripCollector clocks = config.spec().tripTimes() ? new TripCollector(i -> { }) : null;
        UdpResult result = clocks == null ? ClientSession.run(withFrames, plane, udp::warning)
                : ClientSession.run(withFrames, plane, udp::warning, clocks);
        return assemble(config.spec(), frames, clocks == null ? null : clocks.clocks(), result);
    }

    static IsochronousResult assemble(TestSpec spec, FrameCollector frames, TripTimesResult.Clocks clocks,
                                      UdpResult udp) {
        Isochronous iso = spec.isochronous();
        IsochronousResult.Params params = new IsochronousResult.Params(iso.framesPerSecond(), iso.meanBitsPerSecond(),
                iso.stdevBitsPerSecond(), spec.bufferBytes(), spec.streams(), spec.durationMillis() / 1000.0);
        List<double[]> rates = new ArrayList<>();
        if (!udp.directions().isEmpty()) {
            for (UdpResult.UdpInterval r : udp.directions().getFirst().intervals()) {
                rates.add(new double[] {r.startSeconds(), r.endSeconds(), r.sum().bitsPerSecond()});
            }
        }
        List<IsochronousResult.Interval> timeline = new ArrayList<>();
        for (FrameCollector.Interval i : frames.intervals()) {
            double start = i.startNanos() / 1e9;
            double end = i.endNanos() / 1e9;
            Message.FrameCounts f = i.frames();
            timeline.add(new IsochronousResult.Interval(start, end, i.omitted(), TripCollector.rateOf(rates, start, end),
                    f.complete(), f.incomplete(), f.lost(), f.late(), f.jitterMicros(),
                    f.latency() == null || f.latency().count() == 0 ? null : f.latency().p50Nanos() / 1e3,
                    f.latency() == null || f.latency().count() == 0 ? null : f.latency().p99Nanos() / 1e3));
        }
        Message.FrameCounts sent = frames.sent();
        Message.FrameCounts received = frames.received();
        BwResult.Outcome outcome = udp.outcome();
        IsochronousResult.Frames summary = null;
        if (received != null) {
            summary = summary(sent, received);
        } else if (outcome.ok()) {
            outcome = new BwResult.Outcome(OutcomeStatus.FAILED, "the server reported no frames: it predates "
                    + "--isochronous (update wirespeed there)");
        }
        boolean measured = summary != null && summary.latency() != null;
        return new IsochronousResult(IsochronousResult.SCHEMA, udp.tool(), udp.startedAt(), udp.server(), params,
                summary, clocks, measured || clocks != null ? null : LATENCY_NEEDS_CLOCKS, List.copyOf(timeline), udp,
                outcome);
    }

    static IsochronousResult.Frames summary(Message.FrameCounts sent, Message.FrameCounts received) {
        long known = received.complete() + received.incomplete() + received.lost();
        TripTimesResult.Figures latency = received.latency() == null || received.latency().count() == 0 ? null
                : TripCollector.figures(received.latency());
        return new IsochronousResult.Frames(sent == null ? 0 : sent.sent(), sent == null ? 0 : sent.slips(),
                received.complete(), received.incomplete(), received.lost(), received.late(),
                percent(received.incomplete() + received.lost(), known), percent(received.late(), received.complete()),
                received.jitterMicros(), latency);
    }

    private static double percent(long part, long whole) {
        return whole <= 0 ? 0 : Math.round(1e6 * part / (double) whole) / 1e4;
    }
}
