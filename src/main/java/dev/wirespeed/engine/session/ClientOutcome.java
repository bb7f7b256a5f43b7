package dev.wirespeed.engine.session;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import java.util.Locale;

/** How a wirespeed client's bandwidth test ended (TCP and UDP say it the same way). */
public final class ClientOutcome {
    private ClientOutcome() {}

    /**
     * @param elapsedNanos from the start of the test to its end
     * @param peerProblem  the first reason the server was lost (PEER_LOST)
     */
    public static BwResult.Outcome of(OutcomeStatus status, long elapsedNanos, String peerProblem) {
        return switch (status) {
            case OK -> BwResult.Outcome.OK;
            case INTERRUPTED -> new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user after "
                    + seconds(elapsedNanos) + " s");
            case PEER_LOST, FAILED -> new BwResult.Outcome(OutcomeStatus.PEER_LOST, "the server went away after "
                    + seconds(elapsedNanos) + " s (" + peerProblem + ")");
        };
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }
}
