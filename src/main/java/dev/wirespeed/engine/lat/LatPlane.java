package dev.wirespeed.engine.lat;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.ClientPlane;
import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.PathCounterReport;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.host.Counters;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.measure.LatencyRecorder;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.ByteChannel;
import java.nio.channels.Channel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The client's data plane of a ping-pong latency test. The exchange runs on a thread of its own
 * (pinned with -A); nothing else runs on it. The session resends a lost UDP ping through
 * {@link #tick}, and ends the exchange (by shutting its socket down) on silence, Ctrl-C or a lost
 * server.
 */
public final class LatPlane implements ClientPlane<Message.Results, LatResult> {
    /** A UDP ping without echo for this long is resent once more, and its round trip not counted. */
    static final long UDP_RESEND_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** How long the session waits for the exchange to leave its read once woken. */
    private static final long EXCHANGE_EXIT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final LatClientConfig config;
    private final TestSpec spec;
    private final LatResult.LatParams params;
    private final TestListener<LatResult.LatParams, LatResult.LatRow> listener;
    private final List<LatRow> rows = Collections.synchronizedList(new ArrayList<>());
    private final CpuAccumulator cpu = new CpuAccumulator();
    private ByteChannel data;
    private PingPong pingPong;
    private PathCounterReport counters;
    private Thread exchange;
    private volatile boolean done;
    private volatile long doneNanos;
    private volatile String failure;
    private volatile String pinProblem;
    private long lastProgress = -1;
    private long lastResendNanos;

    public LatPlane(LatClientConfig config, TestListener<LatResult.LatParams, LatResult.LatRow> listener) {
        this.config = config;
        this.spec = config.spec();
        this.params = config.params();
        this.listener = listener;
    }

    @Override
    public Class<Message.Results> resultsType() {
        return Message.Results.class;
    }

    @Override
    public void open(Links links) throws IOException {
        if (config.udp()) {
            data = UdpSetup.connect(links.target(), links.testId(), 0, 0, links.timeoutMillis(), links.bind());
        } else {
            data = Sockets.openLatencyData(links.target(), links.bind(), links.timeoutMillis(),
                    Preamble.data(links.testId(), 0));
        }
    }

    @Override
    public int opened() {
        return data == null ? 0 : 1;
    }

    @Override
    public int streams() {
        return 1;
    }

    @Override
    public void connected(SocketChannel control) {
        counters = PathCounterReport.startInBackground(control);
    }

    @Override
    public void ready(BwResult.Peer server, SocketChannel control) throws IOException {
        if (data instanceof DatagramChannel udp) {
            UdpSetup.drain(udp);
            pingPong = new PingPong.Udp(udp, spec.bufferBytes(), config.busyPoll());
        } else {
            pingPong = new PingPong.Tcp((SocketChannel) data, spec.bufferBytes(), config.busyPoll());
        }
        listener.connected(server, params);
        counters.awaitBefore(); // the data flows after this: Start follows ready()
        if (data instanceof DatagramChannel udp) {
            counters.watchUdp(List.of(udp)); // its drops are the test's own (issue 26)
        }
    }

    /**
     * The exchange gets a thread of its own, pinned with -A (pinning the caller's thread would
     * outlive the test in an embedding JVM).
     */
    @Override
    public void start(long startNanos) {
        lastResendNanos = startNanos;
        exchange = Thread.ofPlatform().name("ws-lat-pingpong").daemon(true).start(() -> {
            if (config.cpu() != null) {
                pinProblem = Affinity.pinCurrentThread(config.cpu());
            }
            CpuClock clock = CpuClock.startForCurrentThread();
            try {
                exchange();
            } catch (IOException | RuntimeException e) {
                failure = e instanceof IOException io ? Io.reason(io) : String.valueOf(e);
            } finally {
                clock.stopInto(cpu);
                doneNanos = System.nanoTime();
                done = true;
            }
        });
    }

    @Override
    public long progress() {
        return pingPong.progress();
    }

    @Override
    public long stallLimitNanos() {
        return TimeUnit.MILLISECONDS.toNanos(config.timeoutMillis());
    }

    /** --timeout watches the echoes from the first ping on. */
    @Override
    public boolean progressStarts() {
        return false;
    }

    @Override
    public long silenceLimitMillis() {
        return Math.max(config.timeoutMillis(), ClientSession.SILENCE_LIMIT_MILLIS);
    }

    /** Resends a UDP ping that had no echo for {@link #UDP_RESEND_NANOS}. */
    @Override
    public String tick(long nowNanos) {
        long progress = pingPong.progress();
        if (progress != lastProgress) {
            lastProgress = progress;
            lastResendNanos = nowNanos;
            return null;
        }
        if (config.udp() && !done && nowNanos - lastResendNanos > UDP_RESEND_NANOS) {
            lastResendNanos = nowNanos;
            try {
                pingPong.resend();
            } catch (IOException e) {
                return Io.reason(e);
            }
        }
        return null;
    }

    @Override
    public boolean ended() {
        return done && failure == null;
    }

    @Override
    public String failure() {
        return failure;
    }

    /** Anything the server says before its results is of no use here. */
    @Override
    public boolean remote(Message m) {
        return true;
    }

    /** Wakes the exchange out of its read; the channel is closed once the exchange has returned. */
    @Override
    public void stopSending() {
        if (done) {
            return;
        }
        pingPong.stop();
        if (data instanceof SelectableChannel socket) {
            NativeIo.shutdown(socket);
        } else {
            closeQuietly(data);
        }
    }

    @Override
    public long drain(long stopNanos, long deadlineNanos) {
        try {
            exchange.join(Duration.ofNanos(EXCHANGE_EXIT_NANOS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        counters.udpEnded(); // before finish() closes the socket and takes its row away
        return done ? doneNanos : System.nanoTime();
    }

    @Override
    public void finish(boolean serverOk) {
        close();
    }

    @Override
    public LatResult result(Ending<Message.Results> end) {
        List<Counters> counterDeltas = counters.deltas();
        Message.Results remote = end.remote();
        List<LatRow> measured;
        synchronized (rows) {
            measured = List.copyOf(rows);
        }
        BwResult.Outcome outcome = switch (end.status()) {
            case OK -> BwResult.Outcome.OK;
            case INTERRUPTED -> new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user after "
                    + measured.size() + " of " + params.sizesBytes().size() + " sizes, "
                    + String.format(Locale.ROOT, "%.1f", (end.endNanos() - end.startNanos()) / 1e9) + " s into the test");
            case PEER_LOST, FAILED -> ClientSession.NO_RESULTS.equals(end.problem())
                    ? new BwResult.Outcome(OutcomeStatus.PEER_LOST, ClientSession.NO_RESULTS)
                    : new BwResult.Outcome(OutcomeStatus.PEER_LOST, "the server stopped answering after "
                    + String.format(Locale.ROOT, "%.1f", (end.endNanos() - end.startNanos()) / 1e9) + " s ("
                    + end.problem() + ")");
        };
        Message.CpuTime local = new Message.CpuTime(cpu.userNanos(), cpu.systemNanos(),
                end.endNanos() - end.startNanos());
        BwResult.Cpu cpuResult = new BwResult.Cpu(ResultAssembler.cpu(local),
                remote == null ? null : ResultAssembler.cpu(remote.cpu()));
        List<String> serverFallbacks = remote == null || remote.dataPath() == null
                || remote.dataPath().fallbacks() == null || remote.dataPath().fallbacks().isEmpty()
                ? null : remote.dataPath().fallbacks();
        LatResult.Fallbacks fallbacks = pinProblem == null && serverFallbacks == null ? null
                : new LatResult.Fallbacks(pinProblem == null ? null : List.of(pinProblem), serverFallbacks);
        return new LatResult(LatResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()),
                end.startedAt().toString(), ResultAssembler.localPeer(), end.server(), params, measured, cpuResult,
                outcome, pingPong.ioPath(), PathCounterReport.join(Protocol.of(config.udp()), counters.interfaceName(),
                        counterDeltas, counters.udpSockets(), remote),
                fallbacks, remote == null ? null : remote.sharedWithTests());
    }

    @Override
    public void close() {
        closeQuietly(data);
    }

    private void exchange() throws IOException {
        LatencyRecorder recorder = new LatencyRecorder();
        List<Integer> sizes = config.sizesBytes();
        long sequence = 0;
        for (int k = 0; k < sizes.size(); k++) {
            int size = sizes.get(k);
            recorder.reset();
            for (long w = 0; w < config.warmupIterations(); w++) {
                pingPong.roundTrip(size, sequence++, PingPong.PING);
            }
            long lost = 0;
            long start = System.nanoTime();
            try {
                if (config.iterations() != null) {
                    long wanted = config.iterations();
                    // lost UDP pings are repeated, up to as many again, so the count is exact
                    for (long attempt = 0; recorder.count() < wanted && attempt < 2 * wanted; attempt++) {
                        long rtt = pingPong.roundTrip(size, sequence++, PingPong.PING);
                        if (rtt < 0) {
                            lost++;
                        } else {
                            recorder.record(rtt);
                        }
                    }
                } else {
                    long deadline = start + (long) (config.secondsPerSize() * 1e9);
                    while (System.nanoTime() < deadline) {
                        long rtt = pingPong.roundTrip(size, sequence++, PingPong.PING);
                        if (rtt < 0) {
                            lost++;
                        } else {
                            recorder.record(rtt);
                        }
                        listener.roundTrip(rtt);
                    }
                }
            } catch (IOException e) {
                if (recorder.count() > 0) {
                    addRow(size, recorder, lost, System.nanoTime() - start);
                }
                throw e;
            }
            long elapsed = System.nanoTime() - start;
            pingPong.roundTrip(size, k, PingPong.NEXT_SIZE);
            addRow(size, recorder, lost, elapsed);
        }
    }

    private void addRow(int size, LatencyRecorder recorder, long lost, long elapsedNanos) {
        long n = recorder.count();
        LatRow row = new LatRow(size, n, config.udp() ? lost : null, recorder.oneWayMicros(),
                recorder.roundTripMicros(), elapsedNanos <= 0 ? 0 : Math.round(n * 1e9 / elapsedNanos * 10) / 10.0,
                recorder.encoded());
        rows.add(row);
        listener.interval(row);
    }

    static void closeQuietly(Channel ch) {
        if (ch instanceof SelectableChannel socket) {
            NativeIo.shutdownAndClose(socket);
        } else {
            Io.closeQuietly(ch);
        }
    }
}
