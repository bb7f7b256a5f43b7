package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a fact was seen and the text it was read from.
 *
 * @param source a sysfs/procfs path as on the inspected host ("/sys/class/net/eth0/mtu"), or a
 *               tool output position ("ibstat, paste.txt line 12"); null when unknown
 * @param raw    the text as found (trimmed), null when there was none (an absent file)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Evidence(String source, String raw) {
    @Override
    public String toString() {
        if (raw == null) {
            return source == null ? "(no source)" : source;
        }
        return (source == null ? "" : source + ": ") + "'" + raw + "'";
    }
}
