package dev.wirespeed.parse.ib;

import java.util.Locale;

/**
 * Port states as the tools print them, normalized to the names of the sysfs files
 * /sys/class/infiniband/DEV/ports/N/{state,phys_state} (IB spec 14.2.5.6, PortInfo).
 */
public final class IbStates {
    private IbStates() {}

    private static final String[] STATES = {"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
    private static final String[] PHYS = {"NoStateChange", "Sleep", "Polling", "Disabled",
        "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"};

    /** "4: ACTIVE", "Active", "PORT_ACTIVE (4)", "ACTIVE" → "ACTIVE"; null stays null. */
    public static String state(String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip().replaceFirst("^\\d+:\\s*", "").replaceFirst("\\s*\\(\\d+\\)$", "")
                .replaceFirst("(?i)^PORT_", "").toUpperCase(Locale.ROOT).replace(' ', '_');
        if (t.startsWith("INITIALIZ")) {
            return "INIT"; // ibstat prints "Initializing"
        }
        for (String s : STATES) {
            if (s.equals(t)) {
                return s;
            }
        }
        return t.isEmpty() ? null : t;
    }

    /** "5: LinkUp", "LinkUp", "LINK_UP", "DISABLED", "Polling" → sysfs name; unknown text kept. */
    public static String physical(String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip().replaceFirst("^\\d+:\\s*", "").replaceFirst("\\s*\\(\\d+\\)$", "");
        String key = t.replace("_", "").replace(" ", "").toLowerCase(Locale.ROOT);
        for (String p : PHYS) {
            if (p.toLowerCase(Locale.ROOT).equals(key)) {
                return p;
            }
        }
        return t.isEmpty() ? null : t;
    }
}
