package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.Command;
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

/**
 * A fio job direction in the common result model (test "fio"; params rw, bs, iodepth, numjobs, direction,
 * and {@code target}: the file or directory from {@code --filename}/{@code --directory}, the typed command's
 * or the JSON's job options, so a rule can tell a run over an NFS mount from a local disk's).
 */
final class FioMeasurements {
    private FioMeasurements() {}

    static Measurement of(FioJob j, String version, String target) {
        Map<String, String> p = new LinkedHashMap<>();
        put(p, "job", j.job());
        p.put("direction", j.direction());
        put(p, "rw", j.rw());
        put(p, "bs", j.blockSize());
        put(p, "iodepth", j.iodepth());
        put(p, "numjobs", j.numjobs());
        put(p, "ioengine", j.ioengine());
        put(p, TARGET, target);
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

    /** The params key of the file or directory fio read and wrote. */
    static final String TARGET = "target";

    /**
     * The file or directory a typed fio command names: {@code --filename=F} (the first of a ':' list; "-filename"
     * too) or {@code --directory=D}; null when none is typed (a job file, or no command shown).
     */
    static String target(Command c) {
        if (c == null || !c.program().equals("fio")) {
            return null;
        }
        String dir = null;
        for (int i = 0; i < c.args().size(); i++) {
            String a = c.args().get(i).replaceFirst("^--?", "");
            String value = a.contains("=") ? a.substring(a.indexOf('=') + 1)
                    : i + 1 < c.args().size() ? c.args().get(i + 1) : "";
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (name.equals("filename") && !value.isEmpty()) {
                return value.split(":")[0];
            }
            if (name.equals("directory") && !value.isEmpty()) {
                dir = value.split(":")[0];
            }
        }
        return dir;
    }

    private static void put(Map<String, String> p, String k, Object v) {
        if (v != null) {
            p.put(k, v.toString());
        }
    }

}
