package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a test (or a mesh) ended; the label is what the JSON has always carried. */
public enum OutcomeStatus {
    OK("ok"),
    /** Ctrl-C (or a campaign's stop) ended it early; what was measured until then is kept. */
    INTERRUPTED("interrupted"),
    /** The peer stopped answering or a data connection failed. */
    PEER_LOST("peer-lost"),
    /** Nothing usable was measured (a mesh whose pairs all failed). */
    FAILED("failed");

    private final String label;

    OutcomeStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
