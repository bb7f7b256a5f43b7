package dev.wirespeed.admission;

import java.lang.management.ManagementFactory;

/**
 * Every limit a listener (the server, its iperf3 service, the cluster agent) enforces, in one
 * place (docs/SECURITY.md): on connections that have not yet proved themselves, and on what the
 * running tests may hold together ({@link Budget}).
 *
 * @param handshakeDeadlineMillis whole time from accept to a running test (or an authenticated
 *                                agent session), however the bytes trickle in; the per-read
 *                                timeout alone let one byte every few seconds hold a slot forever
 * @param maxPendingPerSource     handshakes pending from one source address
 * @param maxPendingTotal         handshakes pending from everyone
 * @param evictAfterMillis        a handshake whose opening bytes did not arrive this soon after
 *                                accept may be dropped to admit a newcomer from the same source
 *                                when that source is at its cap: a client writes its opening at
 *                                once, a trickling peer does not
 * @param refusalAnswers          refused connections answered at once (one line in the peer's
 *                                protocol) before they are closed; more are closed silently
 * @param maxMemoryBytes          buffer memory of all running tests together
 * @param maxTotalStreams         data streams of all running tests together
 * @param maxTests                tests running at once
 * @param graceMillis             how long past its asked duration (or --max-duration) a running
 *                                test may go on before the server ends it, whatever its client
 *                                sends: time for the client's Stop to arrive on a loaded host
 */
public record ServerLimits(int handshakeDeadlineMillis, int maxPendingPerSource, int maxPendingTotal,
                           int evictAfterMillis, int refusalAnswers, long maxMemoryBytes, int maxTotalStreams,
                           int maxTests, long graceMillis) {
    /** Past a test's duration: more than the client's 10 s of patience with a silent server. */
    public static final long DEFAULT_GRACE_MILLIS = 10_000;

    public static final ServerLimits DEFAULT = new ServerLimits(5_000, 64, 256, 250, 128, defaultMemoryBytes(), 1024,
            64, DEFAULT_GRACE_MILLIS);

    public ServerLimits {
        if (handshakeDeadlineMillis < 1 || maxPendingPerSource < 1 || maxPendingTotal < maxPendingPerSource
                || evictAfterMillis < 0 || refusalAnswers < 0 || maxMemoryBytes < 1 || maxTotalStreams < 1
                || maxTests < 1 || graceMillis < 0) {
            throw new IllegalArgumentException("inconsistent server limits");
        }
    }

    /** With the default grace. */
    public ServerLimits(int handshakeDeadlineMillis, int maxPendingPerSource, int maxPendingTotal,
                        int evictAfterMillis, int refusalAnswers, long maxMemoryBytes, int maxTotalStreams,
                        int maxTests) {
        this(handshakeDeadlineMillis, maxPendingPerSource, maxPendingTotal, evictAfterMillis, refusalAnswers,
                maxMemoryBytes, maxTotalStreams, maxTests, DEFAULT_GRACE_MILLIS);
    }

    /**
     * A quarter of the machine's memory, at most 4 GiB and at least 256 MiB: room for a few
     * heavy tests without letting one client take the host.
     */
    public static long defaultMemoryBytes() {
        long total = 4L << 30;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            total = os.getTotalMemorySize();
        }
        return Math.clamp(total / 4, 256L << 20, 4L << 30);
    }

    public ServerLimits withHandshakeDeadlineMillis(int millis) {
        return new ServerLimits(millis, maxPendingPerSource, maxPendingTotal, evictAfterMillis, refusalAnswers,
                maxMemoryBytes, maxTotalStreams, maxTests, graceMillis);
    }

    public ServerLimits withPending(int perSource, int total) {
        return new ServerLimits(handshakeDeadlineMillis, perSource, total, evictAfterMillis, refusalAnswers,
                maxMemoryBytes, maxTotalStreams, maxTests, graceMillis);
    }

    public ServerLimits withBudget(long memoryBytes, int totalStreams, int tests) {
        return new ServerLimits(handshakeDeadlineMillis, maxPendingPerSource, maxPendingTotal, evictAfterMillis,
                refusalAnswers, memoryBytes, totalStreams, tests, graceMillis);
    }

    public ServerLimits withGraceMillis(long millis) {
        return new ServerLimits(handshakeDeadlineMillis, maxPendingPerSource, maxPendingTotal, evictAfterMillis,
                refusalAnswers, maxMemoryBytes, maxTotalStreams, maxTests, millis);
    }
}
