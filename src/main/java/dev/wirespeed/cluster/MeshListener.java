package dev.wirespeed.cluster;

import java.util.List;

/** What happens as it happens; the text output prints from these calls. */
public interface MeshListener {
    default void planned(MeshResult.Params params, int hosts, int widestRound) {}

    default void connected(List<MeshResult.Host> hosts, double elapsedSeconds) {}

    default void roundDone(Round round, int roundsTotal, List<PairResult> pairs, double elapsedSeconds) {}

    /** A round of failed pairs run once more after the planned rounds (0-based {@code retry}). */
    default void retryDone(int retry, int retries, List<PairResult> pairs, double elapsedSeconds) {}

    /** Slow pairs are re-tested beside a control before they are named: {@code count} of {@code slow}. */
    default void retestsPlanned(int count, int slow, double estimatedSeconds) {}

    /** One re-test (0-based {@code retest}): the slow pair again, and its control (null when none ran). */
    default void retestDone(int retest, int retests, PairResult pair, PairResult control, double elapsedSeconds) {}
}
