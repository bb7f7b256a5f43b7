package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A netdev's descriptor rings as `ethtool -g IF` prints them (ETHTOOL_MSG_RINGS_GET): the size in use
 * ("Current hardware settings") beside the driver's "Pre-set maximums", which is the most
 * `ethtool -G IF rx N` accepts. Each part is null when the driver printed "n/a" or nothing.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RingSizes(Long rxCurrent, Long rxMaximum, Long txCurrent, Long txMaximum) {
    /** Both the receive ring's size and its maximum are known. */
    @JsonIgnore
    public boolean rxKnown() {
        return rxCurrent != null && rxMaximum != null && rxMaximum > 0;
    }

    /** The receive ring is known and already as large as the driver allows. */
    @JsonIgnore
    public boolean rxAtMaximum() {
        return rxKnown() && rxCurrent >= rxMaximum;
    }

    /** "RX 512 of 4096, TX 512 of 4096", the parts known. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        part(s, "RX", rxCurrent, rxMaximum);
        part(s, "TX", txCurrent, txMaximum);
        return s.toString();
    }

    private static void part(StringBuilder s, String name, Long now, Long max) {
        if (now == null && max == null) {
            return;
        }
        s.append(s.isEmpty() ? "" : ", ").append(name).append(' ').append(now == null ? "?" : now)
                .append(" of ").append(max == null ? "?" : max);
    }
}
