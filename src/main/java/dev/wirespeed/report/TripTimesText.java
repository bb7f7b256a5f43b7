package dev.wirespeed.report;

import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.TripTimesResult.Figures;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Human output of one-way latency ({@code bw --trip-times}): how the clocks agree, the bandwidth test
 * as {@link BwText} or {@link UdpText} prints it, then the one-way (and for TCP write-to-read)
 * latency at p50/p99/p99.9 with min, mean and max, each beside the clocks' error bound, the bytes
 * in progress (iperf2's inP) and one row per interval. Every figure comes from the
 * {@link TripTimesResult} that {@code --json} prints.
 */
public final class TripTimesText {
    private final PrintWriter out;
    private final RateUnit unit;

    public TripTimesText(PrintWriter out, RateUnit unit) {
        this.out = out;
        this.unit = unit;
    }

    /** Before the data: how we know the clocks agree (printed first, so a reader sees it beside the intervals). */
    public void clocks(TripTimesResult.Clocks clocks) {
        if (clocks != null) {
            out.println(clocks.text());
            out.flush();
        }
    }

    public void summary(TripTimesResult r) {
        if (r.bandwidth() != null) {
            new BwText(out, false, unit).summary(r.bandwidth());
        } else if (r.udpBandwidth() != null) {
            new UdpText(out, false, unit).summary(r.udpBandwidth());
        }
        boolean tcp = "tcp".equals(r.protocol());
        String error = bound(r.clocks());
        out.printf(Locale.ROOT, "One-way latency, client to server (ms%s)%n", error.isEmpty() ? "" : ", each " + error);
        out.printf(Locale.ROOT, "  %-14s %10s %10s %10s %10s %10s %10s %10s%n", "", tcp ? "writes" : "datagrams", "min",
                "p50", "p99", "p99.9", "max", "mean");
        row(tcp ? "first byte" : "one-way", r.oneWay());
        if (tcp) {
            row("write-to-read", r.writeToRead());
        }
        if (r.oneWay() != null && r.oneWay().belowZero() > 0) {
            out.printf(Locale.ROOT, "  %d read before they were sent by the two clocks (within their error; counted as 0)%n",
                    r.oneWay().belowZero());
        }
        if (r.inProgressBytes() != null) {
            out.printf(Locale.ROOT, "in progress: %s between the writes and the reads (received rate x mean %s latency,"
                    + " Little's law; iperf2's inP)%n", ByteSize.format(Math.round(r.inProgressBytes())),
                    tcp ? "write-to-read" : "one-way");
        }
        if (r.timeline() != null && !r.timeline().isEmpty()) {
            out.printf(Locale.ROOT, "Per interval (s, server's time; ms)%n");
            out.printf(Locale.ROOT, "  %-13s %14s %10s %10s %10s %10s%n", "interval", "received",
                    tcp ? "writes" : "datagrams", "p50", "p99", "max");
            for (TripTimesResult.Interval i : r.timeline()) {
                Figures f = tcp && i.writeToRead() != null ? i.writeToRead() : i.oneWay();
                out.printf(Locale.ROOT, "  %-13s %14s %10s %10s %10s %10s%s%n",
                        String.format(Locale.ROOT, "%.2f-%.2f", i.startSeconds(), i.endSeconds()),
                        i.bitsPerSecond() == null ? "-" : Rate.format(i.bitsPerSecond()),
                        f == null ? "0" : Long.toString(f.count()), f == null ? "-" : millis(f.p50Micros()),
                        f == null ? "-" : millis(f.p99Micros()), f == null ? "-" : millis(f.maxMicros()),
                        i.omitted() ? "  (warm-up)" : "");
            }
            if (tcp) {
                out.println("  (TCP rows: write-to-read)");
            }
        }
        out.flush();
    }

    private void row(String name, Figures f) {
        if (f == null) {
            out.printf(Locale.ROOT, "  %-14s %10d %10s %10s %10s %10s %10s %10s%n", name, 0, "-", "-", "-", "-", "-", "-");
            return;
        }
        out.printf(Locale.ROOT, "  %-14s %10d %10s %10s %10s %10s %10s %10s%n", name, f.count(), millis(f.minMicros()),
                millis(f.p50Micros()), millis(f.p99Micros()), millis(f.p999Micros()), millis(f.maxMicros()),
                millis(f.meanMicros()));
    }

    /** "±1.500 ms (maxerror)" beside every figure, or nothing for one clock. */
    static String bound(TripTimesResult.Clocks c) {
        if (c == null || TripTimesResult.Clocks.ONE_KERNEL.equals(c.agreement())) {
            return "";
        }
        return "±" + millis(c.errorBoundMicros()) + " (sum of both clocks' maxerror)";
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000);
    }
}
