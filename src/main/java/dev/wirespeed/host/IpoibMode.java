package dev.wirespeed.host;

import java.util.Optional;

/**
 * An IPoIB interface's mode, as /sys/class/net/NAME/mode spells it: datagram (UD, MTU at most
 * the IB MTU minus 4) or connected (CM, MTU up to 65520).
 */
public enum IpoibMode {
    DATAGRAM("datagram"),
    CONNECTED("connected");

    private final String text;

    IpoibMode(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** The mode spelt {@code text}; empty for anything else. */
    public static Optional<IpoibMode> of(String text) {
        for (IpoibMode m : values()) {
            if (m.text.equals(text)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
