package dev.wirespeed.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes in bytes. Parsing accepts binary suffixes as iperf and perftest users write them:
 * {@code 128K}, {@code 128KiB} and {@code 128k} all mean 131072 bytes; {@code M}, {@code G},
 * {@code T} likewise (powers of 1024). Formatting always labels the unit (KiB, MiB, GiB).
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile(
            "(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*(b|k|ki|kib|kb|m|mi|mib|mb|g|gi|gib|gb|t|ti|tib|tb)?\\s*");

    private ByteSize() {}

    /** Parses "64", "128K", "1.5MiB", "8G" into bytes; throws IllegalArgumentException naming the input. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (examples: 65536, 128K, 4M, 1G)");
        }
        double number = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        long multiplier = switch (unit.charAt(0)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1L;
        };
        double bytes = number * multiplier;
        if (bytes > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
        return Math.round(bytes);
    }

    /** "128.0 KiB", "1.50 GiB", "512 B": three significant digits, binary units. */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double value = bytes;
        int i = -1;
        while (value >= 1024 && i < units.length - 1) {
            value /= 1024;
            i++;
        }
        return threeDigits(value) + " " + units[i];
    }

    /** Exact binary form when the value is a whole number of KiB/MiB/GiB ("128 KiB"), else bytes. */
    public static String formatExact(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        long v = bytes;
        while (v != 0 && v % 1024 == 0 && i < units.length - 1) {
            v /= 1024;
            i++;
        }
        return v + " " + units[i];
    }

    static String threeDigits(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        } else if (value >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
