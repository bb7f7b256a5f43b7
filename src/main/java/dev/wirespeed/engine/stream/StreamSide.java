package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One side's data of a bandwidth test: its streams, one platform thread each (blocking calls on
 * platform threads keep the virtual-thread poller off the hot path); which of them this side sends
 * on; the {@link IntervalSampler} of their counters (warm-up excluded, ending at the planned end);
 * the CPU time of their threads; the test's start. Every wrapper of a side holds one — wirespeed's
 * client and server planes and the driven sides of a foreign protocol (iperf3) — and adds only what
 * its protocol reports. {@link StreamGroup} is TCP's, {@link UdpGroup} UDP's; how each stream moves
 * its bytes is its {@link StreamIo}.
 *
 * <p>Stream indexes follow {@link dev.wirespeed.wire.Direction}: the client sends on the upload
 * streams (in a --bidir test the first {@code streams} connections), the server on the others.
 *
 * @param <S> the streams' type
 */
public abstract class StreamSide<S extends StreamLoop<?>> {
    final TestSpec spec;
    final List<S> streams = new ArrayList<>();
    final StopFlag stop = new StopFlag();
    final CpuAccumulator cpu = new CpuAccumulator();
    private final List<Thread> threads = new ArrayList<>();
    private final String threadPrefix;
    private final boolean[] sends;
    private IntervalSampler sampler;
    /** The receivers' one-way latencies of a trip-times test; null until a receiver asks ({@link #trips()}). */
    private TripLog trips;
    private long lastSampleEndNanos;
    private long startNanos;
    private volatile Integer pinCpu;
    private volatile BitSet placeCpus;
    private final StartGate gate = new StartGate();
    private boolean spawned;

    /**
     * @param client true on the client, which sends on the upload streams
     * @param count  the streams of this side (the test's connections)
     */
    StreamSide(String threadPrefix, TestSpec spec, boolean client, int count) {
        this.threadPrefix = threadPrefix;
        this.spec = spec;
        this.sends = new boolean[count];
        for (int i = 0; i < count; i++) {
            sends[i] = spec.direction().isUploadStream(i, spec.streams()) == client;
        }
    }

    /** The part of a stream thread's name between the prefix and "send-N"/"recv-N". */
    abstract String threadKind();

    /** Whether this side sends on stream {@code index}. */
    final boolean sends(int index) {
        return sends[index];
    }

    final boolean anySends() {
        for (boolean b : sends) {
            if (b) {
                return true;
            }
        }
        return false;
    }

    /**
     * Samples the streams into intervals of {@code intervalNanos} (0: none, only the warm-up's end),
     * handing each to {@code sink} (on the sampler's thread, serially). Call once, before the start.
     */
    public final void sample(long intervalNanos, Consumer<IntervalSampler.Sample> sink) {
        sampler = new IntervalSampler(counters(), intervalNanos, TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()),
                spec.plannedEndNanos(), sink);
    }

    /** The test's -i: the interval every side that reports intervals uses. */
    public final long intervalNanos() {
        return TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis());
    }

    /** Pins every stream thread of this side to {@code cpu} (-A); null leaves placement to the kernel. */
    public final void pinTo(Integer cpu) {
        this.pinCpu = cpu;
    }

    /** Lets every stream thread of this side run on the CPUs of one NUMA node; null = anywhere. */
    public final void placeOn(BitSet cpus) {
        this.placeCpus = cpus;
    }

    /** Starts every stream and the sampler; the test's clock starts now, which is returned. */
    public final long start() {
        long t = System.nanoTime();
        start(t);
        return t;
    }

    /**
     * Makes every stream's thread now, before the test's clock starts: each sets itself up and
     * waits for {@link #start} ({@link StartGate}). Called again, or by {@link #start} after it, it
     * does nothing. Placement ({@link #pinTo}, {@link #placeOn}) must be set before.
     */
    public final synchronized void spawn() {
        if (spawned) {
            return;
        }
        spawned = true;
        for (S s : streams) {
            s.gate(gate);
            String name = threadPrefix + threadKind() + (s.counter().sending() ? "send-" : "recv-") + s.counter().index();
            Integer pin = pinCpu;
            BitSet place = placeCpus;
            Runnable body = pin != null ? () -> {
                s.note(Affinity.pinCurrentThread(pin));
                s.run();
            } : place != null ? () -> {
                s.note(Affinity.placeCurrentThread(place));
                s.run();
            } : s;
            threads.add(StreamLoop.thread(name, body));
        }
        threads.forEach(Thread::start);
    }

    /** Starts every stream (made now if {@link #spawn} was not called) and the sampler, the test's clock having started at {@code startNanoTime}. */
    public final void start(long startNanoTime) {
        spawn();
        this.startNanos = startNanoTime;
        gate.open();
        sampler.start(startNanoTime);
    }

    /** Streams made by {@link #spawn} and never started leave without running; call before closing their channels. */
    public final void cancelStart() {
        gate.cancel();
    }

    /** The test's start as a System.nanoTime() value. */
    public final long startNanoTime() {
        return startNanos;
    }

    /** Takes the last interval sample at {@code endNanoTime}; call once, after the last byte that counts. */
    void finish(long endNanoTime) {
        sampler.finish(endNanoTime);
    }

    /** Each stream's byte count at the end of the warm-up (zeros when there was none). */
    final long[] bytesAtOmit() {
        return sampler.bytesAtOmit();
    }

    /** End of the warm-up as a System.nanoTime() value (the start when there is none). */
    final long omitEndNanoTime() {
        return sampler.omitEndNanoTime();
    }

    /** This side's CPU time from the start to {@code endNanoTime}. */
    public final Message.CpuTime cpu(long endNanoTime) {
        return new Message.CpuTime(cpu.userNanos(), cpu.systemNanos(), endNanoTime - startNanos);
    }

    final List<StreamCounter> counters() {
        return StreamLoop.counters(streams);
    }

    /** Bytes moved so far by every stream of this side (polled while the test runs: allocates nothing). */
    public final long bytes() {
        long sum = 0;
        for (S s : streams) {
            sum += s.counter().bytes();
        }
        return sum;
    }

    /** Bytes moved so far by the streams this side sends on ({@code sent}) or receives on. */
    public final long bytes(boolean sent) {
        long sum = 0;
        for (S s : streams) {
            if (s.counter().sending() == sent) {
                sum += s.counter().bytes();
            }
        }
        return sum;
    }

    /**
     * The bytes of one sample on the streams this side sends on ({@code sent}) or receives on, as the
     * interval message wirespeed's server sends; null when this side has no such stream.
     */
    public final Message.Interval interval(IntervalSampler.Sample s, boolean sent) {
        int count = 0;
        for (int i = 0; i < sends.length; i++) {
            count += sends[i] == sent ? 1 : 0;
        }
        if (count == 0) {
            return null;
        }
        int[] index = new int[count];
        long[] bytes = new long[count];
        for (int i = 0, k = 0; i < sends.length; i++) {
            if (sends[i] == sent) {
                index[k] = i;
                bytes[k++] = s.bytes()[i];
            }
        }
        return new Message.Interval(s.startNanos(), s.endNanos(), s.omitted(), s.last(), index, bytes);
    }

    /** The receivers' trip-times log (made by the first receiving stream of a tripTimes test). */
    final synchronized TripLog trips() {
        if (trips == null) {
            trips = new TripLog(!spec.udp());
        }
        return trips;
    }

    /** The trip times of one sample's interval, or null when this side measures none; on the sampler's thread. */
    public final Message.TripTimes tripInterval(IntervalSampler.Sample s) {
        TripLog log;
        synchronized (this) {
            log = trips;
        }
        if (log == null) {
            return null;
        }
        lastSampleEndNanos = s.endNanos();
        return log.interval(s.startNanos(), s.endNanos(), s.omitted());
    }

    /** The test's trip times after the warm-up, once the last interval was sampled; null when none were measured. */
    public final Message.TripTimes tripTotal() {
        TripLog log;
        synchronized (this) {
            log = trips;
        }
        return log == null ? null : log.total(TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), lastSampleEndNanos);
    }

    /** Senders finish their current write (or datagram), then stop. */
    public final void stopSending() {
        stop.set();
    }

    public final boolean allEnded() {
        for (S s : streams) {
            if (!s.counter().ended()) {
                return false;
            }
        }
        return true;
    }

    /** True once every stream this side sends on left its loop (budget spent, stopped, failed). */
    public final boolean allSendersEnded() {
        for (S s : streams) {
            if (s.counter().sending() && !s.counter().ended()) {
                return false;
            }
        }
        return true;
    }

    public final Throwable firstFailure() {
        return StreamLoop.firstFailure(streams);
    }

    /** Waits until every stream ended or the deadline passed; true when all ended. */
    public final boolean awaitEnded(long deadlineNanos) {
        return await(this::allEnded, deadlineNanos);
    }

    /** Waits until every sender left its loop, or the deadline; true when all did. */
    final boolean awaitSendersEnded(long deadlineNanos) {
        return await(this::allSendersEnded, deadlineNanos);
    }

    private static boolean await(BooleanSupplier done, long deadlineNanos) {
        while (!done.getAsBoolean()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(2)));
        }
        return true;
    }

    final List<Thread> threads() {
        return threads;
    }

    /**
     * What ran on this side: each distinct call (in stream order) of the streams that send and of
     * those that receive, and the notes (fallbacks, placement), each once; {@code notes} come first.
     */
    final Message.DataPathUsed pathUsed(List<String> notes) {
        LinkedHashSet<String> sendCalls = new LinkedHashSet<>();
        LinkedHashSet<String> receiveCalls = new LinkedHashSet<>();
        LinkedHashSet<String> all = new LinkedHashSet<>(notes);
        for (S s : streams) {
            if (s.callUsed() != null) {
                (s.counter().sending() ? sendCalls : receiveCalls).add(s.callUsed());
            }
            all.addAll(s.notes());
        }
        return new Message.DataPathUsed(sendCalls.isEmpty() ? null : String.join("+", sendCalls),
                receiveCalls.isEmpty() ? null : String.join("+", receiveCalls), List.copyOf(all));
    }

    /** Waits for each thread until the shared deadline; stops waiting (interrupt flag kept) when interrupted. */
    static void joinAll(Iterable<Thread> threads, long deadlineNanos) {
        for (Thread t : threads) {
            long left = deadlineNanos - System.nanoTime();
            try {
                if (left > 0) {
                    t.join(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
