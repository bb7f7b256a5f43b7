package dev.wirespeed.parse;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether a key fact's value is what a record keeps (the rule of heldout/README.md and docs/EXPLAIN.md,
 * "Fixtures"), shared by {@link KeyFactsTest} and {@link HeldOutTest}. People write a fact the way the tool
 * printed the value, so a fact holds when the record's typed value equals it, or the value as printed
 * does: a field's {@code raw}, a value of the record's {@code printed} map, or the field's printed twin
 * (the same field under the tool's name). Equal as printed means the same text, or, for a fact that is a
 * bare number, a printed value that is that number followed by its unit ("0.294 ms", "36.07 Gb/sec",
 * "100 Gb/sec (4X EDR)", "25000Mb/s"), compared numerically. Letter case counts: every record keeps
 * the printed word verbatim (a {@link Token}'s raw, the printed map), so a fact copied from the output
 * equals it exactly, and ignoring case would only let a fact hold against a spelling the tool never
 * printed (ibstatus' "4: ACTIVE" is not ibstat's "Active").
 */
final class FactMatch {
    /** A fact that is only a number, as a figure copied without its unit. */
    private static final Pattern BARE_NUMBER = Pattern.compile("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)");
    /**
     * A printed value that is a number and then, if anything, its unit and what the tool prints after it:
     * the unit's first word starts with a letter, µ or % and holds no digit, so "0x00", "4: ACTIVE",
     * "4096 (5)", "0/0 (0%)" and "10.0.0.1" are no number with a unit, and a number later in the text
     * ("avg 36.07 Gb/sec") is not its leading one.
     */
    private static final Pattern NUMBER_AND_UNIT = Pattern.compile(
            "\\s*([-+]?(?:\\d+\\.?\\d*|\\.\\d+))(?:\\s*[A-Za-zµ%][^\\s\\d]*(?:\\s+\\S.*)?)?\\s*");
    /** Units our typed names end in and the tool's own names do not ("activeMtuBytes" is ibv_devinfo's "active_mtu"). */
    private static final Pattern UNIT_SUFFIX = Pattern.compile("(bytes|bits|millis|micros|nanos|seconds|percent|mhz|celsius|dbm)$");

    /**
     * A state word printed with its numeric code: ibstatus' "5: LinkUp", "4: ACTIVE", ibv_devinfo's "LINK_UP
     * (5)", "PORT_ACTIVE (4)". The word starts with a letter, so "4096 (5)" is no such word.
     */
    private static final Pattern CODED_WORD = Pattern.compile("\\s*(?:\\d+:\\s*([A-Za-z]\\w*)|([A-Za-z]\\w*)\\s*\\(\\d+\\))\\s*");
    /** A "~" fact written as ping prints a reply's field: "icmp_seq=1", "time=0.154 ms". */
    private static final Pattern PAIR = Pattern.compile("([A-Za-z_][\\w-]*)=(\\S.*)");

    private FactMatch() {}

    /**
     * A {@code ~ name=value} fact, a field copied as ping prints it ("icmp_seq=1", "time=0.154 ms"), holds when
     * the record's printed map keeps {@code name} at that value, as printed (one of its values when the name
     * repeats): the record keeps ping's fields under ping's names, not the "=" between them.
     */
    static boolean printedPair(JsonNode record, String text) {
        Matcher m = PAIR.matcher(text);
        return m.matches() && matches(record.path("printed").path(m.group(1)), m.group(2).strip(), true);
    }

    /**
     * A record's field, reached at {@code path} ({@code node}), holds {@code expected}: a typed value
     * equal to it, a {@code {value, raw}} whose value or raw does, a list with such an element; {@code
     * printed}: the node is printed text (a raw, a value of the printed map), compared as printed.
     */
    static boolean matches(JsonNode v, String expected, boolean printed) {
        if (v.isMissingNode() || v.isNull()) {
            return false;
        }
        if (v.isArray()) {
            for (JsonNode e : v) {
                if (matches(e, expected, printed)) {
                    return true;
                }
            }
            return false;
        }
        if (v.isObject()) {
            return matches(v.path("value"), expected, false) || v.has("raw") && asPrinted(v.path("raw").asString(""), expected);
        }
        if (v.isNumber()) {
            try {
                return sameNumber(v.asDouble(), Double.parseDouble(expected));
            } catch (NumberFormatException ex) {
                return false;
            }
        }
        return printed ? asPrinted(v.asString(), expected) : v.asString().equals(expected);
    }

    /**
     * {@code printed}, a value as the tool printed it, is the fact {@code expected}: the same text, or the
     * same bare number before its unit, or the same state word printed with its code ("LINK_UP (5)", "5:
     * LinkUp"); a value printed over several lines (ethtool's "Current message
     * level: 0x000004e3 (1251)" and its flag names indented below) holds a fact equal to one of its lines.
     */
    static boolean asPrinted(String printed, String expected) {
        if (printed.indexOf('\n') >= 0 && printed.lines().anyMatch(line -> asPrinted(line, expected))) {
            return true;
        }
        if (printed.strip().equals(expected)) {
            return true;
        }
        Matcher coded = CODED_WORD.matcher(printed);
        if (coded.matches() && expected.equals(coded.group(1) != null ? coded.group(1) : coded.group(2))) {
            return true; // the word as printed, its code left out; letter case counts
        }
        Double fact = number(expected);
        if (fact == null) {
            return false;
        }
        Matcher m = NUMBER_AND_UNIT.matcher(printed);
        return m.matches() && sameNumber(Double.parseDouble(m.group(1)), fact);
    }

    /**
     * The record's printed twin of its typed field {@code field}: the value printed under the tool's name
     * that spells the same once case, blanks, '_' and '-' and our unit suffix are left out ("physicalState"
     * and rdma link's "physical_state", "state" and ibstat's "State"); missing when none.
     */
    static JsonNode twin(JsonNode record, String field) {
        String want = UNIT_SUFFIX.matcher(squeeze(field)).replaceFirst("");
        for (Map.Entry<String, JsonNode> e : record.path("printed").properties()) {
            if (!want.isEmpty() && squeeze(e.getKey()).equals(want)) {
                return e.getValue();
            }
        }
        return tools.jackson.databind.node.MissingNode.getInstance();
    }

    private static String squeeze(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    private static Double number(String text) {
        return BARE_NUMBER.matcher(text).matches() ? Double.valueOf(Double.parseDouble(text)) : null;
    }

    private static boolean sameNumber(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
    }
}
