package dev.wirespeed.report;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Results as CSV (RFC 4180): one line per result, and for a sweep one line per row (size) of it,
 * with the server it ran against ({@code peer_host, peer_port, peer_tool, peer_tool_version,
 * peer_shared}; empty when not recorded),
 * the swept parameter in {@code row_key} / {@code row_value}. A column per parameter
 * ("param.bs") and per metric in its stored unit ("iops [1/s]", "bitsPerSecond [bit/s]"), values
 * in plain decimal (never E-notation), so a spreadsheet gets exact numbers. Columns are the union
 * over the exported results; absent cells are empty. A sweep's lines carry the row's metrics and,
 * where a row lacks one, the result's summary figure (CPU of the whole sweep).
 */
public final class CsvExport {
    private CsvExport() {}

    public static void write(List<StoredResult> results, PrintWriter out) {
        Set<String> params = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        Map<String, String> units = new HashMap<>();
        boolean anyRows = false;
        for (StoredResult r : results) {
            params.addAll(r.measurement().params().keySet());
            List<Metric> all = new ArrayList<>(r.measurement().summary());
            for (Measurement.Row row : r.measurement().rows()) {
                all.addAll(row.metrics());
                anyRows = true;
            }
            for (Metric m : all) {
                metrics.add(m.name());
                units.putIfAbsent(m.name(), m.unit());
            }
        }
        List<String> header = new ArrayList<>(List.of("id", "created_at", "run_id", "kind", "status", "tool",
                "tool_version", "test", "labels", "repetition", "peer_host", "peer_port", "peer_tool", "peer_tool_version",
                "peer_shared"));
        if (anyRows) {
            header.addAll(List.of("row_key", "row_value"));
        }
        params.forEach(p -> header.add("param." + p));
        metrics.forEach(m -> header.add(m + " [" + units.get(m) + "]"));
        line(out, header);
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            List<Measurement.Row> rows = m.rows().isEmpty() ? Collections.singletonList(null) : m.rows();
            for (Measurement.Row row : rows) {
                List<String> cells = new ArrayList<>(List.of(Long.toString(r.id()), r.createdAt(),
                        Long.toString(r.runId()), r.kind(), r.status().text(), m.tool(), nz(m.toolVersion()), m.test(),
                        String.join(" ", r.labels()), r.repetition() == null ? "" : r.repetition().toString()));
                Peer peer = r.peer();
                cells.addAll(peer == null ? List.of("", "", "", "", "") : List.of(nz(peer.host()),
                        peer.port() == null ? "" : peer.port().toString(), nz(peer.tool()), nz(peer.toolVersion()),
                        peer.shared()));
                if (anyRows) {
                    cells.add(row == null ? "" : row.key());
                    cells.add(row == null ? "" : Numbers.plain(row.keyValue()));
                }
                params.forEach(p -> cells.add(nz(m.params().get(p))));
                for (String name : metrics) {
                    var v = row == null ? Optional.<Metric>empty()
                            : row.metrics().stream().filter(x -> x.name().equals(name)).findFirst();
                    cells.add(v.or(() -> m.metric(name)).map(x -> Numbers.plain(x.value())).orElse(""));
                }
                line(out, cells);
            }
        }
        out.flush();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static void line(PrintWriter out, List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            String c = Printable.whole(cells.get(i)); // a stored word may hold anything
            b.append(c.matches(".*[\",\r\n].*") || c.startsWith(" ") ? '"' + c.replace("\"", "\"\"") + '"' : c);
        }
        out.print(b.append("\r\n"));
    }
}
