package dev.wirespeed.cluster;

import java.util.Locale;

/** Number formatting shared by the mesh's text, HTML and verdict lines. */
final class Num {
    private Num() {}

    /** "90", "2.5": no trailing ".0". */
    static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }

    /** Whole seconds or one decimal: "12 s", "2.5 s". */
    static String seconds(double s) {
        return (s >= 10 || s == Math.rint(s) ? Long.toString(Math.round(s)) : String.format(Locale.ROOT, "%.1f", s)) + " s";
    }
}
