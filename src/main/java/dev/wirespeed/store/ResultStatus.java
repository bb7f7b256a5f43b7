package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

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

    /**
     * The status of a test outcome of the engines ("ok", "interrupted", "peer-lost", "failed" …):
     * anything but ok or interrupted is a failure.
     */
    public static ResultStatus ofOutcome(String outcome) {
        String o = outcome == null ? "ok" : outcome.toLowerCase(Locale.ROOT);
        return switch (o) {
            case "ok", "done" -> DONE;
            case "interrupted" -> INTERRUPTED;
            default -> FAILED;
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
