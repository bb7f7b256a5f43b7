package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.BwSweepResult.SweepRow;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/** Human output of {@code bw -a}: perftest's {@code --report_gbit} columns, one row as each size finishes. */
public final class SweepText {
    private final PrintWriter out;
    private SweepProgress progress;
    private final LongSupplier clock;
    private final RateUnit unit;

    public SweepText(PrintWriter out) {
        this(out, RateUnit.ADAPTIVE);
    }

    /** @param unit the BW columns' unit (-f); wirespeed's own choice is perftest's Gb/sec */
    public SweepText(PrintWriter out, RateUnit unit) {
        this(out, System::nanoTime, unit);
    }

    /** @param clock nanoseconds for the sweep's progress (a fixed clock in golden tests) */
    public SweepText(PrintWriter out, LongSupplier clock) {
        this(out, clock, RateUnit.ADAPTIVE);
    }

    public SweepText(PrintWriter out, LongSupplier clock, RateUnit unit) {
        this.out = out;
        this.clock = clock;
        this.unit = unit;
    }

    public void header(BwResult.Peer server, BwSweepResult.SweepParams p) {
        out.println(BwText.connected(server));
        out.printf(Locale.ROOT, "TCP %s size sweep: %d %s, %s s per size; peak = best %.1f s interval, "
                        + "message = one write of #bytes%n", p.direction(), p.streams(),
                p.streams() == 1 ? "stream" : "streams", LatText.num(p.secondsPerSize()), p.peakIntervalSeconds());
        progress = new SweepProgress(p.sizesBytes().size(), p.secondsPerSize(), clock);
        out.println(progress.estimate());
        String label = columnUnit(unit.letter());
        out.printf(Locale.ROOT, " %8s %12s %16s %19s %14s%n", "#bytes", "#messages", "BW peak[" + label + "]",
                "BW average[" + label + "]", "MsgRate[Mpps]");
        out.flush();
    }

    /** Two decimals, or six below 0.1 (Gbit/s) so that small messages do not read 0.00 (as perftest prints them). */
    private static String scaled(double value) {
        return String.format(Locale.ROOT, value < 0.1 ? "%.6f" : "%.2f", value);
    }

    /** The BW columns' label for iperf3's -f letter, in perftest's spelling (Gb/sec). */
    static String columnUnit(char letter) {
        return switch (letter) {
            case 'k' -> "Kb/sec";
            case 'm' -> "Mb/sec";
            case 'K' -> "KiB/sec";
            case 'M' -> "MiB/sec";
            case 'G' -> "GiB/sec";
            default -> "Gb/sec";
        };
    }

    /** A BW column's figure in the unit of {@code -f} (Gbit/s without it). */
    static String bw(double bitsPerSecond, RateUnit unit) {
        return scaled(unit.value(bitsPerSecond));
    }

    public void row(SweepRow r) {
        out.printf(Locale.ROOT, " %8d %12d %16s %19s %14.6f%s%n", r.sizeBytes(), r.messages(),
                bw(r.peakBitsPerSecond(), unit), bw(r.averageBitsPerSecond(), unit),
                r.messagesPerSecond() / 1e6,
                progress == null ? "" : "  " + progress.step());
        out.flush();
    }
}
