package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.session.TripCollector;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.tcp.TcpBwPlane;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.engine.udp.UdpBwPlane;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bw HOST --trip-times} (iperf2's option): a TCP or UDP upload whose writes or datagrams the
 * client stamps with its wall clock, and whose one-way latency the server measures per interval and
 * in total. The clocks are checked in the handshake ({@link TripClocks}): the test runs only when
 * they are one clock or both synchronised, else {@link TripTimesRefusal} before any data.
 */
public final class TripTimesClient {
    private TripTimesClient() {}

    /** A TCP upload with every write stamped; {@code config.spec()} must have tripTimes. */
    public static TripTimesResult tcp(BwClientConfig config, TestListener<BwResult.BwParams, BwResult.IntervalReport> bw,
                                      TripTimesClientListener trip) throws IOException {
        TripCollector collector = new TripCollector(trip::interval);
        TestListener<BwResult.BwParams, BwResult.IntervalReport> listener = clocksFirst(bw, trip, collector);
        BwResult result = ClientSession.run(config, new TcpBwPlane(config, listener), listener::warning, collector);
        List<double[]> rates = new ArrayList<>();
        if (!result.directions().isEmpty()) {
            for (BwResult.IntervalReport r : result.directions().getFirst().intervals()) {
                rates.add(new double[] {r.startSeconds(), r.endSeconds(), r.bitsPerSecond()});
            }
        }
        Double received = result.directions().isEmpty() || result.directions().getFirst().receiverSummary() == null
                ? null : result.directions().getFirst().receiverSummary().bitsPerSecond();
        return assemble(config.spec(), collector, rates, received, result.tool(), result.startedAt(), result.server(),
                result, null, result.outcome());
    }

    /** A UDP upload with every datagram's header carrying its wall-clock send time. */
    public static TripTimesResult udp(UdpBwClientConfig config, TestListener<TestSpec, UdpResult.UdpInterval> udp,
                                      TripTimesClientListener trip)
            throws IOException {
        TripCollector collector = new TripCollector(trip::interval);
        TestListener<TestSpec, UdpResult.UdpInterval> listener = clocksFirst(udp, trip, collector);
        UdpResult result = ClientSession.run(config, new UdpBwPlane(config, listener), listener::warning, collector);
        List<double[]> rates = new ArrayList<>();
        Double received = null;
        if (!result.directions().isEmpty()) {
            UdpResult.UdpDirection d = result.directions().getFirst();
            for (UdpResult.UdpInterval r : d.intervals()) {
                rates.add(new double[] {r.startSeconds(), r.endSeconds(), r.sum().bitsPerSecond()});
            }
            received = d.receiverSummary() == null ? null : d.receiverSummary().bitsPerSecond();
        }
        return assemble(config.spec(), collector, rates, received, result.tool(), result.startedAt(), result.server(),
                null, result, result.outcome());
    }

    /** {@code shown}, told the clocks the handshake agreed on before the test's header. */
    private static <P, I> TestListener<P, I> clocksFirst(TestListener<P, I> shown, TripTimesClientListener trip,
                                                         TripCollector collector) {
        return new TestListener<>() {
            @Override
            public void connected(BwResult.Peer server, P params) {
                trip.clocks(collector.clocks());
                shown.connected(server, params);
            }

            @Override
            public void interval(I report) {
                shown.interval(report);
            }

            @Override
            public void warning(String line) {
                shown.warning(line);
            }
        };
    }

    static TripTimesResult assemble(TestSpec spec, TripCollector collector, List<double[]> rates,
                                    Double receivedBitsPerSecond, BwResult.Tool tool, String startedAt,
                                    BwResult.Peer server, BwResult tcp, UdpResult udp, BwResult.Outcome outcome) {
        List<TripTimesResult.Interval> timeline = new ArrayList<>();
        for (Message.TripTimes t : collector.intervals()) {
            Double rate = TripCollector.rateOf(rates, t.startNanos() / 1e9, t.endNanos() / 1e9);
            timeline.add(TripCollector.interval(t, rate));
        }
        Message.TripTimes total = collector.total();
        TripTimesResult.Figures oneWay = total == null || total.oneWay() == null || total.oneWay().count() == 0 ? null
                : TripCollector.figures(total.oneWay());
        TripTimesResult.Figures writeToRead = total == null || total.writeToRead() == null
                || total.writeToRead().count() == 0 ? null : TripCollector.figures(total.writeToRead());
        // Little's law as iperf2's inP: the bytes between write and read are the rate times the time they take
        TripTimesResult.Figures transit = writeToRead != null ? writeToRead : oneWay;
        Double inProgress = transit == null || receivedBitsPerSecond == null ? null
                : receivedBitsPerSecond / 8 * transit.meanMicros() / 1e6;
        TripTimesResult.Params params = new TripTimesResult.Params(spec.udp() ? "udp" : "tcp", spec.streams(),
                spec.bufferBytes(), spec.durationMillis() / 1000.0);
        return new TripTimesResult(TripTimesResult.SCHEMA, tool, startedAt, server, params, collector.clocks(), oneWay,
                writeToRead, inProgress, List.copyOf(timeline), tcp, udp, outcome);
    }
}
