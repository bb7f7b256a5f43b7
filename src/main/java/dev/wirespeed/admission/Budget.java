package dev.wirespeed.admission;

import dev.wirespeed.units.ByteSize;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The server-wide budget of buffer memory, data streams and concurrent tests that every test
 * reserves from before anything is allocated, and gives back when it ends. One request of 128
 * bidirectional streams with 16 MiB buffers asks for 4 GiB: without a budget three such clients
 * took a server to 6.5 GB.
 */
public final class Budget {
    private final ServerLimits limits;
    private long memoryBytes;
    private int streams;
    private int tests;
    /** Reservations not yet closed: each learns how many others it ran beside. */
    private final Set<Reservation> live = new HashSet<>();
    /** An incast window (issue 29): up to this many tests at once until {@link #widenedUntilNanos}. */
    private int widenedTests;
    private long widenedUntilNanos;

    public Budget(ServerLimits limits) {
        this.limits = limits;
    }

    /** Which limit a refused test ran into. */
    public enum Limit { TESTS, STREAMS, MEMORY }

    /** Thrown when a test does not fit; the message says what it needs and what is left. */
    public static final class Exceeded extends Exception {
        private final Limit limit;

        public Exceeded(Limit limit, String message) {
            super(message);
            this.limit = limit;
        }

        public Limit limit() {
            return limit;
        }
    }

    /** What one test holds; {@link #close()} gives it back (once). */
    public final class Reservation implements AutoCloseable {
        private final long bytes;
        private final int count;
        private boolean open = true;
        private int othersAtOnce;

        private Reservation(long bytes, int count) {
            this.bytes = bytes;
            this.count = count;
        }

        @Override
        public void close() {
            synchronized (Budget.this) {
                if (open) {
                    open = false;
                    memoryBytes -= bytes;
                    streams -= count;
                    tests--;
                    live.remove(this);
                }
            }
        }

        /**
         * The most other tests (wirespeed's and iperf3 clients' alike) that held a reservation at
         * the same moment as this one, from its reservation to its close: 0 when the test had the
         * server to itself (issue 29: a result that shared the server says so).
         */
        public int othersAtOnce() {
            synchronized (Budget.this) {
                return othersAtOnce;
            }
        }
    }

    /**
     * Reserves {@code connections} streams of {@code bufferBytes} each for one test.
     *
     * @throws Exceeded naming the limit (--max-memory, --max-total-streams, --max-tests) and what is left
     */
    public synchronized Reservation reserve(int connections, long bufferBytes) throws Exceeded {
        long bytes = Math.multiplyExact((long) connections, Math.max(0, bufferBytes));
        int maxTests = widenedTests > limits.maxTests() && System.nanoTime() - widenedUntilNanos < 0
                ? widenedTests : limits.maxTests();
        if (tests + 1 > maxTests) {
            throw new Exceeded(Limit.TESTS,
                    "server busy: " + tests + " tests running, the most it runs at once (--max-tests "
                    + maxTests + ")");
        }
        if (streams + connections > limits.maxTotalStreams()) {
            throw new Exceeded(Limit.STREAMS,
                    "the test needs " + connections + " streams; the server has " + (limits.maxTotalStreams()
                    - streams) + " of " + limits.maxTotalStreams() + " free (--max-total-streams)");
        }
        if (memoryBytes + bytes > limits.maxMemoryBytes()) {
            throw new Exceeded(Limit.MEMORY,
                    "the test needs " + ByteSize.format(bytes) + " of buffers (" + connections + " × "
                    + ByteSize.format(bufferBytes) + "); the server has " + ByteSize.format(limits.maxMemoryBytes()
                    - memoryBytes) + " of " + ByteSize.format(limits.maxMemoryBytes()) + " free (--max-memory)");
        }
        memoryBytes += bytes;
        streams += connections;
        tests++;
        Reservation r = new Reservation(bytes, connections);
        for (Reservation other : live) {
            other.othersAtOnce = Math.max(other.othersAtOnce, tests - 1);
        }
        r.othersAtOnce = tests - 1;
        live.add(r);
        return r;
    }

    /**
     * What a server's log line adds for a test that shared the server: " (beside N other tests at
     * once)", or nothing when it ran alone or reserved nothing (issue 29; `server --exclusive` runs
     * one test at a time).
     */
    public static String sharing(Reservation r) {
        int others = r == null ? 0 : r.othersAtOnce();
        return others == 0 ? "" : " (beside " + others + " other test" + (others == 1 ? "" : "s") + " at once)";
    }

    /**
     * Admits up to {@code tests} tests at once for the next {@code millis} (0 closes the window):
     * a mesh agent, which runs one test at a time, opens it at its coordinator's word for an incast
     * round, whose senders all test against it at once (issue 29). Tests already admitted are not
     * touched when it closes.
     */
    public synchronized void widen(int tests, long millis) {
        widenedTests = tests;
        widenedUntilNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, millis));
    }

    /** The limits this budget enforces (and the grace of every test that reserves from it). */
    public ServerLimits limits() {
        return limits;
    }

    /** Buffer bytes reserved now. */
    public synchronized long reservedBytes() {
        return memoryBytes;
    }
}
