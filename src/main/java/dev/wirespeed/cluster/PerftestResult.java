package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.Optional;

/**
 * The summary row of a perftest bandwidth run, as an agent answers it ({@code PerftestDone}): the
 * agent protocol's own record, so the protocol does not change with the result model. Built from
 * the one reading of perftest's output ({@link dev.wirespeed.perftest.PerftestOutput}).
 *
 * @param bitsPerSecond     "BW average", converted to bit/s
 * @param peakBitsPerSecond "BW peak", converted to bit/s; null where perftest prints 0.00 (not measured)
 * @param sizeBytes         "#bytes" of the row
 * @param iterations        "#iterations"
 * @param messagesPerSecond "MsgRate[Mpps]" × 10^6
 * @param linkType          the header's "Link type" (IB, Ethernet), when printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PerftestResult(double bitsPerSecond, Double peakBitsPerSecond, long sizeBytes, long iterations,
                             Double messagesPerSecond, String linkType) {

    /**
     * A bandwidth measurement's summary (of an -a sweep, the last, largest size); empty without one:
     * no table, a latency table, or --output=bandwidth's bare average (it prints no iterations).
     */
    static Optional<PerftestResult> of(Measurement m) {
        if (m == null) {
            return Optional.empty();
        }
        Optional<Metric> average = m.metric(Metrics.BITS_PER_SECOND);
        Optional<Metric> iterations = m.metric(Metrics.ITERATIONS);
        String size = m.params().get("sizeBytes");
        if (average.isEmpty() || iterations.isEmpty() || size == null) {
            return Optional.empty();
        }
        return Optional.of(new PerftestResult(average.get().value(), value(m, Metrics.PEAK_BITS_PER_SECOND),
                Long.parseLong(size), (long) iterations.get().value(), value(m, Metrics.MESSAGES_PER_SECOND),
                m.params().get("linkType")));
    }

    private static Double value(Measurement m, String metric) {
        return m.metric(metric).map(Metric::value).orElse(null);
    }
}
