package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.ResultMetrics;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A fio job direction in the common result model (test "fio"; params rw, bs, iodepth, numjobs, direction). */
final class FioMeasurements {
    private FioMeasurements() {}

    static Measurement of(FioJob j, String version) {
        Map<String, String> p = new LinkedHashMap<>();
        put(p, "job", j.job());
        p.put("direction", j.direction());
        put(p, "rw", j.rw());
        put(p, "bs", j.blockSize());
        put(p, "iodepth", j.iodepth());
        put(p, "numjobs", j.numjobs());
        put(p, "ioengine", j.ioengine());
        List<Metric> s = new ArrayList<>();
        ResultMetrics.add(s, Metrics.IOPS, j.iops());
        ResultMetrics.add(s, Metrics.BITS_PER_SECOND, j.bandwidth());
        ResultMetrics.add(s, Metrics.LATENCY_AVG_MICROS, j.latencyAvg());
        ResultMetrics.add(s, Metrics.CLAT_AVG_MICROS, j.clatAvg());
        // fio prints one kind of percentiles: completion latency, or total latency with --lat_percentiles=1
        ResultMetrics.add(s, Metrics.LATENCY_P50_MICROS, j.clatP50() != null ? j.clatP50() : j.latP50());
        ResultMetrics.add(s, Metrics.LATENCY_P99_MICROS, j.clatP99() != null ? j.clatP99() : j.latP99());
        ResultMetrics.add(s, Metrics.LATENCY_P999_MICROS, j.clatP999() != null ? j.clatP999() : j.latP999());
        if (j.runtime() != null) {
            s.add(Metric.of(Metrics.SECONDS, j.runtime().value() / 1e6));
        }
        return new Measurement("fio", version, Tests.FIO, p, s, List.of(), List.of(), "parsed");
    }

    private static void put(Map<String, String> p, String k, Object v) {
        if (v != null) {
            p.put(k, v.toString());
        }
    }

}
