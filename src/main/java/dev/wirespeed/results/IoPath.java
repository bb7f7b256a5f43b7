package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a latency test's hot loop reached the socket; the label is the JSON's {@code ioPath}. */
public enum IoPath {
    /** read(2)/write(2) called straight on the descriptor through the FFM API. */
    DIRECT("direct"),
    /** The NIO channel's own read/write (the direct calls were unavailable on this JVM or platform). */
    NIO("nio");

    private final String label;

    IoPath(String label) {
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
