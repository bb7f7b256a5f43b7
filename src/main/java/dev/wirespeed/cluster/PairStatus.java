package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How one pair test of a mesh ended; the label is what the mesh JSON and the store have always carried. */
public enum PairStatus {
    OK("ok"),
    /** The test ran and broke, or could not start. */
    FAILED("failed"),
    /** A host of the pair was already known lost. */
    SKIPPED("skipped"),
    /** Ctrl-C stopped it; the flows measured until then are kept. */
    INTERRUPTED("interrupted");

    private final String label;

    PairStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static PairStatus of(String label) {
        for (PairStatus s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown pair status '" + label + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
