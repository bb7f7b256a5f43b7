package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's side of a connection-rate test (tcp-crr, netperf TCP_CRR). The test has no data
 * connections of its own: each transaction is a new connection of kind
 * {@link dev.wirespeed.wire.Wire#KIND_TRANSACTION} that {@link Server} admits like any other
 * (per-address and global handshake caps, the handshake deadline, the descriptor budget) and
 * hands here on its own thread. At most one transaction per stream runs at once (a slot per
 * stream index), so a test holds at most -P descriptors however fast its client connects.
 *
 * <p>A transaction: read the request ({@code bufferBytes}), write the response (as many bytes),
 * read the client's FIN; the caller closes. The client closes first, so TIME_WAIT stays on the
 * client, as with netperf's TCP_CRR.
 */
public final class CrrServerPlane implements ServerPlane {
    private final TestSpec spec;
    private final ServerPlane.Setup setup;
    private final AtomicIntegerArray busy;
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile boolean accepting;
    private long startNanos;
    private long endNanos;

    public CrrServerPlane(ServerPlane.Setup setup) {
        this.setup = setup;
        this.spec = setup.spec();
        this.busy = new AtomicIntegerArray(spec.streams());
    }

    @Override
    public long start() {
        startNanos = System.nanoTime();
        accepting = true;
        return startNanos;
    }

    /** One transaction; throws (and the caller closes the connection) when it is not this test's to take. */
    public void serve(int index, SocketChannel ch, DataInputStream in) throws IOException {
        if (!accepting) {
            refused.incrementAndGet();
            throw new ProtocolException("transaction after the test's end");
        }
        if (index < 0 || index >= busy.length() || !busy.compareAndSet(index, 0, 1)) {
            refused.incrementAndGet();
            throw new ProtocolException("transaction on stream " + index + ": out of range or already running");
        }
        try {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            byte[] message = new byte[spec.bufferBytes()];
            in.readFully(message);
            OutputStream out = ch.socket().getOutputStream();
            out.write(message);
            out.flush();
            // the client's FIN ends the transaction; anything more from it is a protocol error
            if (in.read() != -1) {
                throw new ProtocolException("transaction sent more than its request");
            }
            transactions.incrementAndGet();
        } catch (IOException e) {
            failed.incrementAndGet();
            throw e;
        } finally {
            busy.set(index, 0);
        }
    }

    /** Whether stream {@code index} has a transaction running (for tests). */
    boolean busy(int index) {
        return busy.get(index) != 0;
    }

    @Override
    public void end(boolean clean) {
        accepting = false;
        endNanos = System.nanoTime();
    }

    @Override
    public Message results() {
        return setup.counters().attach(new Message.Results(List.of(), new Message.CpuTime(0, 0,
                endNanos - startNanos), null, null), Protocol.TCP);
    }

    @Override
    public String summary(String problem) {
        return String.format(Locale.ROOT, "%s %d streams, %d transactions%s%s, %.1f s%s", spec.mode(), spec.streams(),
                transactions.get(), failed.get() == 0 ? "" : ", " + failed.get() + " failed",
                refused.get() == 0 ? "" : ", " + refused.get() + " refused", (endNanos - startNanos) / 1e9,
                problem == null ? "" : " — aborted: " + problem);
    }

    @Override
    public void close() {
        accepting = false;
    }
}
