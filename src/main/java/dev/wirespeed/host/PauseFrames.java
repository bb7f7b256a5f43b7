package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Locale;

/**
 * Ethernet pause-frame settings (IEEE 802.3x global pause) as `ethtool -a IF` prints them
 * ("Autonegotiate: off", "RX: on", "TX: on"). RoCE without PFC needs RX and TX on to be lossless.
 * Each part may be unknown (null) when the source does not show it.
 */
public record PauseFrames(Boolean autonegotiate, Boolean rx, Boolean tx) {
    @JsonIgnore
    public boolean bothOn() {
        return Boolean.TRUE.equals(rx) && Boolean.TRUE.equals(tx);
    }

    /** "on"/"off" as ethtool prints them. */
    public static boolean parseOnOff(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("expected on or off but was '" + text + "'");
        };
    }
}
