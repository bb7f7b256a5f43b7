package dev.wirespeed.iperf3;

import dev.wirespeed.wire.FrameCodec;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.util.OptionalInt;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * iperf3's control connection: one signed byte per state, and JSON as a 4-byte big-endian length
 * followed by that many bytes. Every read has a deadline, and every length a bound, so a peer that
 * stalls or lies about a length costs one connection for a bounded time and no memory
 * (CVE-2023-7250, CVE-2023-38403 were both about this in iperf3 itself).
 */
final class Control implements AutoCloseable {
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    /** A peer that does not read its control connection cannot block a write for longer than this. */
    static final long WRITE_LIMIT_MILLIS = 10_000;
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r ->
            Thread.ofPlatform().name("iperf3-write-watchdog").daemon(true).unstarted(r));

    private final SocketChannel channel;
    private final DataInputStream in;
    private final OutputStream out;
    private volatile long deadlineNanos;

    /** @param in the connection's input, possibly already past bytes the caller read */
    Control(SocketChannel channel, DataInputStream in) throws IOException {
        this.channel = channel;
        this.in = in;
        this.out = channel.socket().getOutputStream();
    }

    SocketChannel channel() {
        return channel;
    }

    /** Every read from now on must complete within {@code millis} in total; 0 = wait for ever. */
    void deadline(long millis) {
        deadlineNanos = millis <= 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    int readState() throws IOException {
        byte[] b = readFully(1);
        return b[0];
    }

    /** A state byte if one arrives within {@code millis}, else empty; ignores the deadline. */
    OptionalInt pollState(int millis) throws IOException {
        channel.socket().setSoTimeout(Math.max(1, millis));
        try {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("control connection closed");
            }
            return OptionalInt.of((byte) b);
        } catch (SocketTimeoutException e) {
            return OptionalInt.empty();
        }
    }

    int readInt() throws IOException {
        byte[] b = readFully(4);
        return ((b[0] & 0xff) << 24) | ((b[1] & 0xff) << 16) | ((b[2] & 0xff) << 8) | (b[3] & 0xff);
    }

    /**
     * One JSON object of at most {@code maxBytes}. A length out of range is refused before any
     * allocation; that and malformed JSON or another top-level type are an Iperf3Refusal with
     * {@code refusal}'s number, for a server to answer with.
     */
    JsonNode readJson(int maxBytes, String what, Iperf3Error refusal) throws IOException {
        long length = Integer.toUnsignedLong(readInt());
        if (length == 0 || length > maxBytes) {
            throw new Iperf3Refusal(refusal, Iperf3Error.Errno.EMSGSIZE,
                    what + " of " + length + " bytes is out of range (1.." + maxBytes + ")");
        }
        byte[] json = readFully((int) length);
        JsonNode node;
        try {
            node = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new Iperf3Refusal(refusal, Iperf3Error.Errno.EINVAL,
                    "malformed " + what + ": " + firstLine(e.getOriginalMessage()));
        }
        if (node == null || !node.isObject()) {
            throw new Iperf3Refusal(refusal, Iperf3Error.Errno.EINVAL, what + " is not a JSON object");
        }
        return node;
    }

    byte[] readFully(int length) throws IOException {
        byte[] buffer = new byte[length];
        int done = 0;
        while (done < length) {
            int timeoutMillis = 0;
            if (deadlineNanos != 0) {
                long leftNanos = deadlineNanos - System.nanoTime();
                if (leftNanos <= 0) {
                    throw new SocketTimeoutException("deadline passed");
                }
                timeoutMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(leftNanos)));
            }
            channel.socket().setSoTimeout(timeoutMillis);
            int n = in.read(buffer, done, length - done);
            if (n < 0) {
                throw new EOFException("control connection closed");
            }
            done += n;
        }
        return buffer;
    }

    void writeState(int state) throws IOException {
        write(new byte[] {(byte) state});
    }

    void writeJson(JsonNode node) throws IOException {
        write(FrameCodec.frame(MAPPER.writeValueAsBytes(node)));
    }

    /** SERVER_ERROR, the iperf3 error number, the errno (iperf_exchange_parameters). */
    void writeServerError(Iperf3Error error, int errno) throws IOException {
        byte[] b = new byte[9];
        b[0] = (byte) Iperf3.SERVER_ERROR;
        putInt(b, 1, error.number());
        putInt(b, 5, errno);
        write(b);
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    synchronized void write(byte[] bytes) throws IOException {
        ScheduledFuture<?> guard = WATCHDOG.schedule(this::close, WRITE_LIMIT_MILLIS, TimeUnit.MILLISECONDS);
        try {
            out.write(bytes);
            out.flush();
        } finally {
            guard.cancel(false);
        }
    }

    /**
     * Closes after the peer had a chance to read our last words: closing with unread input sends
     * a RST, which can destroy a SERVER_ERROR still in flight. Reads at most 64 KiB, for at most
     * one second, then closes.
     */
    void closeAfterLastWords() {
        try {
            channel.shutdownOutput();
            channel.socket().setSoTimeout(1000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            byte[] sink = new byte[4096];
            int total = 0;
            while (total < 64 * 1024 && System.nanoTime() < deadline) {
                int n = in.read(sink);
                if (n < 0) {
                    break;
                }
                total += n;
            }
        } catch (IOException ignored) {
            // reset, closed or timed out: nothing more to wait for
        }
        close();
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is best effort
        }
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
