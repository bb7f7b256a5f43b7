package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Optional;

/**
 * The transport of a wirespeed test; the label is the {@code protocol} of the result JSON (kept as
 * text in the result records, which also hold results read back from older stores).
 */
public enum Protocol {
    TCP("tcp"),
    UDP("udp");

    private final String label;

    Protocol(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    public static Protocol of(boolean udp) {
        return udp ? UDP : TCP;
    }

    /** The protocol a result names; empty for anything else. */
    public static Optional<Protocol> of(String label) {
        return TCP.label.equals(label) ? Optional.of(TCP) : UDP.label.equals(label) ? Optional.of(UDP) : Optional.empty();
    }

    @Override
    public String toString() {
        return label;
    }
}
