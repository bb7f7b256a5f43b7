package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.measure.TcpCounters;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Message.StreamTotal;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * One side's TCP data connections of one test ({@link StreamSide}): their streams, the -n budget of
 * each direction, -Z's payload file, the host-wide retransmits during the test, and the side's
 * results (per-stream totals with TCP_INFO, CPU, the calls that ran).
 */
public final class StreamGroup extends StreamSide<DataStream> {
    /**
     * A receiver reads at least this much per call, whatever -l the sender writes: iperf's 128 KiB,
     * so a small -l (bw -a starts at 2 B) measures the sender's message rate, not 2-byte reads.
     */
    static final int MIN_READ_BYTES = 128 * 1024;

    private final PayloadFile payload;
    private final String payloadProblem;
    /** /proc/net/snmp RetransSegs when the side was made, and its growth until {@link #finish}. */
    private final OptionalLong retransmitsBefore;
    private Long retransmits;

    /**
     * @param channels data connections by stream index
     * @param client   true on the client (it sends on the upload streams)
     * @param path     what the test asked for (-Z, --skip-rx-copy); each stream records what ran
     */
    public StreamGroup(String threadPrefix, List<SocketChannel> channels, boolean client, TestSpec spec, DataPath path) {
        super(threadPrefix, spec, client, channels.size());
        PayloadFile file = null;
        String problem = null;
        if (path.zeroCopy() && anySends()) {
            try {
                if (DataStream.refusedForTest("payload")) {
                    throw new IOException("refused for the test");
                }
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
            StreamCounter counter = new StreamCounter(i, sends(i));
            int length = sends(i) ? spec.bufferBytes() : Math.max(spec.bufferBytes(), MIN_READ_BYTES);
            DataStream stream = new DataStream(channels.get(i), counter, length, stop, sends(i) ? budget : null, cpu,
                    path, file, problem);
            stream.readTos = !client && spec.tos() != null; // the server reads what the client's segments carried
            if (spec.tripTimes()) {
                stream.stamps = sends(i);
                stream.trip = sends(i) ? null : trips().recorder();
            }
            streams.add(stream);
        }
        retransmitsBefore = TcpCounters.retransmittedSegments();
    }

    @Override
    String threadKind() {
        return "-";
    }

    /** Also fixes the host-wide retransmits since the side was made. */
    @Override
    public void finish(long endNanoTime) {
        super.finish(endNanoTime);
        OptionalLong after = TcpCounters.retransmittedSegments();
        retransmits = retransmitsBefore.isPresent() && after.isPresent()
                ? after.getAsLong() - retransmitsBefore.getAsLong() : null;
    }

    /**
     * The TCP_INFO of stream {@code index} now (getsockopt is safe beside the stream's own calls), or
     * its last reading once its socket is closed; null where neither exists.
     */
    public Message.TcpStats tcpNow(int index) {
        if (index < 0 || index >= streams.size()) {
            return null;
        }
        DataStream s = streams.get(index);
        Message.TcpStats now = s.channel().isOpen() ? NativeSockets.tcpInfo(s.channel()).orElse(null) : null;
        return now != null ? now : s.tcpStats();
    }

    /** {@link #tcpNow} of each of {@code indexes}. */
    public Message.TcpStats[] tcpNow(int[] indexes) {
        Message.TcpStats[] out = new Message.TcpStats[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            out[i] = tcpNow(indexes[i]);
        }
        return out;
    }

    /** Waits for the stream threads themselves (senders wait for the peer's close); then closes what is left. */
    public void join(long deadlineNanos) {
        joinAll(threads(), deadlineNanos);
        close();
    }

    /**
     * Ends everything now: blocked reads and writes return with an exception that counts as no
     * failure. The streams' direct calls are woken by shutdown(2) and the descriptors closed only
     * after their threads left (bounded), so no descriptor is reused under a running call.
     */
    public void close() {
        cancelStart();
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
            for (Thread t : threads()) {
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
        if (payload != null && threads().stream().noneMatch(Thread::isAlive)) {
            payload.close();
        }
    }

    /**
     * This side's results: per-stream totals (warm-up excluded in measuredBytes; a stream still
     * running counts to now), CPU from the start to {@code endNanoTime}, the host-wide retransmits
     * ({@link #finish}), and the calls that ran.
     */
    public Message.Results results(long endNanoTime) {
        return new Message.Results(totals(), cpu(endNanoTime), retransmits, pathUsed());
    }

    /** Per-stream totals, warm-up excluded in measuredBytes; a stream still running counts to now. */
    public List<StreamTotal> totals() {
        long[] omitBytes = bytesAtOmit();
        long omitEndNanos = omitEndNanoTime();
        long now = System.nanoTime();
        List<StreamTotal> out = new ArrayList<>();
        for (DataStream s : streams) {
            StreamCounter c = s.counter();
            long end = c.ended() ? c.endNanos() : now;
            long measuredNanos = Math.max(0, end - omitEndNanos);
            long bytes = c.bytes();
            out.add(new StreamTotal(c.index(), c.sending(), bytes, bytes - omitBytes[c.index()], measuredNanos,
                    s.tcpStats(), s.receivedTos()));
        }
        return out;
    }

    /** What ran on this side: each distinct call and the fallbacks, each once. */
    Message.DataPathUsed pathUsed() {
        return pathUsed(payloadProblem == null ? List.of() : List.of(SendfileIo.noPayloadNote(payloadProblem)));
    }
}
