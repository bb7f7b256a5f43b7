package dev.wirespeed.admission;

/**
 * Every limit a listener (the server, its iperf3 service, the cluster agent) enforces on
 * connections that have not yet proved themselves, in one place (docs/SECURITY.md).
 *
 * @param handshakeDeadlineMillis whole time from accept to a running test (or an authenticated
 *                                agent session), however the bytes trickle in; the per-read
 *                                timeout alone let one byte every few seconds hold a slot forever
 * @param maxPendingPerSource     handshakes pending from one source address
 * @param maxPendingTotal         handshakes pending from everyone
 * @param evictAfterMillis        a handshake pending this long may be dropped to admit a newcomer
 *                                from the same source when that source is at its cap: a working
 *                                client finishes in a few round trips, a trickling one never does
 * @param refusalAnswers          refused connections answered at once (one line in the peer's
 *                                protocol) before they are closed; more are closed silently
 */
public record ServerLimits(int handshakeDeadlineMillis, int maxPendingPerSource, int maxPendingTotal,
                           int evictAfterMillis, int refusalAnswers) {
    public static final ServerLimits DEFAULT = new ServerLimits(5_000, 64, 256, 250, 32);

    public ServerLimits {
        if (handshakeDeadlineMillis < 1 || maxPendingPerSource < 1 || maxPendingTotal < maxPendingPerSource
                || evictAfterMillis < 0 || refusalAnswers < 0) {
            throw new IllegalArgumentException("inconsistent server limits");
        }
    }

    public ServerLimits withHandshakeDeadlineMillis(int millis) {
        return new ServerLimits(millis, maxPendingPerSource, maxPendingTotal, evictAfterMillis, refusalAnswers);
    }

    public ServerLimits withPending(int perSource, int total) {
        return new ServerLimits(handshakeDeadlineMillis, perSource, total, evictAfterMillis, refusalAnswers);
    }
}
