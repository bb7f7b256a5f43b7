package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.BwSweepResult.SweepRow;
import java.io.PrintWriter;
import java.util.Locale;

/** Human output of {@code bw -a}: perftest's {@code --report_gbit} columns, one row as each size finishes. */
public final class SweepText {
    private final PrintWriter out;
    private SweepProgress progress;
    private final java.util.function.LongSupplier clock;

    public SweepText(PrintWriter out) {
        this(out, System::nanoTime);
    }

    /** @param clock nanoseconds for the sweep's progress (a fixed clock in golden tests) */
    public SweepText(PrintWriter out, java.util.function.LongSupplier clock) {
        this.out = out;
        this.clock = clock;
    }

    public void header(BwResult.Peer server, BwSweepResult.SweepParams p) {
        out.println(BwText.connected(server));
        out.printf(Locale.ROOT, "TCP %s size sweep: %d %s, %s s per size; peak = best %.1f s interval, "
                        + "message = one write of #bytes%n", p.direction(), p.streams(),
                p.streams() == 1 ? "stream" : "streams", LatText.num(p.secondsPerSize()), p.peakIntervalSeconds());
        progress = new SweepProgress(p.sizesBytes().size(), p.secondsPerSize(), clock);
        out.println(progress.estimate());
        out.printf(Locale.ROOT, " %8s %12s %16s %19s %14s%n", "#bytes", "#messages", "BW peak[Gb/sec]",
                "BW average[Gb/sec]", "MsgRate[Mpps]");
        out.flush();
    }

    /** Two decimals, or six below 0.1 Gbit/s so that small messages do not read 0.00 (as perftest prints them). */
    static String gbits(double bitsPerSecond) {
        double g = bitsPerSecond / 1e9;
        return String.format(Locale.ROOT, g < 0.1 ? "%.6f" : "%.2f", g);
    }

    public void row(SweepRow r) {
        out.printf(Locale.ROOT, " %8d %12d %16s %19s %14.6f  %s%n", r.sizeBytes(), r.messages(),
                gbits(r.peakBitsPerSecond()), gbits(r.averageBitsPerSecond()), r.messagesPerSecond() / 1e6,
                progress == null ? "" : progress.step());
        out.flush();
    }
}
