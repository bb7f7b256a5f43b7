package dev.wirespeed.admission;

import dev.wirespeed.units.ByteSize;

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
                }
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
        if (tests + 1 > limits.maxTests()) {
            throw new Exceeded(Limit.TESTS,
                    "server busy: " + tests + " tests running, the most it runs at once (--max-tests "
                    + limits.maxTests() + ")");
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
        return new Reservation(bytes, connections);
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
