package dev.wirespeed.wire;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The IP TOS byte (IPv4) or traffic class (IPv6) a test marks its data with: -S/--tos takes the
 * byte, --dscp the 6-bit code point (TOS = DSCP << 2, RFC 2474), each as iperf3 reads them (iperf_api.c:
 * strtol base 0, so decimal, 0x hex or 0 octal; dscp.c: the names of RFC 2474/2597/3246/8622).
 */
public final class Tos {
    private Tos() {}

    /** DSCP names and values: class selectors (RFC 2474), assured forwarding (RFC 2597), EF (RFC 3246), VA (RFC 5865), LE (RFC 8622). */
    private static final Map<String, Integer> NAMES = names();

    private static Map<String, Integer> names() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int cs = 0; cs <= 7; cs++) {
            m.put("CS" + cs, cs << 3);
        }
        for (int c = 1; c <= 4; c++) {
            for (int d = 1; d <= 3; d++) {
                m.put("AF" + c + d, (c << 3) | (d << 1));
            }
        }
        m.put("EF", 46);
        m.put("VA", 44);
        m.put("LE", 1);
        return m;
    }

    /** -S VALUE: a TOS byte 0..255 in decimal, 0x hex or 0 octal. */
    public static int parseTos(String text) {
        int v = number(text, "-S/--tos");
        if (v < 0 || v > 255) {
            throw new IllegalArgumentException("-S/--tos " + text + " is not a TOS byte (0..255, e.g. 0x88)");
        }
        return v;
    }

    /** --dscp VALUE: a code point 0..63 (a number as -S, or a name: CS0..CS7, AF11..AF43, EF, VA, LE); returns the TOS byte. */
    public static int parseDscp(String text) {
        Integer named = NAMES.get(text.strip().toUpperCase(Locale.ROOT));
        int v = named != null ? named : number(text, "--dscp");
        if (v < 0 || v > 63) {
            throw new IllegalArgumentException("--dscp " + text + " is not a code point (0..63 or a name: CS0..CS7, "
                    + "AF11..AF43, EF, VA, LE)");
        }
        return v << 2;
    }

    private static int number(String text, String option) {
        String t = text.strip();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Integer.parseInt(t.substring(2), 16);
            }
            if (t.length() > 1 && t.startsWith("0")) {
                return Integer.parseInt(t.substring(1), 8);
            }
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a number"
                    + (option.equals("--dscp") ? " or a DSCP name (CS0..CS7, AF11..AF43, EF, VA, LE)" : " (e.g. 0x88)"));
        }
    }

    /** The DSCP names, for completion. */
    public static Iterable<String> dscpNames() {
        return NAMES.keySet();
    }

    /** "0x88 (DSCP 34 AF41)", "0x01 (DSCP 0, ECN 1)". */
    public static String describe(int tos) {
        int dscp = tos >>> 2;
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "0x%02x (DSCP %d", tos, dscp));
        for (Map.Entry<String, Integer> e : NAMES.entrySet()) {
            if (e.getValue() == dscp && !e.getKey().equals("CS0")) {
                b.append(' ').append(e.getKey());
                break;
            }
        }
        if ((tos & 3) != 0) {
            b.append(", ECN ").append(tos & 3);
        }
        return b.append(')').toString();
    }
}
