package dev.wirespeed.admission;

import java.net.InetAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Admission control for unauthenticated connections, the one place every listener goes through
 * (docs/SECURITY.md): a deadline for the whole handshake, a cap on pending handshakes per source
 * address and in all. Past a cap the oldest handshake of that source (or of the busiest source)
 * whose opening bytes did not come within {@link ServerLimits#evictAfterMillis()} of accept is
 * dropped to make room, else the newcomer is refused with a reason the caller sends to the peer.
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
         * of accept, the handshake is never dropped for a newcomer (only at the deadline). A client
         * writes its opening at once; a trickling peer does not.
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
    }

    private final ServerLimits limits;
    private final RateLimitedLog log;
    private final LongSupplier clock;
    private final Map<InetAddress, ArrayDeque<Ticket>> pendingBySource = new HashMap<>();
    private int pendingTotal;
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

    /** Admits {@code channel} from {@code source} or says why not; may drop an older handshake to make room. */
    public Decision admit(SocketChannel channel, InetAddress source, String peer) {
        List<Ticket> evicted = new ArrayList<>(1);
        Ticket ticket;
        synchronized (this) {
            long now = clock.getAsLong();
            ArrayDeque<Ticket> mine = pendingBySource.get(source);
            if (mine != null && mine.size() >= limits.maxPendingPerSource()) {
                Ticket oldest = oldestEvictable(mine, now);
                if (oldest == null) {
                    return refuse(peer, "server busy: " + mine.size() + " handshakes pending from your address");
                }
                evicted.add(oldest);
                remove(oldest);
            }
            if (pendingTotal >= limits.maxPendingTotal()) {
                Ticket oldest = oldestOfBusiestSource(now);
                if (oldest == null) {
                    return refuse(peer, "server busy: " + pendingTotal + " handshakes pending");
                }
                evicted.add(oldest);
                remove(oldest);
            }
            ticket = new Ticket(channel, source, peer, now);
            pendingBySource.computeIfAbsent(source, k -> new ArrayDeque<>()).addLast(ticket);
            pendingTotal++;
            ticket.deadline = timer.schedule(() -> expire(ticket), limits.handshakeDeadlineMillis(),
                    TimeUnit.MILLISECONDS);
        }
        for (Ticket t : evicted) {
            drop(t, "dropped to admit a newer connection from the same address (pending "
                    + (clock.getAsLong() - t.admittedNanos) / 1_000_000 + " ms)");
        }
        return ticket;
    }

    /** Handshakes pending now, from everyone. */
    public synchronized int pending() {
        return pendingTotal;
    }

    private boolean evictable(Ticket t, long now) {
        // age alone does not protect: a flood from one address would keep every slot fresh
        return t != null && !t.prompt;
    }

    private Refusal refuse(String peer, String reason) {
        log.event("refused " + peer + ": " + reason);
        return new Refusal(reason);
    }

    private Ticket oldestOfBusiestSource(long now) {
        ArrayDeque<Ticket> busiest = null;
        for (ArrayDeque<Ticket> q : pendingBySource.values()) {
            if (busiest == null || q.size() > busiest.size()) {
                busiest = q;
            }
        }
        return busiest == null ? null : oldestEvictable(busiest, now);
    }

    /** The oldest handshake of {@code q} that may give way, or null (bounded by the per-address cap). */
    private Ticket oldestEvictable(ArrayDeque<Ticket> q, long now) {
        for (Ticket t : q) {
            if (evictable(t, now)) {
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
        ArrayDeque<Ticket> q = pendingBySource.get(t.source);
        if (q != null) {
            q.remove(t);
            if (q.isEmpty()) {
                pendingBySource.remove(t.source);
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
        } catch (java.io.IOException ignored) {
            // closing is all we wanted
        }
        log.event("dropped " + t.peer + ": " + why);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
