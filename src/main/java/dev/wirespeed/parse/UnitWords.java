package dev.wirespeed.parse;

import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Unit words as the tools print them, converted to base units. Facts behind the factors:
 * iperf2/iperf3 print transfers in binary units ("GBytes" = 2^30 B) and rates in decimal bits
 * ("Gbits/sec" = 10^9 bit/s); perftest's "MB/sec" is 2^20 B/s and its "Gb/sec" (--report_gbit)
 * is bytes/125,000,000 (perftest_resources.c, format_factor); qperf prints decimal units.
 */
public final class UnitWords {
    private UnitWords() {}

    /** "62,478" → 62478; "1.5" → 1.5; anything else → NaN. */
    public static double number(String text) {
        if (text == null) {
            return Double.NaN;
        }
        String t = text.strip().replace(",", "");
        if (t.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Integer or null. */
    public static Integer integer(String text) {
        double v = number(text);
        return Double.isNaN(v) || v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE ? null : (int) v;
    }

    /** Decimal prefix factor for k, M, G, T (case-insensitive); 1 for none. */
    static double decimal(char prefix) {
        return switch (Character.toUpperCase(prefix)) {
            case 'K' -> 1e3;
            case 'M' -> 1e6;
            case 'G' -> 1e9;
            case 'T' -> 1e12;
            default -> 1;
        };
    }

    /** Binary prefix factor for K, M, G, T (case-insensitive); 1 for none. */
    static double binary(char prefix) {
        return switch (Character.toUpperCase(prefix)) {
            case 'K' -> 1024.0;
            case 'M' -> 1024.0 * 1024;
            case 'G' -> 1024.0 * 1024 * 1024;
            case 'T' -> 1024.0 * 1024 * 1024 * 1024;
            default -> 1;
        };
    }

    /**
     * A bit rate: "Gbits/sec", "Mbit/s", "Gb/sec", "Gbps", "bits/sec" (decimal). Returns NaN for a
     * unit that is not a bit rate.
     */
    public static double bitRate(double value, String unit) {
        String u = unit.strip();
        if (!u.matches("(?i)[kmgt]?(bits?|b)(/s|/sec|ps)")) {
            return Double.NaN;
        }
        char p = u.charAt(0);
        return value * (Character.toLowerCase(p) == 'b' ? 1 : decimal(p));
    }

    /** iperf's byte words ("GBytes", "KByte", "Bytes"): binary factors. NaN for other units. */
    public static double iperfBytes(double value, String unit) {
        String u = unit.strip();
        if (!u.matches("(?i)[kmgt]?bytes?")) {
            return Double.NaN;
        }
        char p = u.charAt(0);
        return value * (Character.toLowerCase(p) == 'b' ? 1 : binary(p));
    }

    /** A time in microseconds from "ns", "nsec", "us", "usec", "ms", "msec", "s", "sec". */
    public static double micros(double value, String unit) {
        return switch (unit.strip().toLowerCase(Locale.ROOT)) {
            case "ns", "nsec" -> value / 1000;
            case "us", "usec", "µs" -> value;
            case "ms", "msec" -> value * 1000;
            case "s", "sec" -> value * 1e6;
            default -> Double.NaN;
        };
    }

    /** Human text with the unit always labelled. */
    public static String format(double value, String unit) {
        if (Double.isNaN(value)) {
            return "?";
        }
        return switch (unit) {
            case "bit/s" -> Rate.format(value);
            case "B" -> value >= 1024 ? ByteSize.format(Math.round(value)) : trim(value) + " B";
            case "B/s" -> (value >= 1024 ? ByteSize.format(Math.round(value)) : trim(value) + " B") + "/s";
            case "us" -> value >= 10_000 ? String.format(Locale.ROOT, "%.1f ms", value / 1000) : trim(value) + " us";
            case "count" -> trim(value);
            case "1/s" -> perSecond(value);
            default -> trim(value) + " " + unit;
        };
    }

    private static String perSecond(double v) {
        if (v >= 1e6) {
            return trim(Math.round(v / 1e4) / 100.0) + " M/s";
        }
        if (v >= 1e3) {
            return trim(Math.round(v / 10) / 100.0) + " k/s";
        }
        return trim(v) + "/s";
    }

    /** 5 → "5", 5.04 → "5.04", 0.0507939 → "0.0507939": at most six significant digits. */
    public static String trim(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        return s;
    }
}
