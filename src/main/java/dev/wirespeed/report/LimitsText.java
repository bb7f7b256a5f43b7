package dev.wirespeed.report;

import dev.wirespeed.limits.LimitsReport;
import dev.wirespeed.limits.PathLimit;
import dev.wirespeed.limits.Stage;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.Locale;

/** Text of `wirespeed limits`: per path, its stages with raw and usable rates, then the bottleneck. */
public final class LimitsText {
    private final PrintWriter out;

    public LimitsText(PrintWriter out) {
        this.out = out;
    }

    public void print(LimitsReport report) {
        if (report.paths().isEmpty()) {
            out.println("limits: no linked port or PCIe link with a known rate (" + report.source() + ")");
            return;
        }
        boolean first = true;
        for (PathLimit p : report.paths()) {
            if (!first) {
                out.println();
            }
            first = false;
            path(p);
        }
    }

    public void path(PathLimit p) {
        out.println(p.name());
        int width = 4;
        for (Stage s : p.stages()) {
            width = Math.max(width, s.name().length());
        }
        out.printf(Locale.ROOT, "  %-4s  %-" + width + "s  %12s  %12s%n", "", "", "raw", "usable");
        for (Stage s : p.stages()) {
            out.printf(Locale.ROOT, "  %-4s  %-" + width + "s  %12s  %12s  %s%n", s.kind(), s.name(),
                    Rate.format(s.rawBitsPerSecond()), Rate.format(s.usableBitsPerSecond()), s.assumption());
        }
        Stage b = p.bottleneck();
        out.println("  ceiling: " + Rate.format(p.ceilingBitsPerSecond()) + " — bottleneck: " + b.name());
    }
}
