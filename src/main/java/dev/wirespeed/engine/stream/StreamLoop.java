package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.DataThreadPriority;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import java.io.IOException;
import java.nio.channels.Channel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a TCP ({@link DataStream}) and a UDP ({@link UdpStream}) data stream share: the thread's
 * frame around the hot loop (its CPU clock, the end time and failure on the counter), the call
 * that moved its bytes and the notes of what did not run as asked, and what the sides ask of each
 * stream. The loops themselves are {@link StreamIo}s, called once per thread by {@link #send()}
 * and {@link #receive()}, free of any per-call indirection.
 */
public abstract class StreamLoop<C extends Channel> implements Runnable {
    protected final C channel;
    protected final StreamCounter counter;
    protected final StopFlag stop;
    private final CpuAccumulator cpu;

    /** Set by the side when it closes the channel on purpose, so the resulting exception is no failure. */
    volatile boolean closing;
    private volatile String callUsed;
    /** Where the thread waits after its set-up until the side starts ({@link StreamSide#spawn()}). */
    private volatile StartGate gate = StartGate.alreadyOpen();
    private final List<String> notes = new CopyOnWriteArrayList<>();

    StreamLoop(C channel, StreamCounter counter, StopFlag stop, CpuAccumulator cpu) {
        this.channel = channel;
        this.counter = counter;
        this.stop = stop;
        this.cpu = cpu;
    }

    final StreamCounter counter() {
        return counter;
    }

    final C channel() {
        return channel;
    }

    /** The call that moved this stream's bytes ({@link StreamIo#call}); null before the stream ran. */
    final String callUsed() {
        return callUsed;
    }

    /** Why something asked for (-Z, --skip-rx-copy, -A, …) did not run on this stream; empty when all did. */
    final List<String> notes() {
        return notes;
    }

    /** The side's gate, set before the thread is made. */
    final void gate(StartGate g) {
        this.gate = g;
    }

    /** {@link StreamIo#run}: the io about to run. */
    final void ran(String call) {
        callUsed = call;
    }

    /** A note for {@link #notes()}; null adds nothing. */
    final void note(String note) {
        if (note != null) {
            notes.add(note);
        }
    }

    protected abstract void send() throws IOException;

    protected abstract void receive() throws IOException;

    /** True when an exception out of the loop is the expected end of a closed stream, not a failure. */
    boolean endedOnPurpose() {
        return closing;
    }

    /** On the stream's thread, after the loop and before its end time is published (sender's TCP_INFO). */
    void beforeEnd() {}

    /** On the stream's thread, after the end time and the CPU time were recorded. */
    void afterEnd(Throwable failure) {}

    /**
     * On the stream's thread before its loop, at the priority it started with: takes what the loop
     * needs that other streams may wait for (the shared buffers of {@link StreamBuffers}), so that
     * none of them waits on a thread that already runs below the control threads.
     */
    void prepare() {}

    /** On the stream's thread after its loop: gives back what {@link #prepare()} took. */
    void release() {}

    @Override
    public final void run() {
        CpuClock clock = CpuClock.startForCurrentThread();
        Throwable failure = null;
        try {
            prepare();
            DataThreadPriority.lowerAsCounted();
            // false: the side closed before the test started, and the stream ends having moved nothing
            if (gate.await()) {
                if (counter.sending()) {
                    send();
                } else {
                    receive();
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = endedOnPurpose() ? null : e;
        } finally {
            release();
            long end = System.nanoTime();
            beforeEnd();
            counter.end(end, failure);
            clock.stopInto(cpu);
        }
        afterEnd(failure);
    }

    static List<StreamCounter> counters(List<? extends StreamLoop<?>> streams) {
        return streams.stream().map(s -> s.counter).toList();
    }

    /** The first stream's failure in stream order, or null. */
    static Throwable firstFailure(List<? extends StreamLoop<?>> streams) {
        for (StreamLoop<?> s : streams) {
            if (s.counter.failure() != null) {
                return s.counter.failure();
            }
        }
        return null;
    }

    /**
     * One platform thread per stream (blocking calls on platform threads keep the poller off the hot
     * path); past one per core they yield to control threads ({@link DataThreadPriority}).
     */
    public static Thread thread(String name, Runnable body) {
        return Thread.ofPlatform().name(name).daemon(true).unstarted(DataThreadPriority.counted(body));
    }
}
