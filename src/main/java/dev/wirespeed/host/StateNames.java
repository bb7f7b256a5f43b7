package dev.wirespeed.host;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Shared parsing of "4: ACTIVE", "PORT_ACTIVE (4)", "Active", "LinkUp" style state strings. */
final class StateNames {
    private StateNames() {}

    private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)\\s*:.*");
    private static final Pattern TRAILING_NUMBER = Pattern.compile(".*\\((\\d+)\\)\\s*$");

    /** The state number when the text carries one ("4: ACTIVE", "PORT_ACTIVE (4)"), else -1. */
    static int number(String text) {
        Matcher m = LEADING_NUMBER.matcher(text);
        if (m.matches()) {
            return Integer.parseInt(m.group(1));
        }
        m = TRAILING_NUMBER.matcher(text);
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** Letters only, upper case, without a number and a "PORT_" prefix: "PORT_ACTIVE (4)" → "ACTIVE". */
    static String letters(String text) {
        String t = text.replaceAll("^\\d+\\s*:", "").replaceAll("\\(\\d+\\)\\s*$", "").strip();
        t = t.toUpperCase(Locale.ROOT);
        if (t.startsWith("PORT_")) {
            t = t.substring(5);
        }
        return t.replaceAll("[^A-Z]", "");
    }
}
