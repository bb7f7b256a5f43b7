package dev.wirespeed.engine.stream;

import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.wire.Message;
import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One receiving stream's frames in an isochronous test: its thread feeds each datagram's frame
 * fields ({@link FrameClock} wrote them) and the sampler's thread reads the counts per interval.
 *
 * <p>A frame is judged when its last datagram arrives (complete) or when a datagram of a later frame
 * does (incomplete: some of its datagrams were lost); ids skipped altogether are lost frames. A
 * datagram of a frame already judged is ignored. The frame in progress when the test ends is not
 * counted: the sender's stop may have cut it.
 *
 * <p>Transit is the last datagram's arrival (this host's clock) minus the frame's start, when its
 * first datagram left (the sender's clock): the clocks' offset is in every transit alike, so a frame
 * whose transit exceeds the fastest frame's so far by more than one period is late, whatever the
 * offset (a slow first frame, judged against itself, is not). With the wall clock in the header
 * ({@code wallClock}, tripTimes: the clocks agree) the transit is the frame's latency, and a frame
 * is late when that exceeds one period.
 */
final class FrameLog {
    private final long periodNanos;
    private final boolean wallClock;
    private final long realtimeOffsetNanos;
    private final SingleWriterRecorder latency;
    // the receiver's thread only
    private long highestId;
    private long currentId;
    private int got;
    private int count;
    private long startMicros;
    private long minTransitNanos = Long.MAX_VALUE;
    private long previousArrivalNanos;
    private long previousStartMicros;
    private boolean haveEarlier;
    private double jitterNanos;
    // written by the receiver's thread only, read by the sampler's
    private volatile long complete;
    private volatile long incomplete;
    private volatile long lost;
    private volatile long late;
    private volatile double jitterMicros;
    // the sampler's thread (synchronized)
    private long[] previous = new long[4];
    private long[] atOmit = new long[4];
    private final Histogram totalLatency = TripLog.histogram();
    private Histogram spare;

    FrameLog(long periodNanos, boolean wallClock) {
        this.periodNanos = periodNanos;
        this.wallClock = wallClock;
        this.realtimeOffsetNanos = wallClock ? KernelClock.realtimeOffsetNanos() : 0;
        this.latency = wallClock ? new SingleWriterRecorder(1, TripLog.HIGHEST_NANOS, 3) : null;
    }

    /** One datagram whose frame fields start at index {@code at} of {@code b}, arrived at {@code arrivalNanos}. */
    void datagram(ByteBuffer b, int at, long arrivalNanos) {
        long id = Integer.toUnsignedLong(b.getInt(at));
        if (id == currentId) {
            if (++got >= count) {
                judge(arrivalNanos);
            }
            return;
        }
        if (id <= highestId) {
            return; // a frame already judged (or cut short): a straggler or a duplicate
        }
        if (currentId != 0) {
            incomplete++;
        }
        if (id > highestId + 1 && highestId > 0) {
            lost += id - highestId - 1;
        }
        highestId = id;
        currentId = id;
        got = 1;
        count = b.getInt(at + 8);
        startMicros = b.getLong(at + 12);
        if (got >= count) {
            judge(arrivalNanos);
        }
    }

    private void judge(long arrivalNanos) {
        currentId = 0;
        long transit = arrivalNanos - startMicros * 1000;
        if (transit < minTransitNanos) {
            minTransitNanos = transit;
        }
        // with the wall clock the transit is the latency itself; else only its excess over the fastest is known
        if ((wallClock ? arrivalNanos + realtimeOffsetNanos - startMicros * 1000 : transit - minTransitNanos)
                > periodNanos) {
            late++;
        }
        if (haveEarlier) { // RFC 3550 A.8 on frames: D = (Rj − Ri) − (Sj − Si), J += (|D| − J) / 16
            long d = (arrivalNanos - previousArrivalNanos) - (startMicros - previousStartMicros) * 1000;
            jitterNanos += (Math.abs(d) - jitterNanos) / 16;
            jitterMicros = jitterNanos / 1000;
        }
        haveEarlier = true;
        previousArrivalNanos = arrivalNanos;
        previousStartMicros = startMicros;
        if (latency != null) {
            latency.recordValue(Math.min(Math.max(0, arrivalNanos + realtimeOffsetNanos - startMicros * 1000),
                    TripLog.HIGHEST_NANOS));
        }
        complete++;
    }

    private long[] counts() {
        return new long[] {complete, incomplete, lost, late};
    }

    /** The frames since the last call; a warm-up interval marks where the test's total starts. Sampler's thread. */
    synchronized Message.FrameCounts interval(boolean omitted) {
        long[] now = counts();
        Histogram h = harvest();
        Message.FrameCounts c = counts(now, previous, h);
        previous = now;
        if (omitted) {
            atOmit = now;
        } else if (h != null) {
            totalLatency.add(h);
        }
        return c;
    }

    /** The frames after the warm-up; after the stream ended. */
    synchronized Message.FrameCounts total() {
        Histogram h = harvest();
        if (h != null) {
            totalLatency.add(h);
        }
        return counts(counts(), atOmit, latency == null ? null : totalLatency);
    }

    private Histogram harvest() {
        if (latency == null) {
            return null;
        }
        spare = latency.getIntervalHistogram(spare);
        return spare;
    }

    private Message.FrameCounts counts(long[] now, long[] since, Histogram h) {
        return new Message.FrameCounts(0, 0, now[0] - since[0], now[1] - since[1], now[2] - since[2],
                now[3] - since[3], Math.round(jitterMicros * 1000) / 1000.0, h == null ? null : TripLog.figures(h, 0));
    }
}
