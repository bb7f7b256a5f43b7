package dev.wirespeed.engine.tcp;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.BwSweepResult.SweepRow;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * A message-size sweep of TCP bandwidth ({@code bw -a}): one complete bandwidth test per size,
 * each with the write length set to the size and 100 ms intervals for the peak.
 */
public final class BwSweep {
    /** Interval of the peak: short enough to catch a burst, long enough to hold many writes. */
    public static final long PEAK_INTERVAL_MILLIS = 100;

    private final BwSweepConfig config;

    public BwSweep(BwSweepConfig config) {
        this.config = config;
    }

    /** Sizes of perftest's -a: 2 B … 8 MiB in powers of two. */
    public static List<Integer> perftestSizes() {
        List<Integer> sizes = new ArrayList<>();
        for (int s = 2; s <= 8 << 20; s *= 2) {
            sizes.add(s);
        }
        return sizes;
    }

    public BwSweepResult.SweepParams params() {
        TestSpec b = config.base();
        return new BwSweepResult.SweepParams(Protocol.TCP.label(), b.direction().label(), b.streams(), b.durationMillis() / 1000.0,
                PEAK_INTERVAL_MILLIS / 1000.0, config.sizesBytes());
    }

    public BwSweepResult run(TestListener<BwSweepResult.SweepParams, BwSweepResult.SweepRow> listener) throws IOException {
        Instant startedAt = Instant.now();
        long startNanos = System.nanoTime();
        List<SweepRow> rows = new ArrayList<>();
        BwResult.Peer server = null;
        BwResult.Outcome outcome = BwResult.Outcome.OK;
        Integer shared = null; // the most any size's server said it ran beside (issue 29)
        BooleanSupplier stopped = config.interrupted() == null ? () -> false : config.interrupted();
        for (int size : config.sizesBytes()) {
            // Ctrl-C between two sizes: the sizes measured so far are the result, no size is begun
            if (stopped.getAsBoolean()) {
                outcome = stoppedAfter(rows);
                break;
            }
            TestSpec spec = withBuffer(config.base(), size);
            BwClient client = new BwClient(BwClientConfig.builder().host(config.host()).port(config.port())
                    .spec(spec).streamsChosenBy(config.streamsChosenBy())
                    .connectTimeoutMillis(config.connectTimeoutMillis())
                    .handshakeTimeoutMillis(config.connectTimeoutMillis()).interrupted(stopped).build());
            BwResult r;
            try {
                r = client.run(TestListener.none());
                if (movedNothing(r) && !stopped.getAsBoolean()) {
                    // once more: a size of -t 0.1 s on a cold or loaded host can end before its first
                    // byte arrives; twice nothing is the sweep's failure, never a row at 0 bit/s
                    r = client.run(TestListener.none());
                }
            } catch (IOException e) {
                if (!stopped.getAsBoolean() || rows.isEmpty()) {
                    throw e;
                }
                // stopped while the next size connected (a server that stops with us closes it): the
                // error is the stop's, and the sizes already measured stay the result
                outcome = stoppedAfter(rows);
                break;
            }
            if (r.serverSharedWithTests() != null) {
                shared = shared == null ? r.serverSharedWithTests() : Math.max(shared, r.serverSharedWithTests());
            }
            if (server == null) {
                server = r.server();
                listener.connected(server, params());
            }
            // a size cut short by Ctrl-C is no row: its figures cover a fraction of -t
            SweepRow row = r.outcome().status() == OutcomeStatus.INTERRUPTED ? null : row(size, r);
            if (row != null) {
                rows.add(row);
                listener.interval(row);
            }
            if (!r.outcome().ok()) {
                // a stop inside a size says how far the sweep got (that size is no row: see above)
                outcome = sweepOutcome(r.outcome(), size, rows.size(), config.sizesBytes().size(),
                        (System.nanoTime() - startNanos) / 1e9);
                break;
            }
        }
        return new BwSweepResult(BwSweepResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()),
                startedAt.toString(), ResultAssembler.localPeer(), server, params(), List.copyOf(rows), outcome,
                shared);
    }

    /**
     * How a sweep ended that one size's test ended early: how far the sweep got, not only that size's
     * own time ("stopped by the user at 64 KiB after 15 of 23 sizes, 8.2 s into the sweep").
     */
    static BwResult.Outcome sweepOutcome(BwResult.Outcome sizes, int sizeBytes, int sizesDone, int sizesPlanned,
                                         double sweepSeconds) {
        String where = "at " + ByteSize.formatExact(sizeBytes) + " after " + sizesDone + " of "
                + sizesPlanned + " sizes, " + String.format(Locale.ROOT, "%.1f", sweepSeconds)
                + " s into the sweep";
        String message = sizes.status() == OutcomeStatus.INTERRUPTED ? "stopped by the user " + where
                : (sizes.message() == null ? sizes.status().label() : sizes.message()) + " (" + where + ")";
        return new BwResult.Outcome(sizes.status(), message);
    }

    /** A size that failed because a direction moved 0 B ({@link PeerTotals#nothingMoved}). */
    static boolean movedNothing(BwResult r) {
        if (r.outcome().status() != OutcomeStatus.FAILED) {
            return false;
        }
        for (BwResult.DirectionResult d : r.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            if (s == null || s.bytes() <= 0) {
                return true;
            }
        }
        return false;
    }

    private BwResult.Outcome stoppedAfter(List<SweepRow> rows) {
        return new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user after " + rows.size() + " of "
                + config.sizesBytes().size() + " sizes");
    }

    /** The row of one size from its test: receiver-side bytes; null when nothing arrived. */
    static SweepRow row(int sizeBytes, BwResult r) {
        BwResult.DirectionResult d = r.directions().getFirst();
        BwResult.Summary rx = d.receiverSummary();
        if (rx == null || rx.seconds() <= 0) {
            return null;
        }
        double peak = d.intervals().stream().filter(i -> !i.omitted())
                .mapToDouble(BwResult.IntervalReport::bitsPerSecond).max().orElse(rx.bitsPerSecond());
        long messages = rx.bytes() / sizeBytes;
        Long retransmits = null;
        if (d.senderSummary() != null && d.senderSummary().retransmits() != null) {
            retransmits = d.senderSummary().retransmits().sockets();
        }
        return new SweepRow(sizeBytes, messages, Math.max(peak, rx.bitsPerSecond()), rx.bitsPerSecond(),
                messages / rx.seconds(), retransmits);
    }

    static TestSpec withBuffer(TestSpec s, int bufferBytes) {
        return s.toBuilder().intervalMillis(PEAK_INTERVAL_MILLIS).bufferBytes(bufferBytes).build();
    }
}
