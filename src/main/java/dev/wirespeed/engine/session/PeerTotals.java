package dev.wirespeed.engine.session;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * What a server reports of a test, checked against what the path and the elapsed time allow before
 * it enters a result: a lying or broken server must not turn into a saved "done" test at 8 EiB or a
 * negative rate (a byte count of 2^63-1 overflows a sum). Each check names the value and the bound
 * ("the server reported 8.0 EiB on stream 1 in a test of 2.0 s"); the caller then leaves the
 * server's side out of the result and fails the test with that line.
 */
public final class PeerTotals {
    /**
     * The fastest a single host's path moves, with a wide margin: 10 Tbit/s (today's fastest NICs
     * are 800 Gbit/s; loopback copies run at memory speed, well under this).
     */
    static final double MAX_BITS_PER_SECOND = 10e12;
    /** What a server's clock may add to the client's view of the test: its start and drain. */
    static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(5);

    private PeerTotals() {}

    /**
     * Null when {@code remote} (a TCP test's server totals) is plausible, else the reason.
     *
     * @param local        the client's own totals (the bytes it sent and received, per stream)
     * @param elapsedNanos the test's length as the client timed it
     */
    public static String problem(Message.Results remote, Message.Results local, TestSpec spec, long elapsedNanos) {
        if (remote == null) {
            return null;
        }
        String streams = streams(remote.streams(), spec, Message.StreamTotal::index, Message.StreamTotal::sent);
        if (streams != null) {
            return streams;
        }
        long limitNanos = elapsedNanos + SLACK_NANOS;
        for (Message.StreamTotal t : remote.streams()) {
            String where = "stream " + (t.index() + 1);
            String counts = counts(t.bytes(), t.measuredBytes(), t.measuredNanos(), where, elapsedNanos, limitNanos);
            if (counts != null) {
                return counts;
            }
            Long mine = local == null || local.streams() == null ? null : local.streams().stream()
                    .filter(l -> l.index() == t.index() && l.sent() != t.sent()).map(Message.StreamTotal::bytes)
                    .findFirst().orElse(null);
            if (mine != null && !t.sent() && t.bytes() > mine) {
                return "the server reported receiving " + ByteSize.format(t.bytes()) + " on " + where + ", more than the "
                        + ByteSize.format(mine) + " this client sent";
            }
        }
        return cpu(remote.cpu(), limitNanos);
    }

    /** The same for a UDP test's server totals (packets and bytes per stream). */
    public static String problem(Message.UdpResults remote, Message.UdpResults local, TestSpec spec, long elapsedNanos) {
        if (remote == null) {
            return null;
        }
        String streams = streams(remote.streams(), spec, Message.UdpTotal::index, Message.UdpTotal::sent);
        if (streams != null) {
            return streams;
        }
        long limitNanos = elapsedNanos + SLACK_NANOS;
        for (Message.UdpTotal t : remote.streams()) {
            if (t.all() == null || t.measured() == null) {
                return "the server reported an empty stream total";
            }
            String where = "stream " + (t.index() + 1);
            String counts = counts(t.all().bytes(), t.measured().bytes(), t.measuredNanos(), where, elapsedNanos,
                    limitNanos);
            if (counts != null) {
                return counts;
            }
            for (Message.UdpCounts c : List.of(t.all(), t.measured())) {
                if (c.packets() < 0 || c.lost() < 0 || c.outOfOrder() < 0 || !(c.jitterMicros() >= 0)
                        || Double.isInfinite(c.jitterMicros()) || c.packets() > c.bytes()) {
                    return "the server reported impossible counts on " + where + " (" + c.packets() + " datagrams, "
                            + c.bytes() + " bytes, " + c.lost() + " lost, jitter " + c.jitterMicros() + " us)";
                }
            }
            Message.UdpCounts mine = local == null || local.streams() == null ? null : local.streams().stream()
                    .filter(l -> l != null && l.index() == t.index() && l.sent() != t.sent() && l.all() != null)
                    .map(Message.UdpTotal::all).findFirst().orElse(null);
            if (mine != null && !t.sent() && t.all().packets() > mine.packets()) {
                return "the server reported receiving " + t.all().packets() + " datagrams on " + where
                        + ", more than the " + mine.packets() + " this client sent";
            }
        }
        return cpu(remote.cpu(), limitNanos);
    }

    /**
     * Null when a whole result another program assembled (an agent's, in a mesh) holds figures
     * a test of {@code testSeconds} can have, else the reason: no negative or NaN count, time or
     * rate, nothing past {@link #MAX_BITS_PER_SECOND}, no summary longer than the test.
     */
    public static String problem(BwResult r, double testSeconds) {
        double limitSeconds = testSeconds + SLACK_NANOS / 1e9;
        for (BwResult.DirectionResult d : r.directions() == null ? List.<BwResult.DirectionResult>of() : r.directions()) {
            for (BwResult.Summary s : Arrays.asList(d.senderSummary(), d.receiverSummary())) {
                if (s == null) {
                    continue;
                }
                String what = d.direction() + " " + (s == d.senderSummary() ? "sender" : "receiver");
                if (s.bytes() < 0 || !(s.seconds() >= 0) || !(s.bitsPerSecond() >= 0)) {
                    return what + ": impossible figures (" + s.bytes() + " bytes in " + s.seconds() + " s at "
                            + s.bitsPerSecond() + " bit/s)";
                }
                if (s.seconds() > limitSeconds) {
                    return what + ": " + String.format(Locale.ROOT, "%.1f", s.seconds()) + " s measured in a test of "
                            + String.format(Locale.ROOT, "%.1f", testSeconds) + " s";
                }
                if (s.bitsPerSecond() > MAX_BITS_PER_SECOND || s.bytes() * 8.0 > MAX_BITS_PER_SECOND * limitSeconds) {
                    return what + ": " + ByteSize.format(s.bytes()) + " at " + Rate.format(
                            s.bitsPerSecond()) + ", more than 10 Tbit/s could move";
                }
            }
        }
        return null;
    }

    /**
     * What is wrong with a server's list of stream totals as a whole, or null: no list, an empty
     * entry, a stream the test does not have, or no total for a stream the server received.
     */
    private static <T> String streams(List<T> totals, TestSpec spec, ToIntFunction<T> index, Predicate<T> sent) {
        if (totals == null) {
            return "the server reported no streams";
        }
        for (T t : totals) {
            if (t == null) {
                return "the server reported an empty stream total";
            }
            int i = index.applyAsInt(t);
            if (i < 0 || i >= spec.connections()) {
                return "the server reported stream " + (i + 1) + " of a test with " + spec.connections();
            }
        }
        return missing(spec, i -> totals.stream().anyMatch(t -> index.applyAsInt(t) == i && !sent.test(t)));
    }

    /** The first stream the server received (an upload stream) that it gave no total for, or null. */
    private static String missing(TestSpec spec, IntPredicate reported) {
        for (int i = 0; i < spec.connections(); i++) {
            if (spec.direction().isUploadStream(i, spec.streams()) && !reported.test(i)) {
                return "the server reported no total for stream " + (i + 1) + ", which it received";
            }
        }
        return null;
    }

    /**
     * The outcome once the server's report was checked: a test that would be ok fails with the
     * reason; an interrupted or lost one keeps its own.
     */
    public static BwResult.Outcome refused(BwResult.Outcome o, String problem) {
        if (problem == null || !o.ok()) {
            return o;
        }
        return new BwResult.Outcome(OutcomeStatus.FAILED, "the server's report was refused: " + problem);
    }

    /**
     * {@code r}, failed when a direction moved nothing (a 0-byte --bidir is not a measurement):
     * each direction's bytes as its receiver counted them, else as its sender did.
     */
    public static BwResult nothingMoved(BwResult r, long elapsedNanos) {
        Map<String, Long> moved = new LinkedHashMap<>();
        for (BwResult.DirectionResult d : r.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            moved.put(d.direction() + " (" + d.sender() + " → " + d.receiver() + ")", s == null ? null : s.bytes());
        }
        BwResult.Outcome o = nothingMoved(r.outcome(), moved, elapsedNanos);
        return o == r.outcome() ? r : r.withOutcome(o);
    }

    /** The same for a UDP test: the outcome it should have. */
    public static BwResult.Outcome nothingMoved(UdpResult r, long elapsedNanos) {
        Map<String, Long> moved = new LinkedHashMap<>();
        for (UdpResult.UdpDirection d : r.directions()) {
            moved.put(d.direction() + " (" + d.sender() + " → " + d.receiver() + ")", d.receiverSummary() != null
                    ? Long.valueOf(d.receiverSummary().bytes()) : d.senderSummary() == null ? null : d.senderSummary().bytes());
        }
        return nothingMoved(r.outcome(), moved, elapsedNanos);
    }

    private static BwResult.Outcome nothingMoved(BwResult.Outcome o, Map<String, Long> moved, long elapsedNanos) {
        if (!o.ok()) {
            return o;
        }
        List<String> empty = moved.entrySet().stream().filter(e -> e.getValue() == null || e.getValue() <= 0)
                .map(Map.Entry::getKey).toList();
        if (empty.isEmpty()) {
            return o;
        }
        return new BwResult.Outcome(OutcomeStatus.FAILED, "no data moved " + String.join(" or ", empty) + " in "
                + seconds(elapsedNanos) + " s");
    }

    private static String counts(long bytes, long measuredBytes, long measuredNanos, String where, long elapsedNanos,
                                 long limitNanos) {
        if (bytes < 0 || measuredBytes < 0 || measuredNanos < 0 || measuredBytes > bytes) {
            return "the server reported impossible counts on " + where + " (" + bytes + " bytes, " + measuredBytes
                    + " measured in " + measuredNanos + " ns)";
        }
        if (measuredNanos > limitNanos) {
            return "the server reported " + seconds(measuredNanos) + " s of data on " + where + " in a test of "
                    + seconds(elapsedNanos) + " s";
        }
        if (bytes * 8.0 > MAX_BITS_PER_SECOND * (limitNanos / 1e9)) {
            return "the server reported " + ByteSize.format(bytes) + " on " + where + " in a test of "
                    + seconds(elapsedNanos) + " s, more than 10 Tbit/s could move";
        }
        return null;
    }

    private static String cpu(Message.CpuTime cpu, long limitNanos) {
        if (cpu != null && (cpu.userNanos() < 0 || cpu.systemNanos() < 0 || cpu.wallNanos() < 0
                || cpu.wallNanos() > limitNanos)) {
            return "the server reported impossible CPU times (user " + cpu.userNanos() + " ns, system "
                    + cpu.systemNanos() + " ns, wall " + cpu.wallNanos() + " ns)";
        }
        return null;
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }
}
