package dev.wirespeed.explain;

import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.RunFailure;
import dev.wirespeed.parse.Source;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.ArrayList;
import java.util.List;

/**
 * The failed runs of a block: those its parser marked (a {@link RunFailure} record), and any bandwidth
 * run whose receiver counted nothing (0 bit/s received, or every datagram lost): a receiver count of
 * zero is no rate (issue 26).
 */
final class RunFailures {
    private RunFailures() {}

    static List<RunFailure> of(Parsed block) {
        List<RunFailure> out = new ArrayList<>(block.all(RunFailure.class));
        for (int k = 0; k < block.measurements().size(); k++) {
            int run = k;
            if (out.stream().anyMatch(f -> f.run() != null && f.run() == run)) {
                continue;
            }
            Measurement m = block.measurements().get(k);
            if (m.test() == null || !m.test().endsWith("-bw")) {
                continue;
            }
            boolean none = m.metric(Metrics.BITS_PER_SECOND).map(x -> x.value() == 0).orElse(false)
                    || m.metric(Metrics.LOSS_PERCENT).map(x -> x.value() >= 100).orElse(false);
            if (none) {
                out.add(new RunFailure(m.tool(), RunFailure.RECEIVER_EMPTY, "the receiver counted nothing ("
                        + m.metric(Metrics.LOSS_PERCENT).map(x -> "100 % lost").orElse("0 bit/s") + ")", null, null, run,
                        block.records().isEmpty() ? new Source(block.firstLine(), "")
                                : block.records().getFirst().source()));
            }
        }
        return out;
    }

    /**
     * A failed run's measurement with no rate as its result: the rate the tool printed is what its
     * sender sent (kept as sentBitsPerSecond when above zero), never what arrived.
     */
    static Measurement notARate(Measurement m) {
        List<Measurement.Metric> summary = new ArrayList<>();
        for (Measurement.Metric x : m.summary()) {
            if (x.name().equals(Metrics.BITS_PER_SECOND)) {
                if (x.value() > 0 && m.metric(Metrics.SENT_BITS_PER_SECOND).isEmpty()) {
                    summary.add(Measurement.Metric.of(Metrics.SENT_BITS_PER_SECOND, x.value()));
                }
            } else {
                summary.add(x);
            }
        }
        return new Measurement(m.tool(), m.toolVersion(), m.test(), m.params(), summary, m.intervals(), m.rows(), m.source());
    }
}
