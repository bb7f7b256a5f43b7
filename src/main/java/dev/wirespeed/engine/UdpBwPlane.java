package dev.wirespeed.engine;

import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import java.io.IOException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The client's data plane of a UDP bandwidth test: {@link UdpGroup}'s paced senders and loss/jitter
 * receivers; intervals come from whichever side receives.
 */
final class UdpBwPlane extends StreamPlane<Message.UdpResults, UdpResult, Message.UdpInterval> {
    private final UdpBwClient.Config config;
    private final UdpBwClient.Listener listener;
    private final List<DatagramChannel> channels = new ArrayList<>();
    private final UdpAssembler assembler;
    private UdpGroup group;

    UdpBwPlane(UdpBwClient.Config config, UdpBwClient.Listener listener) {
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
            channels.add(UdpSetup.connect(links.target(), links.testId(), i, UdpSetup.bufferBytes(spec),
                    links.timeoutMillis(), links.bind()));
        }
    }

    @Override
    public int opened() {
        return channels.size();
    }

    @Override
    public void ready(BwResult.Peer server, SocketChannel control) throws IOException {
        for (DatagramChannel ch : channels) {
            UdpSetup.drain(ch);
        }
        listener.connected(server, spec);
        group = new UdpGroup("ws-client", channels, sends(channels.size()), spec, UdpHeader.WIRESPEED,
                config.receiveDrop());
        sampler = sample(new Group(group.counters(), group::start, group::stopSending),
                s -> report(assembler.local(group.interval(s))));
    }

    @Override
    public boolean ended() {
        return false;
    }

    @Override
    public String failure() {
        Throwable f = group.firstFailure();
        return f == null ? null : "data socket failed: " + Io.reason(f);
    }

    @Override
    void remoteInterval(Message.UdpInterval iv) {
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
        group.close(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
        sampler.finish(group.dataEndNanos(stopNanos));
    }

    @Override
    public void finish(boolean serverOk) {
    }

    @Override
    public UdpResult result(Ending<Message.UdpResults> end) {
        long stopNanos = end.endNanos();
        BwResult.Outcome outcome = ClientOutcome.of(end.status(), stopNanos - end.startNanos(), end.problem());
        Message.UdpResults local = new Message.UdpResults(
                group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime(), stopNanos),
                new Message.CpuTime(group.cpu().userNanos(), group.cpu().systemNanos(), stopNanos - end.startNanos()));
        Message.UdpResults remote = end.remote();
        String refused = PeerTotals.problem(remote, local, spec, stopNanos - end.startNanos());
        if (refused != null) {
            remote = null;
            outcome = PeerTotals.refused(outcome, refused);
        }
        UdpResult r = assembler.build(end.startedAt(), end.server(), local, remote, outcome);
        BwResult.Outcome checked = PeerTotals.nothingMoved(r, stopNanos - end.startNanos());
        return checked == r.outcome() ? r : assembler.build(end.startedAt(), end.server(), local, remote, checked);
    }

    @Override
    public void close() {
        channels.forEach(LatPlane::closeQuietly);
    }

    private void report(UdpResult.UdpInterval r) {
        if (r != null && spec.intervalMillis() > 0) {
            listener.interval(r);
        }
    }
}
