package dev.wirespeed.admission;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Admission control for unauthenticated connections, the one place every listener goes through
 * (docs/SECURITY.md): a deadline for the whole handshake, a cap on pending handshakes per source
 * and in all. A source is one IPv4 address or one IPv6 /64 (a host is usually given a whole /64,
 * so counting its addresses one by one would give it 2^64 shares).
 *
 * <p>Past the source's cap its oldest handshake whose opening bytes did not come within
 * {@link ServerLimits#evictAfterMillis()} of accept is dropped to make room, else the newcomer is
 * refused. Past the global cap the busiest source gives way: first a handshake of it that trickled,
 * else — when it holds at least two more than the newcomer's source — its oldest; so a flood from
 * a few addresses cannot lock out an address that is not flooding (issue 32, break 7). Otherwise
 * the newcomer is refused with a reason the caller sends to the peer.
 *
 * <p>A test that was admitted announces its data connections ({@link #expect}): until they arrive
 * they are room on top of the caps, for their source and in all, so a test's own connections never
 * crowd each other out (`bw -P 128 --bidir` opens 256 of them at once).
 */
public final class Admission implements AutoCloseable {
    /** What became of a new connection. */
    public sealed interface Decision permits Ticket, Refusal {}

    /** Refused: {@code reason} is the one line for the peer ("server busy: ..."). */
    public record Refusal(String reason) implements Decision {}

    /** An admitted handshake: {@link #done()} when the test runs or the session is authenticated. */
    public final class Ticket implements Decision {
        private final SocketChannel channel;
        private final InetAddress source;
        private final String peer;
        private final long admittedNanos;
        private ScheduledFuture<?> deadline;
        private volatile String droppedBecause;
        private volatile boolean prompt;
        private boolean pending = true;

        private Ticket(SocketChannel channel, InetAddress source, String peer, long admittedNanos) {
            this.channel = channel;
            this.source = source;
            this.peer = peer;
            this.admittedNanos = admittedNanos;
        }

        /** Ends the handshake phase: the slot is freed and the deadline no longer applies. Idempotent. */
        public void done() {
            ScheduledFuture<?> d;
            synchronized (Admission.this) {
                if (!remove(this)) {
                    return;
                }
                d = deadline;
            }
            if (d != null) {
                d.cancel(false);
            }
        }

        /**
         * The peer's opening bytes arrived: when that was within {@link ServerLimits#evictAfterMillis()}
         * of accept, the handshake is not dropped for a newcomer of its own source (only at the
         * deadline, or for fairness between sources). A client writes its opening at once; a
         * trickling peer does not.
         */
        public void openingArrived() {
            if (clock.getAsLong() - admittedNanos < limits.evictAfterMillis() * 1_000_000L) {
                prompt = true;
            }
        }

        /** Why admission closed this connection (deadline, evicted), or null. */
        public String droppedBecause() {
            return droppedBecause;
        }

        /** The source this handshake counts against (an IPv4 address, an IPv6 /64). */
        public InetAddress source() {
            return source;
        }

        /** The peer's address and port, for log lines. */
        public String peer() {
            return peer;
        }

        /**
         * Logs a line this peer caused before it proved itself (a refusal, a drop), through the
         * listener's rate limit: a peer can repeat these as fast as it connects.
         */
        public void event(String line) {
            log.event(line);
        }

        /** Room on top of the caps for the data connections of the test this handshake was admitted to. */
        public Expectation expect(int connections) {
            return Admission.this.expect(source, connections);
        }
    }

    /**
     * Data connections an admitted test still waits for: room for them on top of the caps until
     * they arrived or the test gave up waiting ({@link #close()}).
     */
    public final class Expectation implements AutoCloseable {
        private final InetAddress source;
        private int remaining;

        private Expectation(InetAddress source, int connections) {
            this.source = source;
            this.remaining = connections;
        }

        /** One of them arrived (it is no longer a handshake). */
        public void arrived() {
            synchronized (Admission.this) {
                if (remaining > 0) {
                    remaining--;
                    allow(source, -1);
                }
            }
        }

        /** The rest will not come (all arrived, or the test ended). Idempotent. */
        @Override
        public void close() {
            synchronized (Admission.this) {
                if (remaining > 0) {
                    allow(source, -remaining);
                    remaining = 0;
                }
            }
        }
    }

    /** One source's pending handshakes, and the room its admitted tests' data connections are owed. */
    private static final class Source {
        final ArrayDeque<Ticket> tickets = new ArrayDeque<>();
        int allowance;

        /** Handshakes beyond what its tests are owed: what it crowds others with. */
        int excess() {
            return Math.max(0, tickets.size() - allowance);
        }

        boolean idle() {
            return tickets.isEmpty() && allowance == 0;
        }
    }

    private final ServerLimits limits;
    private final RateLimitedLog log;
    private final LongSupplier clock;
    private final Map<InetAddress, Source> sources = new HashMap<>();
    private int pendingTotal;
    private int allowanceTotal;
    private boolean closed;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ws-handshake-deadline");
        t.setDaemon(true);
        return t;
    });

    public Admission(ServerLimits limits, RateLimitedLog log) {
        this(limits, log, System::nanoTime);
    }

    Admission(ServerLimits limits, RateLimitedLog log, LongSupplier clock) {
        this.limits = limits;
        this.log = log;
        this.clock = clock;
    }

    public ServerLimits limits() {
        return limits;
    }

    /**
     * The key a connection from {@code address} counts against: the IPv4 address itself (also when
     * it comes IPv4-mapped), or the /64 an IPv6 address is in.
     */
    public static InetAddress sourceOf(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] b = address.getAddress();
        boolean mapped = true;
        for (int i = 0; i < 10; i++) {
            mapped &= b[i] == 0;
        }
        mapped &= b[10] == (byte) 0xff && b[11] == (byte) 0xff;
        try {
            if (mapped) {
                return InetAddress.getByAddress(Arrays.copyOfRange(b, 12, 16));
            }
            for (int i = 8; i < 16; i++) {
                b[i] = 0;
            }
            return InetAddress.getByAddress(b);
        } catch (UnknownHostException e) {
            return address; // 4 or 16 bytes always make an address
        }
    }

    /** Admits {@code channel} from {@code address} or says why not; may drop an older handshake to make room. */
    public Decision admit(SocketChannel channel, InetAddress address, String peer) {
        return admit(channel, address, peer, true);
    }

    /**
     * As {@link #admit(SocketChannel, InetAddress, String)}; without {@code mayGrow} (the process
     * is at its budget of open files, {@link FdBudget}) only in the place of a handshake that gives
     * way, as if the global cap were reached.
     */
    public Decision admit(SocketChannel channel, InetAddress address, String peer, boolean mayGrow) {
        InetAddress key = sourceOf(address);
        List<Ticket> evicted = new ArrayList<>(1);
        Ticket ticket;
        synchronized (this) {
            if (closed) {
                return new Refusal("server shutting down");
            }
            long now = clock.getAsLong();
            Source mine = sources.get(key);
            if (mine != null && mine.excess() >= limits.maxPendingPerSource()) {
                Ticket oldest = oldestEvictable(mine);
                if (oldest == null) {
                    return refuse(peer, "server busy: " + mine.excess() + " handshakes pending from your address");
                }
                evicted.add(oldest);
                remove(oldest);
            }
            if ((pendingTotal - allowanceTotal >= limits.maxPendingTotal() || !mayGrow) && evicted.isEmpty()) {
                Ticket giving = givesWay(key, mine == null ? 0 : mine.excess());
                if (giving == null) {
                    return refuse(peer, mayGrow ? "server busy: " + (pendingTotal - allowanceTotal) + " handshakes pending"
                            : "server busy: it is at its limit of open files");
                }
                evicted.add(giving);
                remove(giving);
            }
            ticket = new Ticket(channel, key, peer, now);
            try {
                ticket.deadline = timer.schedule(() -> expire(ticket), limits.handshakeDeadlineMillis(),
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                return new Refusal("server shutting down"); // closed meanwhile (a --once server's test ended)
            }
            sources.computeIfAbsent(key, k -> new Source()).tickets.addLast(ticket);
            pendingTotal++;
        }
        for (Ticket t : evicted) {
            drop(t, t.source.equals(key)
                    ? "dropped to admit a newer connection from the same address (pending "
                            + (clock.getAsLong() - t.admittedNanos) / 1_000_000 + " ms)"
                    : "dropped to admit a connection from a less busy address (pending "
                            + (clock.getAsLong() - t.admittedNanos) / 1_000_000 + " ms)");
        }
        return ticket;
    }

    /**
     * Makes room on top of the caps for {@code connections} data connections of an admitted test
     * from {@code address}; closed when the test has them or ends.
     */
    public synchronized Expectation expect(InetAddress address, int connections) {
        InetAddress key = sourceOf(address);
        Expectation e = new Expectation(key, Math.max(0, connections));
        allow(key, e.remaining);
        return e;
    }

    /** Caller holds the lock. */
    private void allow(InetAddress key, int delta) {
        if (delta == 0) {
            return;
        }
        Source s = sources.computeIfAbsent(key, k -> new Source());
        s.allowance += delta;
        allowanceTotal += delta;
        if (s.idle()) {
            sources.remove(key);
        }
    }

    /** Handshakes pending now, from everyone. */
    public synchronized int pending() {
        return pendingTotal;
    }

    private Refusal refuse(String peer, String reason) {
        log.event("refused " + peer + ": " + reason);
        return new Refusal(reason);
    }

    /**
     * At the global cap, the handshake that gives way to a newcomer from {@code newcomer} (holding
     * {@code newcomerExcess}): the busiest other source's oldest trickling one, else its oldest when
     * it holds two more than the newcomer's; null when none should.
     */
    private Ticket givesWay(InetAddress newcomer, int newcomerExcess) {
        Source busiest = null;
        for (Source s : sources.values()) {
            if (s.excess() > 0 && (busiest == null || s.excess() > busiest.excess())) {
                busiest = s;
            }
        }
        if (busiest == null) {
            return null;
        }
        Ticket trickling = oldestEvictable(busiest);
        if (trickling != null) {
            return trickling;
        }
        boolean other = !busiest.tickets.isEmpty() && !busiest.tickets.peekFirst().source.equals(newcomer);
        return other && busiest.excess() >= newcomerExcess + 2 ? busiest.tickets.peekFirst() : null;
    }

    /** The oldest handshake of {@code s} that may give way to its own source's newcomer, or null. */
    private static Ticket oldestEvictable(Source s) {
        for (Ticket t : s.tickets) {
            // age alone does not protect: a flood from one address would keep every slot fresh
            if (!t.prompt) {
                return t;
            }
        }
        return null;
    }

    /** Removes a pending ticket; false when it was no longer pending. Caller holds the lock. */
    private boolean remove(Ticket t) {
        if (!t.pending) {
            return false;
        }
        t.pending = false;
        Source s = sources.get(t.source);
        if (s != null) {
            s.tickets.remove(t);
            if (s.idle()) {
                sources.remove(t.source);
            }
        }
        pendingTotal--;
        return true;
    }

    private void expire(Ticket t) {
        synchronized (this) {
            if (!remove(t)) {
                return;
            }
        }
        drop(t, "handshake not finished within " + limits.handshakeDeadlineMillis() + " ms");
    }

    private void drop(Ticket t, String why) {
        t.droppedBecause = why;
        if (t.deadline != null) {
            t.deadline.cancel(false);
        }
        try {
            t.channel.close(); // wakes the connection's thread blocked in a read
        } catch (IOException ignored) {
            // closing is all we wanted
        }
        log.event("dropped " + t.peer + ": " + why);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        timer.shutdownNow();
    }
}
