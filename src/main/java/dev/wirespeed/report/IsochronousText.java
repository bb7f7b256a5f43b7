package dev.wirespeed.report;

import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Human output of frames at a frame rate ({@code bw --isochronous}): the UDP test as {@link UdpText}
 * prints it, then the frames (sent, slips, complete, incomplete, lost, late, jitter), the frame
 * latency when the clocks agree (or why it is absent), and one row per interval. Every figure comes
 * from the {@link IsochronousResult} that {@code --json} prints.
 */
public final class IsochronousText {
    private final PrintWriter out;
    private final RateUnit unit;

    public IsochronousText(PrintWriter out, RateUnit unit) {
        this.out = out;
        this.unit = unit;
    }

    public void summary(IsochronousResult r) {
        if (r.udpBandwidth() != null) {
            new UdpText(out, false, unit).summary(r.udpBandwidth());
        }
        IsochronousResult.Params p = r.params();
        out.printf(Locale.ROOT, "Isochronous: %d frames/s, mean %s%s, %s, datagrams of %d B%n",
                p.framesPerSecond(), Rate.format(p.meanBitsPerSecond()), p.streams() > 1 ? " per stream" : "",
                p.stdevBitsPerSecond() == 0
                        ? "every frame the mean's size" : "stdev " + Rate.format(p.stdevBitsPerSecond()) + " (log-normal)",
                p.datagramBytes());
        IsochronousResult.Frames f = r.frames();
        if (f == null) {
            out.println("frames: none reported by the server");
            out.flush();
            return;
        }
        boolean warmUp = r.udpBandwidth() != null && r.udpBandwidth().params().omitSeconds() > 0;
        out.printf(Locale.ROOT, "  sent %d frames, %d slips (frame ticks the sender missed)%s%n", f.sent(), f.slips(),
                warmUp ? "; the warm-up's included, the received counts start after it" : "");
        out.printf(Locale.ROOT, "  received %d complete, %d incomplete, %d lost: %s%% of frames damaged or lost%n",
                f.complete(), f.incomplete(), f.lost(), Numbers.fixed(f.lossPercent(), 2));
        out.printf(Locale.ROOT, "  late %d (%s%% of complete frames: took over one frame period, %s ms%s)%n", f.late(),
                Numbers.fixed(f.latePercent(), 2), Numbers.fixed(1000.0 / p.framesPerSecond(), 3),
                f.latency() != null ? "" : ", more than the fastest frame");
        out.printf(Locale.ROOT, "  frame jitter %s ms (RFC 3550, whole frames against their send times)%n",
                millis(f.jitterMicros()));
        TripTimesResult.Figures l = f.latency();
        if (l != null) {
            String error = TripTimesText.bound(r.clocks());
            out.printf(Locale.ROOT, "  frame latency (first datagram sent to last received, ms%s): min %s, p50 %s, "
                    + "p99 %s, max %s over %d frames%n", error.isEmpty() ? "" : ", each " + error, millis(l.minMicros()),
                    millis(l.p50Micros()), millis(l.p99Micros()), millis(l.maxMicros()), l.count());
        } else if (r.latencyNote() != null) {
            out.println("  " + r.latencyNote());
        }
        if (f.slips() > 0) {
            out.println("  the sender missed frame ticks: its host could not keep the frame clock (CPU, timer slack)");
        }
        if (r.timeline() != null && !r.timeline().isEmpty()) {
            boolean latency = r.timeline().stream().anyMatch(i -> i.latencyP50Micros() != null);
            out.printf(Locale.ROOT, "Per interval (s, server's time)%n");
            out.printf(Locale.ROOT, "  %-13s %14s %9s %10s %6s %6s %10s%s%n", "interval", "received", "complete",
                    "incomplete", "lost", "late", "jitter ms", latency ? "    p50 ms    p99 ms" : "");
            for (IsochronousResult.Interval i : r.timeline()) {
                out.printf(Locale.ROOT, "  %-13s %14s %9d %10d %6d %6d %10s%s%s%n",
                        String.format(Locale.ROOT, "%.2f-%.2f", i.startSeconds(), i.endSeconds()),
                        i.bitsPerSecond() == null ? "-" : Rate.format(i.bitsPerSecond()), i.complete(), i.incomplete(),
                        i.lost(), i.late(), millis(i.jitterMicros()),
                        latency ? String.format(Locale.ROOT, " %9s %9s", i.latencyP50Micros() == null ? "-"
                                : millis(i.latencyP50Micros()), i.latencyP99Micros() == null ? "-"
                                : millis(i.latencyP99Micros())) : "",
                        i.omitted() ? "  (warm-up)" : "");
            }
        }
        out.flush();
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000);
    }
}
