package dev.wirespeed.results;

import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Converts wirespeed's own detailed results into the common {@link Measurement} model. */
public final class Measurements {
    private Measurements() {}

    /**
     * One Measurement per direction of a bandwidth test (a --bidir test gives two). The summary
     * uses the receiver's figures (what arrived), the sender's retransmits, and both CPUs.
     */
    public static List<Measurement> of(BwResult r) {
        List<Measurement> out = new ArrayList<>();
        for (BwResult.DirectionResult d : r.directions()) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("direction", d.direction());
            params.put("streams", Integer.toString(r.params().streams()));
            if (r.params().durationSeconds() != null) {
                params.put("durationSeconds", num(r.params().durationSeconds()));
            }
            if (r.params().bytes() != null) {
                params.put("bytes", Long.toString(r.params().bytes()));
            }
            params.put("bufferBytes", Long.toString(r.params().bufferBytes()));
            if (r.params().windowBytes() != null) {
                params.put("windowBytes", Long.toString(r.params().windowBytes()));
            }
            if (r.params().congestion() != null) {
                params.put("congestion", r.params().congestion());
            }
            if (r.server() != null && r.server().address() != null) {
                params.put("server", r.server().address());
            }
            List<Metric> summary = new ArrayList<>();
            BwResult.Summary rx = d.receiverSummary();
            BwResult.Summary tx = d.senderSummary();
            BwResult.Summary main = rx != null ? rx : tx;
            if (main != null) {
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, main.bitsPerSecond()));
                summary.add(Metric.of(Metrics.BYTES, main.bytes()));
                summary.add(Metric.of(Metrics.SECONDS, main.seconds()));
            }
            double peak = d.intervals().stream().filter(i -> !i.omitted())
                    .mapToDouble(BwResult.IntervalReport::bitsPerSecond).max().orElse(Double.NaN);
            if (!Double.isNaN(peak)) {
                summary.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, peak));
            }
            if (tx != null && tx.retransmits() != null) {
                Long n = tx.retransmits().sockets() != null ? tx.retransmits().sockets() : tx.retransmits().hostWide();
                if (n != null) {
                    summary.add(Metric.of(Metrics.RETRANSMITS, n));
                }
            }
            if (r.cpu() != null && r.cpu().client() != null) {
                summary.add(Metric.of(Metrics.CPU_CLIENT_PERCENT, r.cpu().client().totalPercent()));
            }
            if (r.cpu() != null && r.cpu().server() != null) {
                summary.add(Metric.of(Metrics.CPU_SERVER_PERCENT, r.cpu().server().totalPercent()));
            }
            List<Measurement.Interval> intervals = d.intervals().stream()
                    .map(i -> new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(),
                            List.of(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()),
                                    Metric.of(Metrics.BYTES, i.bytes()))))
                    .toList();
            out.add(new Measurement("wirespeed", r.tool().version(), Measurement.Tests.TCP_BW, params, summary,
                    intervals, List.of(), "measured"));
        }
        return out;
    }

    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
