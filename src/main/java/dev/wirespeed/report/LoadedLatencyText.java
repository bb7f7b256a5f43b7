package dev.wirespeed.report;

import dev.wirespeed.results.LoadedLatencyResult;
import dev.wirespeed.results.LoadedLatencyResult.Phase;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Human output of latency under load ({@code bw --latency}): the bandwidth test as {@link BwText}
 * prints it, then the pings' round trips idle and under load, what the load added, and the
 * timeline of both on one time axis. Every figure comes from the {@link LoadedLatencyResult}
 * that {@code --json} prints.
 */
public final class LoadedLatencyText {
    private final PrintWriter out;
    private final RateUnit unit;

    public LoadedLatencyText(PrintWriter out, RateUnit unit) {
        this.out = out;
        this.unit = unit;
    }

    /** Before the load: what the pings are. */
    public void pinging(LoadedLatencyResult.Params p) {
        out.printf(Locale.ROOT, "Latency under load: %s pings of %d B every %s ms; %s s idle, then the load%n",
                p.protocol().toUpperCase(Locale.ROOT), p.sizeBytes(), num(p.pingIntervalMillis()), num(p.idleSeconds()));
        out.flush();
    }

    public void summary(LoadedLatencyResult r) {
        if (r.bandwidth() != null) {
            new BwText(out, false, unit).summary(r.bandwidth());
        }
        LoadedLatencyResult.Params p = r.params();
        out.printf(Locale.ROOT, "Round-trip latency, %s pings of %d B every %s ms (ms)%n",
                p.protocol().toUpperCase(Locale.ROOT), p.sizeBytes(), num(p.pingIntervalMillis()));
        out.printf(Locale.ROOT, "  %-8s %10s %10s %10s %10s %10s%n", "", "pings", "p50", "p99", "p99.9", "max");
        phase("idle", r.idle());
        phase("loaded", r.loaded());
        if (r.addedMicros() != null) {
            out.printf(Locale.ROOT, "  %-8s %10s %10s %10s %10s%n", "added", "", signedMillis(r.addedMicros().p50()),
                    signedMillis(r.addedMicros().p99()), signedMillis(r.addedMicros().p999()));
            // p99 is the headline (Flent's question); the median beside it, which a few stalls of a busy host do not move
            out.printf(Locale.ROOT, "bufferbloat: %s ms at p99, %s ms at p50 (%s)%n", signedMillis(r.addedMicros().p99()),
                    signedMillis(r.addedMicros().p50()), verdict(r.addedMicros().p50(), r.idle().p50Micros()));
        } else {
            out.println("bufferbloat: not measured (no round trip " + (r.idle().roundTrips() == 0 ? "before" : "during")
                    + " the load)");
        }
        if (r.timeline() != null && !r.timeline().intervals().isEmpty()) {
            out.printf(Locale.ROOT, "Timeline (s from the first ping; load %s–%s s)%n",
                    num(r.timeline().loadStartSeconds()), num(r.timeline().loadEndSeconds()));
            out.printf(Locale.ROOT, "  %-15s %14s %8s %10s %10s%n", "interval", "bandwidth", "pings", "RTT p50", "RTT p99");
            for (LoadedLatencyResult.Interval i : r.timeline().intervals()) {
                out.printf(Locale.ROOT, "  %-15s %14s %8d %10s %10s%n",
                        String.format(Locale.ROOT, "%.2f-%.2f", i.startSeconds(), i.endSeconds()),
                        i.bitsPerSecond() == null ? "idle" : Rate.format(i.bitsPerSecond()),
                        i.roundTrips(), i.rttP50Micros() == null ? "-" : millis(i.rttP50Micros()),
                        i.rttP99Micros() == null ? "-" : millis(i.rttP99Micros()));
            }
        }
        out.flush();
    }

    /**
     * The word on the median, which a few slow pings on a busy host do not move: 5 ms more and four
     * times the idle median is a queue the pings waited in; 1 ms is some queueing.
     */
    static String verdict(double addedP50Micros, double idleP50Micros) {
        if (addedP50Micros >= 5000 && addedP50Micros >= 4 * idleP50Micros) {
            return "a queue builds under load: the pings waited behind the load's data";
        }
        return addedP50Micros >= 1000 ? "some queueing" : "little queueing";
    }

    private void phase(String name, Phase ph) {
        if (ph.roundTrips() == 0) {
            out.printf(Locale.ROOT, "  %-8s %10d %10s %10s %10s %10s%n", name, 0, "-", "-", "-", "-");
            return;
        }
        out.printf(Locale.ROOT, "  %-8s %10d %10s %10s %10s %10s%s%n", name, ph.roundTrips(), millis(ph.p50Micros()),
                millis(ph.p99Micros()), millis(ph.p999Micros()), millis(ph.maxMicros()),
                ph.lostPackets() != null && ph.lostPackets() > 0 ? "  (" + ph.lostPackets() + " lost)" : "");
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000);
    }

    private static String signedMillis(double micros) {
        return (micros >= 0 ? "+" : "") + millis(micros);
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
