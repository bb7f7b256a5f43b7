package dev.wirespeed.units;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The one number formatter of every command's text: counts with their noun ("1 result",
 * "3 sections"), figures to significant digits, plain decimals for files (never E-notation),
 * and durations. Sizes and rates keep {@link ByteSize} and {@link Rate}, which use these rules.
 */
public final class Numbers {
    private Numbers() {}

    /** "1 result", "0 results", "12 results". */
    public static String count(long n, String singular) {
        return count(n, singular, singular + "s");
    }

    /** "1 repetition", "2 series" — for nouns whose plural is not singular + "s". */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    /**
     * {@code digits} significant digits, trailing zeros of the fraction kept to that precision
     * ("24.7", "1.20", "0.0123", "1234"); whole numbers above the precision are not rounded away.
     */
    public static String significant(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(digits, RoundingMode.HALF_EVEN));
        if (d.precision() - d.scale() > digits) {
            // 12345 at 3 digits reads 12345, not 1.23E+4
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return d.toPlainString();
    }

    /** Exact decimal for CSV and other files: "24700000000", "0.5", "1.25e-7" never appears. */
    public static String plain(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** A fixed number of decimals, dot as separator whatever the locale. */
    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** "0:42", "12:05", "1:02:03" (hours only when needed). */
    public static String clock(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** A message size as people write it: "2 B", "512 B", "2 K", "64 K", "1 M" (binary, exact). */
    public static String size(double bytes) {
        long v = Math.round(bytes);
        String[] units = {"B", "K", "M", "G", "T"};
        int u = 0;
        while (u < units.length - 1 && v >= 1024 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return v + " " + units[u];
    }
}
