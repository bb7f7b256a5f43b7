package dev.wirespeed.engine.lat;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.measure.LatencyRecorder;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LoadedLatencyResult;
import dev.wirespeed.results.OutcomeStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Latency under load ({@code bw HOST --latency}, Flent's RRUL question): a timed ping-pong test
 * ({@link LatClient}, its own control and data connection) runs alone for {@code idleSeconds},
 * then a bandwidth test ({@link BwClient}) runs beside it; the pings stop when the load ends.
 * Each round trip is put in the phase its ping left in (idle, loaded, after) by the time the
 * bandwidth test's data started ({@link TestListener#connected}, just before its Start) and
 * ended. Pings are paced ({@code pingIntervalNanos}) so that the probe measures the queue and does
 * not compete with the load for a core.
 */
public final class LoadedLatency {
    /** Round trips kept for the timeline (16 bytes each): beyond it the phases still count them all. */
    static final int MAX_SAMPLES = 2_000_000;
    /** How long the pings may take to start (a connection, a handshake) before the test gives up. */
    private static final long PING_START_NANOS = TimeUnit.SECONDS.toNanos(15);
    /** How long the ping-pong may take to end after it is told to. */
    private static final long PING_EXIT_MILLIS = 15_000;

    private final LoadedLatencyConfig config;
    private final AtomicBoolean stopPings = new AtomicBoolean();
    private final LatencyRecorder idle = new LatencyRecorder();
    private final LatencyRecorder loaded = new LatencyRecorder();
    private final long[] sentAt;
    private final long[] rtts;
    private volatile int samples;
    private volatile long firstSentNanos;
    private volatile long loadStartNanos;
    private volatile long loadEndNanos;
    private long idleLost;
    private long loadedLost;

    public LoadedLatency(LoadedLatencyConfig config) {
        this.config = config;
        int cap = (int) Math.min(MAX_SAMPLES, Math.max(1024, (long) ((config.idleSeconds()
                + config.load().spec().durationMillis() / 1000.0 + 60) * 1e9 / Math.max(1, config.pingIntervalNanos()))));
        this.sentAt = new long[cap];
        this.rtts = new long[cap];
    }

    public LoadedLatencyResult run(LoadedLatencyListener listener) throws IOException {
        LatClientConfig pings = config.pings().toBuilder()
                .secondsPerSize(config.idleSeconds() + config.load().spec().durationMillis() / 1000.0
                        + config.load().spec().omitMillis() / 1000.0 + 3600)
                .interrupted(() -> stopPings.get() || config.interrupted().getAsBoolean()).build();
        LatResult[] latResult = new LatResult[1];
        IOException[] latFailure = new IOException[1];
        Thread pinger = Thread.ofPlatform().name("ws-loaded-pings").daemon(true).start(() -> {
            try {
                latResult[0] = new LatClient(pings).run(new TestListener<LatResult.LatParams, LatResult.LatRow>() {
                    @Override
                    public void connected(BwResult.Peer server, LatResult.LatParams params) {
                        listener.pinging(server, params);
                    }

                    @Override
                    public void roundTrip(long rttNanos) {
                        record(rttNanos);
                    }

                    @Override
                    public void warning(String line) {
                        listener.warning(line);
                    }
                });
            } catch (IOException e) {
                latFailure[0] = e;
            }
        });
        try {
            awaitIdle(pinger, latFailure);
            BwResult bw = null;
            if (pinger.isAlive() && !config.interrupted().getAsBoolean()) {
                bw = new BwClient(config.load()).run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() {
                    @Override
                    public void connected(BwResult.Peer server, BwResult.BwParams params) {
                        listener.connected(server, params);
                        loadStartNanos = System.nanoTime();
                    }

                    @Override
                    public void interval(BwResult.IntervalReport report) {
                        listener.interval(report);
                    }

                    @Override
                    public void warning(String line) {
                        listener.warning(line);
                    }
                });
                long start = loadStartNanos;
                double lastEnd = bw.directions().stream().flatMap(d -> d.intervals().stream())
                        .mapToDouble(BwResult.IntervalReport::endSeconds).max().orElse(0);
                loadEndNanos = start == 0 ? System.nanoTime() : Math.min(System.nanoTime(), start + (long) (lastEnd * 1e9));
            }
            stopPings.set(true);
            pinger.join(PING_EXIT_MILLIS);
            if (latResult[0] == null) {
                throw latFailure[0] != null ? latFailure[0] : new IOException("the pings did not end");
            }
            return result(bw, latResult[0]);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            stopPings.set(true);
        }
    }

    /**
     * The load's word on sharing, without our own pings: they ran on the same server through the
     * whole load, so its count of other tests at once includes them (it said "1 other test" alone).
     */
    static BwResult withoutOurPings(BwResult bw) {
        if (bw == null || bw.serverSharedWithTests() == null) {
            return bw;
        }
        return bw.withServerSharedWithTests(Math.max(0, bw.serverSharedWithTests() - 1));
    }

    /** Waits for the first echo, then for the idle phase; returns early if the pings fail or Ctrl-C. */
    private void awaitIdle(Thread pinger, IOException[] failure) throws IOException {
        long deadline = System.nanoTime() + PING_START_NANOS;
        while (samples == 0 && pinger.isAlive() && System.nanoTime() < deadline && !config.interrupted().getAsBoolean()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        if (samples == 0 && pinger.isAlive() && !config.interrupted().getAsBoolean()) {
            stopPings.set(true);
            throw new IOException("no ping came back within " + PING_START_NANOS / 1_000_000_000 + " s");
        }
        long idleEnd = firstSentNanos + (long) (config.idleSeconds() * 1e9);
        while (pinger.isAlive() && System.nanoTime() < idleEnd && !config.interrupted().getAsBoolean()) {
            LockSupport.parkNanos(Math.min(TimeUnit.MILLISECONDS.toNanos(20), Math.max(1, idleEnd - System.nanoTime())));
        }
        if (!pinger.isAlive() && failure[0] != null) {
            throw failure[0];
        }
    }

    /** On the exchange's thread after each round trip: phase, timeline, then the pause to the next ping. */
    private void record(long rttNanos) {
        long now = System.nanoTime();
        long sent = rttNanos < 0 ? now : now - rttNanos;
        if (firstSentNanos == 0) {
            firstSentNanos = sent;
        }
        long start = loadStartNanos;
        long end = loadEndNanos;
        boolean inLoad = start != 0 && sent >= start && (end == 0 || sent < end);
        boolean before = start == 0 || sent < start;
        if (rttNanos < 0) {
            if (inLoad) {
                loadedLost++;
            } else if (before) {
                idleLost++;
            }
        } else {
            if (inLoad) {
                loaded.record(rttNanos);
            } else if (before) {
                idle.record(rttNanos);
            }
            int n = samples;
            if (n < sentAt.length) {
                sentAt[n] = sent;
                rtts[n] = rttNanos;
                samples = n + 1;
            }
        }
        long pause = config.pingIntervalNanos() - Math.max(0, rttNanos);
        if (pause > 0) {
            LockSupport.parkNanos(pause);
        }
    }

    private LoadedLatencyResult result(BwResult measured, LatResult lat) {
        BwResult bw = withoutOurPings(measured);
        boolean udp = config.pings().udp();
        double t0 = firstSentNanos;
        double loadStart = loadStartNanos == 0 ? Double.NaN : (loadStartNanos - t0) / 1e9;
        double loadEnd = loadEndNanos == 0 ? Double.NaN : (loadEndNanos - t0) / 1e9;
        LoadedLatencyResult.Phase idlePhase = phase(idle, udp ? idleLost : null);
        LoadedLatencyResult.Phase loadedPhase = phase(loaded, udp ? loadedLost : null);
        LoadedLatencyResult.Added added = idle.count() == 0 || loaded.count() == 0 ? null
                : new LoadedLatencyResult.Added(round(loadedPhase.p50Micros() - idlePhase.p50Micros()),
                        round(loadedPhase.p99Micros() - idlePhase.p99Micros()),
                        round(loadedPhase.p999Micros() - idlePhase.p999Micros()));
        double intervalSeconds = config.load().spec().intervalMillis() > 0
                ? config.load().spec().intervalMillis() / 1000.0 : 1.0;
        LoadedLatencyResult.Timeline timeline = Double.isNaN(loadStart) ? null
                : new LoadedLatencyResult.Timeline(round(loadStart), round(loadEnd),
                        timeline(bw, loadStart, loadEnd, intervalSeconds));
        BwResult.Outcome outcome = bw == null
                ? (lat.outcome().status() == OutcomeStatus.OK || lat.outcome().status() == OutcomeStatus.INTERRUPTED
                        && config.interrupted().getAsBoolean() ? new BwResult.Outcome(OutcomeStatus.INTERRUPTED,
                        "stopped by the user before the load started") : lat.outcome())
                : bw.outcome().status() != OutcomeStatus.OK ? bw.outcome()
                : lat.outcome().status() == OutcomeStatus.PEER_LOST || lat.outcome().status() == OutcomeStatus.FAILED
                        ? lat.outcome() : BwResult.Outcome.OK;
        int size = lat.params().sizesBytes().getFirst();
        return new LoadedLatencyResult(LoadedLatencyResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()),
                bw != null ? bw.startedAt() : lat.startedAt(), bw != null ? bw.server() : lat.server(),
                new LoadedLatencyResult.Params(lat.params().protocol(), size, config.pingIntervalNanos() / 1e6,
                        config.idleSeconds()),
                idlePhase, loadedPhase, added, timeline, bw, outcome);
    }

    /**
     * Rows on one time axis: before the load, steps of the load's interval length counted back from
     * its start; during the load, the load's own intervals (all directions summed).
     */
    private List<LoadedLatencyResult.Interval> timeline(BwResult bw, double loadStart, double loadEnd, double step) {
        TreeMap<Double, Double> rates = new TreeMap<>();
        TreeMap<Double, Double> ends = new TreeMap<>();
        if (bw != null) {
            for (BwResult.DirectionResult d : bw.directions()) {
                for (BwResult.IntervalReport i : d.intervals()) {
                    double key = Math.round(i.startSeconds() * 1000) / 1000.0;
                    rates.merge(key, i.bitsPerSecond(), Double::sum);
                    ends.merge(key, i.endSeconds(), Math::max);
                }
            }
        }
        List<double[]> bins = new ArrayList<>();
        int before = (int) Math.ceil(loadStart / step - 1e-9);
        for (int k = -before; k < 0; k++) {
            bins.add(new double[] {Math.max(0, loadStart + k * step), loadStart + (k + 1) * step, Double.NaN});
        }
        if (rates.isEmpty()) {
            bins.add(new double[] {loadStart, loadEnd, Double.NaN});
        }
        rates.forEach((from, rate) -> bins.add(new double[] {loadStart + from, loadStart + ends.get(from), rate}));
        double t0 = firstSentNanos;
        int n = samples;
        List<LoadedLatencyResult.Interval> out = new ArrayList<>();
        for (double[] bin : bins) {
            LatencyRecorder rtt = new LatencyRecorder();
            for (int i = 0; i < n; i++) {
                double at = (sentAt[i] - t0) / 1e9;
                if (at >= bin[0] && at < bin[1]) {
                    rtt.record(rtts[i]);
                }
            }
            LatResult.LatStats s = rtt.count() == 0 ? null : rtt.roundTripMicros();
            out.add(new LoadedLatencyResult.Interval(round(bin[0]), round(bin[1]), Double.isNaN(bin[2]) ? null : bin[2],
                    rtt.count(), s == null ? null : s.p50(), s == null ? null : s.p99(), s == null ? null : s.max()));
        }
        return out;
    }

    private static LoadedLatencyResult.Phase phase(LatencyRecorder r, Long lost) {
        LatResult.LatStats s = r.roundTripMicros();
        return new LoadedLatencyResult.Phase(r.count(), lost, s.p50(), s.p99(), s.p999(), s.max(),
                r.count() == 0 ? null : r.encoded());
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

}
