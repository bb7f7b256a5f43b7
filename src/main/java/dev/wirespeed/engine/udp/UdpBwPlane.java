package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.session.ClientOutcome;
import dev.wirespeed.engine.session.PathCounterReport;
import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.engine.session.StreamPlane;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.stream.UdpGroup;
import dev.wirespeed.engine.stream.UdpHeader;
import dev.wirespeed.engine.stream.UdpStream;
import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The client's data plane of a UDP bandwidth test: {@link UdpGroup}'s paced senders and loss/jitter
 * receivers; intervals come from whichever side receives.
 */
public final class UdpBwPlane extends StreamPlane<Message.UdpResults, UdpResult, Message.UdpInterval> {
    private final UdpBwClientConfig config;
    private final TestListener<TestSpec, UdpResult.UdpInterval> listener;
    private final List<DatagramChannel> channels = new ArrayList<>();
    private final UdpAssembler assembler;
    private UdpGroup group;
    private PathCounterReport counters;

    public UdpBwPlane(UdpBwClientConfig config, TestListener<TestSpec, UdpResult.UdpInterval> listener) {
        super(config.spec(), Message.UdpInterval.class);
        this.config = config;
        this.listener = listener;
        this.assembler = new UdpAssembler(spec);
    }

    @Override
    public Class<Message.UdpResults> resultsType() {
        return Message.UdpResults.class;
    }

    @Override
    public void open(Links links) throws IOException {
        for (int i = 0; i < spec.connections(); i++) {
            channels.add(UdpSetup.connect(links.target(), links.testId(), i, spec, links.timeoutMillis(),
                    links.bind()));
        }
    }

    @Override
    public int opened() {
        return channels.size();
    }

    @Override
    public void connected(SocketChannel control) {
        counters = PathCounterReport.startInBackground(control);
    }

    @Override
    public void ready(BwResult.Peer server, SocketChannel control) throws IOException {
        for (DatagramChannel ch : channels) {
            UdpSetup.drain(ch);
        }
        counters.awaitBefore(); // the data flows after this: Start follows ready()
        counters.watchUdp(channels); // their drops are the test's own (issue 26)
        listener.connected(server, spec);
        group = use(new UdpGroup("ws-client", channels, true, spec, UdpHeader.WIRESPEED, config.receiveDrop()));
        group.sample(group.intervalNanos(), s -> report(assembler.local(group.interval(s))));
    }

    @Override
    public boolean ended() {
        return false;
    }

    @Override
    public String failure() {
        Throwable f = group.firstFailure();
        return f == null ? null : f instanceof UdpStream.PathMtuExceeded ? f.getMessage()
                : "data socket failed: " + Io.reason(f);
    }

    @Override
    protected void remoteInterval(Message.UdpInterval iv) {
        if (config.frames() != null && iv != null && iv.counts() != null) {
            config.frames().remote(iv);
        }
        report(assembler.remote(iv));
    }

    /** UDP has no end of stream to wait for: the measured time ends when the senders stopped. */
    @Override
    public long drain(long stopNanos, long deadlineNanos) {
        return stopNanos;
    }

    @Override
    public void afterResults(boolean serverOk, long stopNanos) {
        if (serverOk) {
            group.drainReceivers();
        }
        counters.udpEnded(); // before closing the sockets takes their rows away
        group.close(stopNanos);
    }

    @Override
    public void finish(boolean serverOk) {
    }

    @Override
    public UdpResult result(Ending<Message.UdpResults> end) {
        long stopNanos = end.endNanos();
        // --dont-fragment's refusal (this side's, or the server's sending side's with -R): the path, not a lost peer
        String tooLong = group.firstFailure() instanceof UdpStream.PathMtuExceeded e ? e.getMessage()
                : UdpStream.PathMtuExceeded.describes(end.problem()) ? end.problem() : null;
        BwResult.Outcome outcome = tooLong != null ? new BwResult.Outcome(OutcomeStatus.FAILED, tooLong)
                : ClientOutcome.of(end.status(), stopNanos - end.startNanos(), end.problem());
        Message.UdpResults local = group.results(stopNanos);
        Message.UdpResults remote = end.remote();
        String refused = PeerTotals.problem(remote, local, spec, stopNanos - end.startNanos());
        if (refused != null) {
            remote = null;
            outcome = PeerTotals.refused(outcome, refused);
        }
        if (config.frames() != null) {
            config.frames().totals(local, remote);
        }
        UdpResult r = assembler.build(end.startedAt(), end.server(), local, remote, outcome);
        BwResult.Outcome checked = PeerTotals.nothingMoved(r, stopNanos - end.startNanos());
        if (checked != r.outcome()) {
            r = assembler.build(end.startedAt(), end.server(), local, remote, checked);
        }
        return r.withCounters(PathCounterReport.join(counters.interfaceName(), counters.deltas(), counters.udpSockets(),
                remote)).withServerSharedWithTests(end.remote() != null ? end.remote().sharedWithTests() : null)
                .withServerOutput(end.remote() != null ? ServerOutput.ofLines(end.remote().serverOutput()) : null);
    }

    @Override
    public void close() {
        cancelStart();
        channels.forEach(NativeIo::shutdownAndClose);
    }

    private void report(UdpResult.UdpInterval r) {
        if (r != null && spec.intervalMillis() > 0) {
            listener.interval(r);
        }
    }
}
