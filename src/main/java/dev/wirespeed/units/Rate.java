package dev.wirespeed.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Bit rates, always decimal: 1 Gbit/s = 10^9 bit/s (as Ethernet and InfiniBand rates are stated). */
public final class Rate {
    private static final Pattern RATE = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt])?(?:bit/s|bps|b/s|bit|b)?\\s*");

    private Rate() {}

    public static double bitsPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0.0 : bytes * 8.0 * 1e9 / nanos;
    }

    /** Parses "100M", "10G", "2.5g", "0", "1000000" into bit/s (decimal suffixes, as iperf -b). */
    public static long parse(String text) {
        Matcher m = RATE.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a rate (examples: 0, 100M, 2.5G, 10G; decimal bit/s)");
        }
        double number = Double.parseDouble(m.group(1));
        double multiplier = m.group(2) == null ? 1 : switch (Character.toLowerCase(m.group(2).charAt(0))) {
            case 'k' -> 1e3;
            case 'm' -> 1e6;
            case 'g' -> 1e9;
            default -> 1e12;
        };
        double bits = number * multiplier;
        if (bits > 1e15) {
            throw new IllegalArgumentException("'" + text + "' is above 1 Pbit/s");
        }
        return Math.round(bits);
    }

    /** "26.4 Gbit/s", "943 Mbit/s", "12.0 kbit/s": three significant digits, labelled. */
    public static String format(double bitsPerSecond) {
        String[] units = {"bit/s", "kbit/s", "Mbit/s", "Gbit/s", "Tbit/s"};
        double v = bitsPerSecond;
        int i = 0;
        while (v >= 1000 && i < units.length - 1) {
            v /= 1000;
            i++;
        }
        return ByteSize.threeDigits(v) + " " + units[i];
    }

    /** Fixed unit Gbit/s with two decimals, for aligned tables. */
    public static String gbits(double bitsPerSecond) {
        return String.format(Locale.ROOT, "%.2f", bitsPerSecond / 1e9);
    }
}
