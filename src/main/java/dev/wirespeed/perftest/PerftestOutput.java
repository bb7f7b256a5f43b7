package dev.wirespeed.perftest;

import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.results.Measurement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a perftest run wirespeed started measured, read with explain's perftest parser (units,
 * CPU-frequency warnings inside the table, -a sweeps as rows) into the common {@link Measurement}:
 * the one reading of perftest output for bw/lat --rdma and an agent's runs.
 */
public final class PerftestOutput {
    private PerftestOutput() {}

    /**
     * The first perftest table in {@code output} with a summary, with {@code program} as its "test"
     * parameter and source "measured"; null when there is none.
     */
    public static Measurement measurement(String output, String program) {
        for (Parsed parsed : PerftestParser.blocks(output)) {
            for (Measurement m : parsed.measurements()) {
                if (!m.summary().isEmpty()) {
                    Map<String, String> params = new LinkedHashMap<>(m.params());
                    params.putIfAbsent("test", program);
                    return new Measurement(m.tool(), m.toolVersion(), m.test(), params, m.summary(), m.intervals(),
                            m.rows(), "measured");
                }
            }
        }
        return null;
    }
}
