package dev.wirespeed.cluster;

import dev.wirespeed.units.Numbers;
import java.util.Locale;

/** Number formatting shared by the mesh's text, HTML and verdict lines. */
final class Num {
    private Num() {}

    /** "90", "2.5": no trailing ".0" ({@link Numbers#plain}, the one formatter of plain decimals). */
    static String trim(double v) {
        return Numbers.plain(v);
    }

    /** Whole seconds or one decimal: "12 s", "2.5 s". */
    static String seconds(double s) {
        return (s >= 10 || s == Math.rint(s) ? Long.toString(Math.round(s)) : String.format(Locale.ROOT, "%.1f", s)) + " s";
    }

    /** The one unit of a matrix: Gbit/s, Mbit/s or kbit/s, by the median (Gbit/s when unknown). */
    static double matrixUnit(Double medianBitsPerSecond) {
        return medianBitsPerSecond == null || medianBitsPerSecond >= 1e9 ? 1e9 : medianBitsPerSecond >= 1e6 ? 1e6 : 1e3;
    }

    static String matrixUnitName(double unit) {
        return unit == 1e9 ? "Gbit/s" : unit == 1e6 ? "Mbit/s" : "kbit/s";
    }

    /** Three significant digits at most: "191", "47.9", "2.65". */
    static String matrixValue(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
