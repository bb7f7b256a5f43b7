package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Which way data flows, seen from the client (iperf's -R is {@link #DOWNLOAD}). */
public enum Direction {
    /** client → server (the default, as in iperf). */
    UPLOAD("upload"),
    /** server → client (-R). */
    DOWNLOAD("download"),
    /** both at once (--bidir): streams 0..P-1 upload, P..2P-1 download. */
    BIDIR("bidir");

    private final String label;

    Direction(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    /** The direction whose {@link #label()} is {@code label} (as results and plans carry it). */
    @JsonCreator
    public static Direction of(String label) {
        for (Direction d : values()) {
            if (d.label.equals(label)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown direction '" + label + "'");
    }

    public boolean clientSends() {
        return this != DOWNLOAD;
    }

    public boolean clientReceives() {
        return this != UPLOAD;
    }

    /** Data connections the client opens for {@code streams} streams per direction. */
    public int connections(int streams) {
        return this == BIDIR ? 2 * streams : streams;
    }

    /** Whether the stream with this index carries client → server data. */
    public boolean isUploadStream(int index, int streams) {
        return switch (this) {
            case UPLOAD -> true;
            case DOWNLOAD -> false;
            case BIDIR -> index < streams;
        };
    }
}
