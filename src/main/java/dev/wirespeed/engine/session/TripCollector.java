package dev.wirespeed.engine.session;

import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.wire.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The client's half of a trip-times test: how the clocks agree (decided in the handshake) and the
 * server's {@link Message.TripTimes}, per interval and in total, as they arrive on the control
 * connection (on its reader's thread).
 */
public final class TripCollector {
    private final Consumer<TripTimesResult.Interval> intervals;
    private final List<Message.TripTimes> received = new ArrayList<>();
    private volatile TripTimesResult.Clocks clocks;
    private Message.TripTimes total;

    /** @param intervals each interval's figures as it arrives (the live text); never null */
    public TripCollector(Consumer<TripTimesResult.Interval> intervals) {
        this.intervals = intervals;
    }

    public void clocks(TripTimesResult.Clocks agreed) {
        this.clocks = agreed;
    }

    public TripTimesResult.Clocks clocks() {
        return clocks;
    }

    public void remote(Message.TripTimes t) {
        synchronized (this) {
            if (t.total()) {
                total = t;
                return;
            }
            received.add(t);
        }
        intervals.accept(interval(t, null));
    }

    public synchronized Message.TripTimes total() {
        return total;
    }

    public synchronized List<Message.TripTimes> intervals() {
        return List.copyOf(received);
    }

    public static TripTimesResult.Interval interval(Message.TripTimes t, Double bitsPerSecond) {
        return new TripTimesResult.Interval(t.startNanos() / 1e9, t.endNanos() / 1e9, t.omitted(), bitsPerSecond,
                t.oneWay() == null || t.oneWay().count() == 0 ? null : figures(t.oneWay()),
                t.writeToRead() == null || t.writeToRead().count() == 0 ? null : figures(t.writeToRead()));
    }

    /** The wire's nanoseconds as the result's microseconds. */
    public static TripTimesResult.Figures figures(Message.TripFigures f) {
        return new TripTimesResult.Figures(f.count(), f.belowZero(), f.minNanos() / 1e3, f.meanNanos() / 1e3,
                f.p50Nanos() / 1e3, f.p99Nanos() / 1e3, f.p999Nanos() / 1e3, f.maxNanos() / 1e3, f.stddevNanos() / 1e3);
    }

    /**
     * The rate of the bandwidth interval in {@code rates} ({start, end, bit/s}) that spans the same
     * time as {@code start}..{@code end} (the server's clock for both), within a millisecond; null if none.
     */
    public static Double rateOf(List<double[]> rates, double start, double end) {
        for (double[] r : rates) {
            if (Math.abs(r[0] - start) < 1e-3 && Math.abs(r[1] - end) < 1e-3) {
                return r[2];
            }
        }
        return null;
    }
}
