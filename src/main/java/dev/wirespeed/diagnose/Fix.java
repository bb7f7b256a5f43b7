package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What to do about a finding.
 *
 * @param action  what to do, in words ("move the card to an x8 slot", "set the slot to Gen3 in the BIOS")
 * @param command a command that does it, when there is one ("systemctl start opensm"); else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Fix(String action, String command) {
    public static Fix action(String action) {
        return new Fix(action, null);
    }

    public static Fix command(String action, String command) {
        return new Fix(action, command);
    }
}
