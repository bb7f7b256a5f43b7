package dev.wirespeed.engine.tcp;

import dev.wirespeed.engine.session.ClientOutcome;
import dev.wirespeed.engine.session.PathCounterReport;
import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.session.StreamPlane;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.stream.DataPath;
import dev.wirespeed.engine.stream.StreamGroup;
import dev.wirespeed.engine.sys.Mptcp;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.host.Counters;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.IntervalReport;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The client's data plane of a TCP bandwidth test: {@link StreamGroup}'s streams, sampled into intervals. */
public final class TcpBwPlane extends StreamPlane<Message.Results, BwResult, Message.Interval> {
    /** How long a download interval waits for the server's report of the same boundary (its Retr/Cwnd). */
    private static final long SERVER_TCP_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private final BwClientConfig config;
    private final TestListener<BwResult.BwParams, BwResult.IntervalReport> listener;
    private final List<SocketChannel> data = new ArrayList<>();
    private final ResultAssembler assembler;
    private StreamGroup group;
    private PathCounterReport counters;
    /** -m/--mptcp: how many data connections the kernel kept MPTCP; null when not asked for. */
    private BwResult.Mptcp mptcp;

    public TcpBwPlane(BwClientConfig config, TestListener<BwResult.BwParams, BwResult.IntervalReport> listener) {
        super(config.spec(), Message.Interval.class);
        this.config = config;
        this.listener = listener;
        this.assembler = new ResultAssembler(spec, config.streamsChosenBy());
    }

    @Override
    public Class<Message.Results> resultsType() {
        return Message.Results.class;
    }

    @Override
    public void open(Links links) throws IOException {
        for (int i = 0; i < spec.connections(); i++) {
            data.add(Sockets.openData(links.target(), links.bind(), config.clientPortOf(i), links.timeoutMillis(),
                    spec, Preamble.data(links.testId(), i), i));
        }
        if (links.bind().mptcp()) {
            mptcp = new BwResult.Mptcp(data.size(), (int) data.stream().filter(Mptcp::isMptcp).count());
        }
    }

    @Override
    public int opened() {
        return data.size();
    }

    @Override
    public void connected(SocketChannel control) {
        counters = PathCounterReport.startInBackground(control);
    }

    @Override
    public void ready(BwResult.Peer server, SocketChannel control) {
        listener.connected(server, ResultAssembler.params(spec, config.streamsChosenBy()));
        group = use(new StreamGroup("ws-client", data, true, spec, DataPath.endingWithFin(spec)));
        group.pinTo(config.cpu());
        group.placeOn(config.placeCpus());
        assembler.clientTcp(group::tcpNow);
        group.sample(group.intervalNanos(), s -> {
            assembler.awaitServerTcp(SERVER_TCP_WAIT_NANOS); // its senders' TCP_INFO for the same boundary
            report(assembler.localInterval(s));
        });
        counters.awaitBefore(); // the data flows after this: Start follows ready()
    }

    @Override
    public boolean ended() {
        return spec.bytes() > 0 && group.allEnded();
    }

    @Override
    public String failure() {
        Throwable f = group.firstFailure();
        return f == null ? null : "data connection failed: " + Io.reason(f);
    }

    @Override
    protected void remoteInterval(Message.Interval iv) {
        report(assembler.remoteInterval(iv));
    }

    @Override
    public long drain(long stopNanos, long deadlineNanos) {
        group.awaitEnded(deadlineNanos);
        long endNanos = System.nanoTime();
        group.finish(endNanos);
        return endNanos;
    }

    @Override
    public void finish(boolean serverOk) {
        // after a loss the streams were closed: a short wait lets their threads book their CPU time
        group.join(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(serverOk ? 2000 : 300));
    }

    @Override
    public BwResult result(Ending<Message.Results> end) {
        List<Counters> counterDeltas = counters.deltas();
        BwResult.Outcome outcome = ClientOutcome.of(end.status(), end.endNanos() - end.startNanos(), end.problem());
        Message.Results local = group.results(end.endNanos());
        // a server's totals that the path and the time cannot hold are left out, and the test fails
        Message.Results remote = end.remote();
        long elapsedNanos = end.endNanos() - end.startNanos();
        String refused = PeerTotals.problem(remote, local, spec, elapsedNanos);
        if (refused != null) {
            remote = null;
            outcome = PeerTotals.refused(outcome, refused);
        }
        return PeerTotals.nothingMoved(assembler.build(end.startedAt(), ResultAssembler.localPeer(), end.server(), local,
                remote, outcome).withCounters(PathCounterReport.join(Protocol.TCP, counters.interfaceName(), counterDeltas,
                PathCounterReport.tcpSenders(local.streams()), remote))
                .withServerSharedWithTests(remote != null ? remote.sharedWithTests() : null)
                .withServerOutput(end.remote() != null ? ServerOutput.ofLines(end.remote().serverOutput()) : null)
                .withMptcp(mptcp),
                elapsedNanos);
    }

    @Override
    public void close() {
        cancelStart();
        data.forEach(Io::closeQuietly);
    }

    private void report(IntervalReport r) {
        if (r != null && spec.intervalMillis() > 0) {
            listener.interval(r);
        }
    }
}
