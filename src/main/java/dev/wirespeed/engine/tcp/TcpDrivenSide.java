package dev.wirespeed.engine.tcp;

import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.stream.DataPath;
import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.engine.stream.IntervalSampler;
import dev.wirespeed.engine.stream.StreamGroup;
import dev.wirespeed.engine.sys.SocketTuning;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.List;

/**
 * One side's TCP data connections of a test whose control connection speaks another protocol
 * (iperf3): the same {@link StreamGroup} — hot loops, counters, warm-up and interval sampling — as
 * wirespeed's own tests, driven from outside. The caller owns the control connection and decides
 * when the test ends.
 */
public final class TcpDrivenSide extends DrivenSide {
    private final TestSpec spec;
    private final StreamGroup group;
    private final ResultAssembler assembler;
    private final TcpDrivenSideListener listener;

    /**
     * @param client   true on the client: upload streams are the ones this side sends, and
     *                 interval reports are collected for the result
     * @param listener gets each interval report as it is sampled; may be null
     */
    public TcpDrivenSide(String threadPrefix, List<SocketChannel> channels, boolean client, TestSpec spec,
                     String streamsChosenBy, TcpDrivenSideListener listener) {
        this(new StreamGroup(threadPrefix, channels, client, spec, DataPath.of(spec)), client, spec, streamsChosenBy,
                listener);
    }

    private TcpDrivenSide(StreamGroup group, boolean client, TestSpec spec, String streamsChosenBy,
                      TcpDrivenSideListener listener) {
        super(group);
        this.spec = spec;
        this.group = group;
        this.listener = listener;
        this.assembler = new ResultAssembler(spec, streamsChosenBy);
        if (client) {
            group.sample(group.intervalNanos(), this::sampled);
        } else {
            group.pinTo(spec.serverCpu());
            group.sample(0, s -> { });
        }
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

    /** True once every stream this side sends on stopped writing (budget spent, stopped, failed). */
    public boolean sendersEnded() {
        return group.allSendersEnded();
    }

    /** Waits until every stream ended (receivers at the peer's close), or the deadline. */
    public boolean awaitEnded(long deadlineNanos) {
        return group.awaitEnded(deadlineNanos);
    }

    /** Takes the last interval sample and the host-wide retransmits; call once, after the last byte that counts. */
    public void finish(long endNanoTime) {
        group.finish(endNanoTime);
    }

    /** Waits for the stream threads up to the deadline, then closes every connection. */
    public void join(long deadlineNanos) {
        group.join(deadlineNanos);
    }

    /** Closes every connection now; blocked reads and writes end without counting as failures. */
    public void close() {
        group.close();
    }

    /**
     * This side's totals: per stream (warm-up excluded in measuredBytes), CPU up to
     * {@code endNanoTime}, and the host-wide retransmits from the set-up to {@link #finish}.
     */
    public Message.Results results(long endNanoTime) {
        return group.results(endNanoTime);
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
        Message.Interval sent = group.interval(s, true);
        if (sent != null) {
            // the assembler files upload intervals from the wire message; here they are the sender's own counts
            report(assembler.remoteInterval(sent));
        }
        report(assembler.localInterval(s));
    }

    private void report(BwResult.IntervalReport r) {
        if (r != null && listener != null && spec.intervalMillis() > 0) {
            listener.interval(r);
        }
    }
}
