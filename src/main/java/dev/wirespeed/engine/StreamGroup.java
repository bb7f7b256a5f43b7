package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.wire.Message.StreamTotal;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Message.DataPathUsed;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One side's data connections of one test, each run by its own platform thread (blocking I/O on
 * platform threads avoids the virtual-thread poller on the hot path).
 */
final class StreamGroup {
    /**
     * A receiver reads at least this much per call, whatever -l the sender writes: iperf's 128 KiB,
     * so a small -l (bw -a starts at 2 B) measures the sender's message rate, not 2-byte reads.
     */
    static final int MIN_READ_BYTES = 128 * 1024;

    private final List<DataStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final StopFlag stop = new StopFlag();
    private final CpuAccumulator cpu = new CpuAccumulator();
    private final String threadPrefix;
    private final PayloadFile payload;
    private final String payloadProblem;
    private volatile Integer pinCpu;
    private volatile java.util.BitSet placeCpus;

    /**
     * @param channels    data connections by stream index
     * @param sends       for each index, whether this side sends on it
     * @param spec        the test (buffer length, byte budget)
     */
    StreamGroup(String threadPrefix, List<SocketChannel> channels, boolean[] sends, TestSpec spec) {
        this(threadPrefix, channels, sends, spec, DataPath.of(spec));
    }

    /** @param path what the test asked for (-Z, --skip-rx-copy); each stream records what ran */
    StreamGroup(String threadPrefix, List<SocketChannel> channels, boolean[] sends, TestSpec spec, DataPath path) {
        this.threadPrefix = threadPrefix;
        PayloadFile file = null;
        String problem = null;
        boolean anySends = false;
        for (boolean b : sends) {
            anySends |= b;
        }
        if (path.zeroCopy() && anySends) {
            try {
                file = PayloadFile.create(spec.bufferBytes());
            } catch (IOException e) {
                problem = e.getMessage();
            }
        }
        this.payload = file;
        this.payloadProblem = problem;
        NativeSockets.available(); // load the FFM handles now, not at the end of the measured time
        // one budget per direction: -n bounds the bytes each direction sends
        ByteBudget budget = spec.bytes() > 0 ? new ByteBudget(spec.bytes()) : null;
        for (int i = 0; i < channels.size(); i++) {
            StreamCounter counter = new StreamCounter(i, sends[i]);
            int length = sends[i] ? spec.bufferBytes() : Math.max(spec.bufferBytes(), MIN_READ_BYTES);
            streams.add(new DataStream(channels.get(i), counter, length, stop, sends[i] ? budget : null, cpu, path,
                    file));
        }
    }

    List<StreamCounter> counters() {
        return StreamLoop.counters(streams);
    }

    CpuAccumulator cpu() {
        return cpu;
    }

    /** Pins every stream thread of this side to {@code cpu} (-A); null leaves placement to the kernel. */
    void pinTo(Integer cpu) {
        this.pinCpu = cpu;
    }

    /** Lets every stream thread of this side run on the CPUs of one NUMA node; null = anywhere. */
    void placeOn(java.util.BitSet cpus) {
        this.placeCpus = cpus;
    }

    void start() {
        for (DataStream s : streams) {
            String name = threadPrefix + (s.counter().sending() ? "-send-" : "-recv-") + s.counter().index();
            Integer pin = pinCpu;
            java.util.BitSet place = placeCpus;
            Runnable body = pin != null ? () -> {
                s.pinned(Affinity.pinCurrentThread(pin));
                s.run();
            } : place != null ? () -> {
                s.pinned(Affinity.placeCurrentThread(place));
                s.run();
            } : s;
            threads.add(StreamLoop.thread(name, body));
        }
        threads.forEach(Thread::start);
    }

    /** Senders finish their current write, then half-close. */
    void stopSending() {
        stop.set();
    }

    boolean allEnded() {
        for (DataStream s : streams) {
            if (!s.counter().ended()) {
                return false;
            }
        }
        return true;
    }

    boolean allSendersEnded() {
        for (DataStream s : streams) {
            if (s.counter().sending() && !s.counter().ended()) {
                return false;
            }
        }
        return true;
    }

    boolean anyFailed() {
        return firstFailure() != null;
    }

    Throwable firstFailure() {
        return StreamLoop.firstFailure(streams);
    }

    /** Waits until every stream ended or the deadline passed; true when all ended. */
    boolean awaitEnded(long deadlineNanos) {
        while (!allEnded()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(2)));
        }
        return true;
    }

    /** Waits for the stream threads themselves (senders wait for the peer's close); then closes what is left. */
    void join(long deadlineNanos) {
        joinAll(threads, deadlineNanos);
        close();
    }

    /**
     * Ends everything now: blocked reads and writes return with an exception that counts as no
     * failure. The streams' direct calls are woken by shutdown(2) and the descriptors closed only
     * after their threads left (bounded), so no descriptor is reused under a running call.
     */
    void close() {
        stop.set();
        boolean any = false;
        for (DataStream s : streams) {
            if (s.channel().isOpen()) {
                s.closing = true;
                NativeIo.shutdown(s.channel());
                any = true;
            }
        }
        if (any) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            for (Thread t : threads) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || t == Thread.currentThread()) {
                    continue;
                }
                try {
                    t.join(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        for (DataStream s : streams) {
            s.closeQuietly();
        }
        if (payload != null && threads.stream().noneMatch(Thread::isAlive)) {
            payload.close();
        }
    }

    /**
     * What ran on this side: each distinct call (in stream order) and the fallbacks, each once.
     */
    DataPathUsed pathUsed() {
        java.util.LinkedHashSet<String> sendCalls = new java.util.LinkedHashSet<>();
        java.util.LinkedHashSet<String> receiveCalls = new java.util.LinkedHashSet<>();
        java.util.LinkedHashSet<String> notes = new java.util.LinkedHashSet<>();
        if (payloadProblem != null) {
            notes.add("-Z: no payload file for sendfile (" + payloadProblem + "); wrote instead");
        }
        for (DataStream s : streams) {
            if (s.callUsed() != null) {
                (s.counter().sending() ? sendCalls : receiveCalls).add(s.callUsed().label());
            }
            notes.addAll(s.fallbacks());
        }
        return new DataPathUsed(sendCalls.isEmpty() ? null : String.join("+", sendCalls),
                receiveCalls.isEmpty() ? null : String.join("+", receiveCalls), List.copyOf(notes));
    }

    /** Per-stream totals; {@code omitBytes} holds each stream's count at the end of the warm-up. */
    List<StreamTotal> totals(long[] omitBytes, long omitEndNanos) {
        List<StreamTotal> out = new ArrayList<>();
        for (DataStream s : streams) {
            StreamCounter c = s.counter();
            long end = c.ended() ? c.endNanos() : System.nanoTime();
            long measuredNanos = Math.max(0, end - omitEndNanos);
            long bytes = c.bytes();
            out.add(new StreamTotal(c.index(), c.sending(), bytes, bytes - omitBytes[c.index()], measuredNanos,
                    s.tcpStats()));
        }
        return out;
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
