package dev.wirespeed.engine;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One side's data connections of a test whose control connection speaks another protocol
 * (iperf3): the same hot loops, counters, warm-up and interval sampling as wirespeed's own tests,
 * driven from outside. The caller owns the control connection and decides when the test ends.
 *
 * <p>Stream indexes follow {@link dev.wirespeed.wire.Direction}: in a --bidir test the first
 * {@code streams} connections carry client → server data, as iperf3 also orders them.
 */
public final class DataPlane implements Plane {
    /** Receives interval reports as they are sampled (the client prints them). */
    public interface IntervalListener {
        void interval(BwResult.IntervalReport report);
    }

    private final TestSpec spec;
    private final boolean[] sends;
    private final StreamGroup group;
    private final IntervalSampler sampler;
    private final ResultAssembler assembler;
    private final IntervalListener listener;
    private final boolean client;
    private long startNanos;

    /**
     * @param client   true on the client: upload streams are the ones this side sends, and
     *                 interval reports are collected for the result
     * @param listener gets each interval report as it is sampled; may be null
     */
    public DataPlane(String threadPrefix, List<SocketChannel> channels, boolean client, TestSpec spec,
                     String streamsChosenBy, IntervalListener listener) {
        this.spec = spec;
        this.client = client;
        this.listener = listener;
        this.sends = new boolean[channels.size()];
        for (int i = 0; i < sends.length; i++) {
            sends[i] = spec.direction().isUploadStream(i, spec.streams()) == client;
        }
        this.group = new StreamGroup(threadPrefix, channels, sends, spec);
        if (!client) {
            group.pinTo(spec.serverCpu());
        }
        this.assembler = new ResultAssembler(spec, streamsChosenBy);
        long intervalNanos = !client ? 0 : TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis());
        this.sampler = new IntervalSampler(group.counters(), intervalNanos,
                TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), BwClient.plannedEndNanos(spec), this::sampled);
    }

    /** -A on the client: pins this side's stream threads to {@code cpu} (null = none). */
    public void pinTo(Integer cpu) {
        group.pinTo(cpu);
    }

    /** Socket options set on a connected data connection ({@code accepted} on the server). */
    public static void tuneAfterConnect(SocketChannel ch, TestSpec spec, boolean accepted) throws IOException {
        SocketTuning.afterConnect(ch, spec, accepted);
    }

    public static BwResult.BwParams params(TestSpec spec, String streamsChosenBy) {
        return ResultAssembler.params(spec, streamsChosenBy);
    }

    /** The server's one-line log of a test, as for wirespeed's own tests. */
    public static String summaryLine(TestSpec spec, List<Message.StreamTotal> totals, long wallNanos, String problem) {
        return TcpBwServerPlane.summaryLine(spec, totals, wallNanos, problem);
    }

    /** Starts every stream and the sampler; the test's clock starts now. */
    public long start() {
        startNanos = System.nanoTime();
        group.start();
        sampler.start(startNanos);
        return startNanos;
    }

    public long startNanoTime() {
        return startNanos;
    }

    /** End of the warm-up as a System.nanoTime() value (the start when there is none). */
    public long omitEndNanoTime() {
        return sampler.omitEndNanoTime();
    }

    /** Whether this side writes on the connection with this index. */
    public boolean sends(int index) {
        return sends[index];
    }

    /** Bytes moved so far by the streams this side sends on ({@code sent}) or receives on. */
    public long bytes(boolean sent) {
        long sum = 0;
        for (StreamCounter c : group.counters()) {
            if (c.sending() == sent) {
                sum += c.bytes();
            }
        }
        return sum;
    }

    /** True once every stream this side sends on stopped writing (budget spent, stopped, failed). */
    public boolean sendersEnded() {
        return group.allSendersEnded();
    }

    public boolean allEnded() {
        return group.allEnded();
    }

    public Throwable firstFailure() {
        return group.firstFailure();
    }

    /** Senders finish their current write and half-close. */
    public void stopSending() {
        group.stopSending();
    }

    /** Waits until every sender stopped writing, or the deadline; true when all did. */
    public boolean awaitSendersEnded(long deadlineNanos) {
        while (!group.allSendersEnded()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(2)));
        }
        return true;
    }

    /** Waits until every stream ended (receivers at the peer's close), or the deadline. */
    public boolean awaitEnded(long deadlineNanos) {
        return group.awaitEnded(deadlineNanos);
    }

    /** Takes the last interval sample; call once, after the last byte that counts. */
    public void finish(long endNanoTime) {
        sampler.finish(endNanoTime);
    }

    /** Waits for the stream threads up to the deadline, then closes every connection. */
    public void join(long deadlineNanos) {
        group.join(deadlineNanos);
    }

    /** Closes every connection now; blocked reads and writes end without counting as failures. */
    public void close() {
        group.close();
    }

    /** This side's totals: per stream (warm-up excluded in measuredBytes) and CPU up to {@code endNanoTime}. */
    public Message.Results results(long endNanoTime, Long retransmitsHostWide) {
        List<Message.StreamTotal> totals = new ArrayList<>(group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime()));
        return new Message.Results(totals, new Message.CpuTime(group.cpu().userNanos(), group.cpu().systemNanos(),
                endNanoTime - startNanos), retransmitsHostWide, group.pathUsed());
    }

    /** The client's result from both sides' totals; {@code remote} is null when the peer sent none. */
    public BwResult assemble(Instant startedAt, BwResult.Peer server, Message.Results local, Message.Results remote,
                             BwResult.Outcome outcome) {
        return assembler.build(startedAt, ResultAssembler.localPeer(), server, local, remote, outcome);
    }

    /**
     * Interval reports come from this side's own counters: received streams as in wirespeed's
     * tests, and sent streams too, because an iperf3 peer reports no intervals while it runs.
     */
    private void sampled(IntervalSampler.Sample s) {
        if (!client) {
            return;
        }
        List<Integer> sent = new ArrayList<>();
        for (int i = 0; i < s.bytes().length; i++) {
            if (sends[i]) {
                sent.add(i);
            }
        }
        if (!sent.isEmpty()) {
            int[] index = sent.stream().mapToInt(Integer::intValue).toArray();
            long[] bytes = new long[index.length];
            for (int i = 0; i < index.length; i++) {
                bytes[i] = s.bytes()[index[i]];
            }
            // the assembler files upload intervals from the wire message; here they are the sender's own counts
            BwResult.IntervalReport up = assembler.remoteInterval(
                    new Message.Interval(s.startNanos(), s.endNanos(), s.omitted(), s.last(), index, bytes));
            report(up);
        }
        report(assembler.localInterval(s));
    }

    private void report(BwResult.IntervalReport r) {
        if (r != null && listener != null && spec.intervalMillis() > 0) {
            listener.interval(r);
        }
    }
}
