package dev.wirespeed.engine.lat;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.ClientPlane;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.measure.LatencyRecorder;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The client's plane of a connection-rate test (tcp-crr): -P threads, each running transactions
 * back to back until Stop: connect, write the transaction's opening and request, read the whole
 * response, shut down our side (FIN) and read the server's FIN, close. The test's control
 * connection is the session's; it has no data connections of its own.
 */
public final class CrrPlane implements ClientPlane<Message.Results, CrrResult> {
    /** After a failed transaction a thread pauses this long, so a refusing server is not flooded. */
    private static final long FAILURE_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final CrrClientConfig config;
    private final TestListener<CrrResult.Params, Void> listener;
    private final AtomicLong attempts = new AtomicLong();
    private final List<Worker> workers = new ArrayList<>();
    private volatile boolean stop;
    private InetSocketAddress target;
    private byte[] testId;
    private long startNanos;
    private long lastEndNanos;

    public CrrPlane(CrrClientConfig config, TestListener<CrrResult.Params, Void> listener) {
        this.config = config;
        this.listener = listener;
    }

    @Override
    public Class<Message.Results> resultsType() {
        return Message.Results.class;
    }

    @Override
    public void open(Links links) {
        target = links.target();
        testId = links.testId();
    }

    @Override
    public int opened() {
        return 0;
    }

    @Override
    public int streams() {
        return 0;
    }

    @Override
    public void ready(BwResult.Peer server, SocketChannel control) {
        listener.connected(server, config.params());
    }

    @Override
    public void start(long startNanos) {
        this.startNanos = startNanos;
        for (int i = 0; i < config.streams(); i++) {
            Worker w = new Worker(i);
            workers.add(w);
            w.thread = Thread.ofPlatform().name("ws-crr-" + i).daemon(true).start(w::run);
        }
    }

    @Override
    public long progress() {
        return attempts.get();
    }

    @Override
    public boolean ended() {
        return false;
    }

    @Override
    public String failure() {
        return null;
    }

    @Override
    public boolean remote(Message m) {
        return true;
    }

    @Override
    public void stopSending() {
        stop = true;
    }

    /** The last transactions finish before the server hears Stop (it refuses, and resets, any after). */
    @Override
    public boolean drainsBeforeStop() {
        return true;
    }

    /** Each thread ends its transaction in flight (bounded by the per-transaction timeout). */
    @Override
    public long drain(long stopNanos, long deadlineNanos) {
        long last = stopNanos;
        for (Worker w : workers) {
            try {
                w.thread.join(Duration.ofMillis(2L * config.timeoutMillis() + 1000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            last = Math.max(last, w.lastEndNanos);
        }
        lastEndNanos = last;
        return last;
    }

    @Override
    public void finish(boolean serverOk) {
    }

    @Override
    public CrrResult result(Ending<Message.Results> end) {
        LatencyRecorder connect = new LatencyRecorder();
        LatencyRecorder firstByte = new LatencyRecorder();
        LatencyRecorder close = new LatencyRecorder();
        LatencyRecorder whole = new LatencyRecorder();
        long refused = 0;
        long timedOut = 0;
        long reset = 0;
        long closed = 0;
        long other = 0;
        long attempted = 0;
        for (Worker w : workers) {
            connect.add(w.connect);
            firstByte.add(w.firstByte);
            close.add(w.close);
            whole.add(w.whole);
            refused += w.refused;
            timedOut += w.timedOut;
            reset += w.reset;
            closed += w.closed;
            other += w.other;
            attempted += w.attempts;
        }
        long n = whole.count();
        double seconds = Math.max(0, (lastEndNanos == 0 ? end.endNanos() : lastEndNanos) - end.startNanos()) / 1e9;
        BwResult.Outcome outcome = switch (end.status()) {
            case OK -> BwResult.Outcome.OK;
            case INTERRUPTED -> new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user after "
                    + String.format(Locale.ROOT, "%.1f", seconds) + " s");
            case PEER_LOST, FAILED -> new BwResult.Outcome(OutcomeStatus.PEER_LOST, end.problem());
        };
        return new CrrResult(CrrResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()),
                end.startedAt().toString(), ResultAssembler.localPeer(), end.server(), config.params(), n,
                seconds <= 0 ? 0 : Math.round(n / seconds * 10) / 10.0, Math.round(seconds * 1e6) / 1e6, attempted,
                new CrrResult.Phases(phase(connect), phase(firstByte), phase(close), phase(whole)),
                new CrrResult.Failures(refused, timedOut, reset, closed, other), outcome);
    }

    private static CrrResult.Phase phase(LatencyRecorder r) {
        LatResult.LatStats s = r.roundTripMicros();
        return new CrrResult.Phase(s.p50(), s.p99(), s.p999(), s.max());
    }

    @Override
    public void close() {
        stop = true;
    }

    /** One stream: its transactions one after another, its own recorders (merged after it ended). */
    private final class Worker {
        final int index;
        final LatencyRecorder connect = new LatencyRecorder();
        final LatencyRecorder firstByte = new LatencyRecorder();
        final LatencyRecorder close = new LatencyRecorder();
        final LatencyRecorder whole = new LatencyRecorder();
        long refused;
        long timedOut;
        long reset;
        long closed;
        long other;
        long attempts;
        volatile long lastEndNanos;
        Thread thread;

        Worker(int index) {
            this.index = index;
        }

        void run() {
            byte[] opening = Preamble.transaction(testId, index);
            int size = config.requestBytes();
            byte[] request = new byte[opening.length + size];
            System.arraycopy(opening, 0, request, 0, opening.length);
            byte[] response = new byte[size];
            while (!stop) {
                attempts++;
                CrrPlane.this.attempts.incrementAndGet();
                try {
                    transaction(request, response);
                } catch (IOException | RuntimeException e) {
                    count(e);
                    LockSupport.parkNanos(FAILURE_PAUSE_NANOS);
                }
                lastEndNanos = System.nanoTime();
            }
        }

        private void transaction(byte[] request, byte[] response) throws IOException {
            long t0 = System.nanoTime();
            try (Socket s = new Socket()) {
                s.setTcpNoDelay(true);
                s.setSoTimeout(config.timeoutMillis());
                if (config.bindAddress() != null) {
                    s.bind(new InetSocketAddress(config.bindAddress(), 0));
                }
                s.connect(target, config.timeoutMillis());
                long t1 = System.nanoTime();
                OutputStream out = s.getOutputStream();
                InputStream in = s.getInputStream();
                long t2 = System.nanoTime();
                out.write(request);
                int got = in.read(response, 0, response.length);
                if (got < 0) {
                    throw new EOFException("closed before the response");
                }
                long t3 = System.nanoTime();
                while (got < response.length) {
                    int n = in.read(response, got, response.length - got);
                    if (n < 0) {
                        throw new EOFException("closed within the response");
                    }
                    got += n;
                }
                s.shutdownOutput();
                long t4 = System.nanoTime();
                if (in.read() != -1) {
                    throw new IOException("the server sent more than its response");
                }
                long t5 = System.nanoTime();
                connect.record(t1 - t0);
                firstByte.record(t3 - t2);
                close.record(t5 - t4);
                whole.record(t5 - t0);
            }
        }

        private void count(Exception e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            if (e instanceof ConnectException && m.contains("refused")) {
                refused++;
            } else if (e instanceof SocketTimeoutException) {
                timedOut++;
            } else if (e instanceof SocketException && (m.contains("reset") || m.contains("broken pipe"))) {
                reset++;
            } else if (e instanceof EOFException) {
                closed++;
            } else {
                other++;
            }
        }
    }
}
