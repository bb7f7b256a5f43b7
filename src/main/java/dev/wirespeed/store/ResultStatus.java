package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.wirespeed.results.OutcomeStatus;

/**
 * How the measurement behind a stored result ended (docs/STORE.md). Only {@link #DONE} results
 * enter `results compare` and `results report` unless --include-partial is given: an interrupted
 * test's figures cover less time than was asked, a failed one's may be missing a side.
 */
public enum ResultStatus {
    /** Ran to the end it was asked for. */
    DONE("done"),
    /** Stopped by Ctrl-C or SIGTERM; the figures cover the time measured until then. */
    INTERRUPTED("interrupted"),
    /** Ended by an error (peer lost, refused, timed out); the reason is kept with it. */
    FAILED("failed"),
    /** A campaign point that did not finish (the campaign was stopped while it ran). */
    INCOMPLETE("incomplete");

    private final String text;

    ResultStatus(String text) {
        this.text = text;
    }

    @JsonValue
    public String text() {
        return text;
    }

    @JsonCreator
    public static ResultStatus of(String text) {
        for (ResultStatus s : values()) {
            if (s.text.equals(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown result status '" + text + "'");
    }

    /** The status of an engine's test outcome: peer lost and failed are both failures here. */
    public static ResultStatus ofOutcome(OutcomeStatus outcome) {
        return switch (outcome == null ? OutcomeStatus.OK : outcome) {
            case OK -> DONE;
            case INTERRUPTED -> INTERRUPTED;
            case PEER_LOST, FAILED -> FAILED;
        };
    }

    /** The status of a run holding results of these statuses: the worst of them. */
    public static ResultStatus worst(Iterable<ResultStatus> statuses) {
        ResultStatus w = DONE;
        for (ResultStatus s : statuses) {
            if (s.ordinal() > w.ordinal() && !(w == FAILED && s == INCOMPLETE)) {
                w = s;
            }
        }
        return w;
    }

    public boolean done() {
        return this == DONE;
    }

    @Override
    public String toString() {
        return text;
    }
}
