package dev.wirespeed.report;

import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.store.StoredResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Results as CSV (RFC 4180): one line per result, a column per parameter ("param.bs") and per
 * summary metric in its stored unit ("iops [1/s]", "bitsPerSecond [bit/s]"), so a spreadsheet
 * gets exact numbers. Columns are the union over the exported results; absent cells are empty.
 */
public final class CsvExport {
    private CsvExport() {}

    public static void write(List<StoredResult> results, PrintWriter out) {
        Set<String> params = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        java.util.Map<String, String> units = new java.util.HashMap<>();
        for (StoredResult r : results) {
            params.addAll(r.measurement().params().keySet());
            for (Metric m : r.measurement().summary()) {
                metrics.add(m.name());
                units.putIfAbsent(m.name(), m.unit());
            }
        }
        List<String> header = new ArrayList<>(List.of("id", "created_at", "run_id", "kind", "tool", "tool_version", "test",
                "labels", "repetition"));
        params.forEach(p -> header.add("param." + p));
        metrics.forEach(m -> header.add(m + " [" + units.get(m) + "]"));
        line(out, header);
        for (StoredResult r : results) {
            List<String> cells = new ArrayList<>(List.of(Long.toString(r.id()), r.createdAt(), Long.toString(r.runId()),
                    r.kind(), r.measurement().tool(), nz(r.measurement().toolVersion()), r.measurement().test(),
                    String.join(" ", r.labels()), r.repetition() == null ? "" : r.repetition().toString()));
            params.forEach(p -> cells.add(nz(r.measurement().params().get(p))));
            metrics.forEach(m -> cells.add(r.measurement().metric(m).map(x -> number(x.value())).orElse("")));
            line(out, cells);
        }
        out.flush();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static void line(PrintWriter out, List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            String c = cells.get(i);
            b.append(c.matches(".*[\",\r\n].*") || c.startsWith(" ") ? '"' + c.replace("\"", "\"\"") + '"' : c);
        }
        out.print(b.append("\r\n"));
    }
}
