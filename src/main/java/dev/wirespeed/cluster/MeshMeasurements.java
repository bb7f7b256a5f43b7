package dev.wirespeed.cluster;

import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.wire.Wire;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mesh in the results store: one "mesh" result holding the whole {@link MeshResult} as its raw
 * JSON (median, counts in its summary), then one result per measured flow in the common model
 * (test "tcp-bw" or "rdma-write-bw" …), each with its pair's JSON — so `results list/compare`
 * see pair rates like any other, and the whole mesh is kept once, not once per pair. All of a
 * mesh's results share one run.
 */
public final class MeshMeasurements {
    public static final String TEST_MESH = "mesh";
    public static final String RAW_MESH = "wirespeed-mesh-json";
    public static final String RAW_PAIR = "wirespeed-mesh-pair-json";

    private MeshMeasurements() {}

    public static List<Item> items(MeshResult r, List<String> labels) {
        List<Item> items = new ArrayList<>();
        // the mesh's status is its outcome's: a mesh stopped by Ctrl-C or SIGTERM is interrupted, never done
        ResultStatus meshStatus = ResultStatus.ofOutcome(r.outcome().status());
        items.add(new Item(summary(r), labels, null, RAW_MESH, Json.MAPPER.writeValueAsString(r))
                .withStatus(meshStatus, meshStatus.done() ? null : r.outcome().message()));
        String test = r.params().engine() == MeshEngine.PERFTEST && r.params().perftest() != null
                ? Measurement.Tests.rdma(verb(r.params().perftest().test()), true) : Measurement.Tests.TCP_BW;
        String version = r.tool().version();
        for (PairResult p : r.pairs()) {
            if (!p.ok() && p.status() != PairStatus.INTERRUPTED) {
                continue;
            }
            String raw = Json.MAPPER.writeValueAsString(p);
            for (PairResult.Flow f : p.flows()) {
                Map<String, String> params = new LinkedHashMap<>();
                params.put("from", f.from());
                params.put("to", f.to());
                params.put("client", p.client());
                params.put("server", p.server());
                params.put("round", Integer.toString(p.round() + 1));
                params.put("status", p.status().label());
                params.put("engine", r.params().engine().label());
                if (r.params().streams() != null) {
                    params.put("streams", r.params().streams().toString());
                }
                params.put("durationSeconds", Num.trim(r.params().seconds()));
                List<Metric> summary = new ArrayList<>();
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, f.bitsPerSecond()));
                if (f.bytes() != null) {
                    summary.add(Metric.of(Metrics.BYTES, f.bytes()));
                }
                if (f.seconds() != null) {
                    summary.add(Metric.of(Metrics.SECONDS, f.seconds()));
                }
                if (f.retransmits() != null) {
                    summary.add(Metric.of(Metrics.RETRANSMITS, f.retransmits()));
                }
                // a pair cut short keeps what it measured, as interrupted: its figures cover less than -t
                items.add(new Item(new Measurement("wirespeed", version, test, params, summary, List.of(), List.of(),
                        "measured"), labels, null, RAW_PAIR, raw).withPeer(peer(p.server(), p.serverSharedWithTests()))
                        .withStatus(p.ok() ? ResultStatus.DONE : ResultStatus.INTERRUPTED, p.ok() ? null : p.message()));
            }
        }
        return items;
    }

    /**
     * The server side of a pair: its agent, by the label the mesh was given ("node01",
     * "127.0.0.1:5401"), and whether it ran another test beside the pair's as its server said
     * (issue 29); unknown when it did not say (perftest pairs, agents before issue 29).
     */
    static Peer peer(String server, Integer sharedWithTests) {
        try {
            Endpoint e = Endpoint.parse(server, Wire.DEFAULT_PORT);
            String shared = sharedWithTests == null ? Peer.SHARED_UNKNOWN
                    : sharedWithTests > 0 ? Peer.SHARED_YES : Peer.SHARED_NO;
            return new Peer(e.host(), e.port(), "wirespeed", null, shared);
        } catch (HostListException e) {
            return null;
        }
    }

    /** The mesh itself: its pattern and size, the median as its rate, and what it found. */
    static Measurement summary(MeshResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("pattern", r.params().pattern());
        params.put("engine", r.params().engine().label());
        params.put("hosts", Integer.toString(r.hosts().size()));
        params.put("expectPercent", Num.trim(r.params().expectPercent()));
        params.put("outcome", r.outcome().status().label());
        params.put("verdict", r.verdict().getLast());
        List<Metric> summary = new ArrayList<>();
        if (r.analysis().medianBitsPerSecond() != null) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND, r.analysis().medianBitsPerSecond()));
        }
        summary.add(new Metric("pairsMeasured", r.pairs().stream().filter(PairResult::ok).count(), "count"));
        summary.add(new Metric("pairsPlanned", r.params().pairs(), "count"));
        summary.add(new Metric("outliers", r.analysis().outliers().size(), "count"));
        summary.add(new Metric("suspects", r.analysis().suspects().size(), "count"));
        summary.add(Metric.of(Metrics.SECONDS, r.elapsedSeconds()));
        return new Measurement("wirespeed", r.tool().version(), TEST_MESH, params, summary, List.of(), List.of(), "measured");
    }

    /** "ib_write_bw" → "write". */
    static String verb(String test) {
        return test.replace("ib_", "").replace("_bw", "");
    }
}
