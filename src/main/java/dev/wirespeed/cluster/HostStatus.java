package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What a mesh knows of one agent; the label is what the mesh JSON has always carried. */
public enum HostStatus {
    OK("ok"),
    /** Unknown name, or nothing answered at the address. */
    UNREACHABLE("unreachable"),
    /** The agent turned us away (token missing or wrong, or it could not prove the token). */
    REFUSED("refused"),
    /** Something answered but did not complete the agent handshake. */
    NOT_AN_AGENT("not-an-agent"),
    /** An agent of a protocol version we do not speak. */
    INCOMPATIBLE("incompatible"),
    /** It had answered, then its connection broke or it stopped answering. */
    LOST("lost");

    private final String label;

    HostStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static HostStatus of(String label) {
        for (HostStatus s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown host status '" + label + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
