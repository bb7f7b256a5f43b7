package dev.wirespeed.rdma;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Measurement;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code bw --rdma} and {@code lat --rdma} (issue 27: out of the CLI): perftest on both ends through
 * {@link RdmaClient}, the result in the common model with its server and direction, judged against
 * this host's RDMA link by the same rules explain and doctor use.
 */
public final class RdmaTest {
    private RdmaTest() {}

    /** A finished run: perftest's own, the measurement, and the result-vs-link findings. */
    public record Judged(RdmaClient.Run run, Measurement measurement, List<Finding> verdict) {}

    /**
     * @param bandwidth a bandwidth test (bw), not a latency one (lat)
     * @param host      this host's facts, read when the result is judged
     */
    public static Judged run(RdmaClientConfig config, boolean bandwidth, Supplier<Facts> host) throws IOException {
        RdmaClient.Run run = new RdmaClient(config).run();
        Measurement m = withServer(run.measurement(), config.host(),
                bandwidth ? direction(config.program(), config.reverse()) : null);
        return new Judged(run, m, verdict(m, host.get()));
    }

    /**
     * As TCP's bw names it: upload (this host's data to HOST) or download (HOST's data here).
     * perftest's client writes and sends to its server, but reads from it; -R swaps the sides.
     */
    static String direction(String program, boolean reverse) {
        boolean fromClient = !program.startsWith("ib_read");
        return fromClient != reverse ? "upload" : "download";
    }

    /** @param direction null: none (a latency test; perftest -b's "both" comes from its output) */
    static Measurement withServer(Measurement m, String host, String direction) {
        Map<String, String> params = new LinkedHashMap<>(m.params());
        params.putIfAbsent("server", host);
        if (direction != null) {
            params.putIfAbsent("direction", direction);
        }
        return new Measurement(m.tool(), m.toolVersion(), m.test(), params, m.summary(), m.intervals(), m.rows(), m.source());
    }

    /**
     * This host's facts with the result added, through the standard rules: the result-vs-link rules
     * (bandwidth-below-link with RDMA framing and advice) fire exactly as in explain.
     */
    static List<Finding> verdict(Measurement m, Facts local) {
        List<Measurement> ms = new ArrayList<>(local.measurements());
        ms.add(m);
        Facts facts = new Facts(local.origin(), local.interfaces(), local.rdmaDevices(), local.pciFunctions(), local.cpu(),
                local.mounts(), local.settings(), local.tcp(), local.counters(), ms);
        return RuleSet.standard().diagnose(facts).stream()
                .filter(f -> f.rule().equals("bandwidth-below-link")).toList();
    }
}
