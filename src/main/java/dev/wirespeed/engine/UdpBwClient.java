package dev.wirespeed.engine;

import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.DatagramChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The client of a UDP bandwidth test (udp-bw). Streams are set up by {@link UdpSetup}; intervals
 * come from whichever side receives. As with TCP, once data flows every outcome returns a result.
 */
public final class UdpBwClient {
    /**
     * @param receiveDrop test hook: the client's receivers drop the datagrams it selects, counted from 1 as
     *                    read (null = none)
     */
    public record Config(String host, int port, TestSpec spec, int connectTimeoutMillis, BooleanSupplier interrupted,
                         java.util.function.LongPredicate receiveDrop) {
        public Config {
            if (interrupted == null) {
                interrupted = () -> false;
            }
        }
    }

    public interface Listener {
        default void connected(BwResult.Peer server, TestSpec spec) {}

        default void interval(UdpResult.UdpInterval interval) {}
    }

    private final Config config;

    public UdpBwClient(Config config) {
        this.config = config;
    }

    public UdpResult run(Listener listener) throws IOException {
        TestSpec spec = config.spec();
        ControlSession session = ControlSession.open(config.host(), config.port(), spec,
                config.connectTimeoutMillis(), config.connectTimeoutMillis());
        List<DatagramChannel> channels = new ArrayList<>();
        try {
            for (int i = 0; i < spec.connections(); i++) {
                channels.add(UdpSetup.connect(session.target, session.testId, i, UdpSetup.bufferBytes(spec),
                        config.connectTimeoutMillis()));
            }
            session.codec.expect(Message.Ready.class);
            for (DatagramChannel ch : channels) {
                UdpSetup.drain(ch);
            }
            listener.connected(session.server, spec);
            return new Run(spec, session, channels, listener).execute();
        } finally {
            channels.forEach(LatClient::closeQuietly);
            session.close();
        }
    }

    private final class Run {
        private final TestSpec spec;
        private final ControlSession session;
        private final UdpGroup group;
        private final UdpAssembler assembler;
        private final IntervalSampler sampler;
        private final Listener listener;
        private final ControlReader<Message.UdpResults> reader;
        private volatile String peerProblem;
        private volatile boolean finished;

        Run(TestSpec spec, ControlSession session, List<DatagramChannel> channels, Listener listener) {
            this.spec = spec;
            this.session = session;
            this.listener = listener;
            boolean[] sends = new boolean[channels.size()];
            for (int i = 0; i < sends.length; i++) {
                sends[i] = spec.direction().isUploadStream(i, spec.streams());
            }
            this.group = new UdpGroup("ws-client", channels, sends, spec, UdpHeader.WIRESPEED, config.receiveDrop());
            this.assembler = new UdpAssembler(spec);
            this.sampler = new IntervalSampler(group.counters(), TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()),
                    TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), BwClient.plannedEndNanos(spec), s -> {
                        UdpResult.UdpInterval r = assembler.local(group.interval(s));
                        if (r != null && spec.intervalMillis() > 0) {
                            listener.interval(r);
                        }
                    });
            this.reader = new ControlReader<>(session.codec, Message.UdpResults.class, this::remoteMessage,
                    () -> finished, this::lose,
                    "no word from the server for " + BwClient.SILENCE_LIMIT_MILLIS / 1000 + " s");
        }

        UdpResult execute() throws IOException {
            session.control.socket().setSoTimeout((int) BwClient.SILENCE_LIMIT_MILLIS);
            session.codec.write(new Message.Start());
            long t0 = System.nanoTime();
            Instant startedAt = Instant.now();
            group.start();
            sampler.start(t0);
            reader.start("ws-udp-control");
            Heartbeat heart = Heartbeat.start("ws-udp-heartbeat", this::sendQuietly);

            OutcomeStatus status = waitForEnd(t0);
            group.stopSending();
            long stopNanos = System.nanoTime();
            Message.UdpResults remote = null;
            if (peerProblem == null) {
                heart.stopThen(new Message.Stop());
                remote = awaitRemote(System.nanoTime() + BwClient.DRAIN_LIMIT_NANOS);
                group.drainReceivers();
            }
            group.close(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
            sampler.finish(group.dataEndNanos(stopNanos));
            finished = true;
            heart.stop();
            if (status == OutcomeStatus.OK && peerProblem != null) {
                status = OutcomeStatus.PEER_LOST;
            }
            if (status == OutcomeStatus.OK && group.firstFailure() != null) {
                status = OutcomeStatus.PEER_LOST;
                peerProblem = "data socket failed: " + Io.reason(group.firstFailure());
            }
            BwResult.Outcome outcome = ClientOutcome.of(status, stopNanos - t0, peerProblem);
            Message.UdpResults local = new Message.UdpResults(
                    group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime(), stopNanos),
                    new Message.CpuTime(group.cpu().userNanos(), group.cpu().systemNanos(), stopNanos - t0));
            return assembler.build(startedAt, session.server, local, remote, outcome);
        }

        private OutcomeStatus waitForEnd(long t0) {
            long end = t0 + TimeUnit.MILLISECONDS.toNanos(spec.omitMillis() + spec.durationMillis());
            while (true) {
                long now = System.nanoTime();
                if (now >= end) {
                    return OutcomeStatus.OK;
                }
                if (config.interrupted().getAsBoolean()) {
                    return OutcomeStatus.INTERRUPTED;
                }
                if (peerProblem != null || group.firstFailure() != null) {
                    return OutcomeStatus.PEER_LOST;
                }
                LockSupport.parkNanos(Math.min(end - now, TimeUnit.MILLISECONDS.toNanos(5)));
            }
        }

        private Message.UdpResults awaitRemote(long deadlineNanos) {
            Message.UdpResults r = reader.await(Math.max(deadlineNanos, System.nanoTime() + TimeUnit.SECONDS.toNanos(1)));
            if (r == null) {
                lose("no results from the server");
            }
            return r;
        }

        private void remoteMessage(Message m) throws ProtocolException {
            switch (m) {
                case Message.UdpInterval iv -> {
                    UdpResult.UdpInterval r = assembler.remote(iv);
                    if (r != null && spec.intervalMillis() > 0) {
                        listener.interval(r);
                    }
                }
                case Message.Heartbeat h -> { }
                default -> throw new ProtocolException("unexpected " + m.getClass().getSimpleName());
            }
        }

        /** Keeps the first reason the server was lost. */
        private void lose(String reason) {
            if (peerProblem == null) {
                peerProblem = reason;
            }
        }

        private void sendQuietly(Message m) {
            try {
                session.codec.write(m);
            } catch (IOException e) {
                if (!finished) {
                    lose(Io.reason(e));
                }
            }
        }
    }
}
