package dev.wirespeed.cli;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.rdma.RdmaClient;
import dev.wirespeed.report.RdmaText;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bw --rdma} and {@code lat --rdma}: perftest on both ends (the server at HOST starts its
 * side), the result in the common model, judged against this host's RDMA link by the same rules
 * explain and doctor use, and saved like any other result.
 */
final class RdmaRun {
    private RdmaRun() {}

    /** What the command chose. */
    record Request(String host, int port, double connectTimeoutSeconds, RdmaOptions rdma, PerftestArgs.Options options,
                   List<String> passThrough, boolean bandwidth, boolean json, String kind, List<String> labels,
                   boolean reverse) {}

    static int run(CommandSpec spec, Request r, ResultsSink sink) throws IOException {
        return run(spec, r, sink, spec.commandLine().getOut());
    }

    /** @param out where the text or JSON goes (--logfile, line prefixes), usually the command's output */
    static int run(CommandSpec spec, Request r, ResultsSink sink, PrintWriter out) throws IOException {
        String program = r.rdma().program(spec, r.bandwidth());
        List<String> args = PerftestArgs.build(r.options(), r.passThrough() == null ? List.of() : r.passThrough());
        r.rdma().check(spec, args, program);
        if (!r.json()) {
            RdmaText.start(out, program, r.host(), r.port(), r.reverse(), args);
            out.flush();
        }
        RdmaClient.Run run = new RdmaClient(new RdmaClient.Config(r.host(), r.port(), program, args,
                (int) Math.round(r.connectTimeoutSeconds() * 1000), Interrupts::raised, r.reverse())).run();
        // perftest's client writes and sends to its server, but reads from it
        boolean fromClient = !program.startsWith("ib_read");
        Measurement m = withServer(run.measurement(), r.host(),
                r.bandwidth() ? fromClient != r.reverse() ? "upload" : "download" : null);
        List<Finding> verdict = verdict(m);
        if (r.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("measurement", m);
            doc.put("command", run.command());
            doc.put("findings", verdict);
            out.println(Json.pretty(doc));
        } else {
            RdmaText.result(out, run.output(), m, r.bandwidth(), verdict);
        }
        out.flush();
        // The peer is the wirespeed server at HOST:PORT that ran perftest's other side; it does not tell its
        // version over the kind R session, nor whether it served other tests at the time.
        Saving.save(spec, r.labels(), sink, r.kind(), List.of(m), "text", run.output(), Saving.thisHost(), r.json(),
                null, new Peer(r.host(), r.port(), "wirespeed", null, null));
        return ExitCode.OK;
    }

    /**
     * @param direction as TCP's bw names it: upload (this host's data to HOST), download (HOST's data
     *                  here), or null; perftest -b's "both" comes from its output
     */
    private static Measurement withServer(Measurement m, String host, String direction) {
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
    static List<Finding> verdict(Measurement m) {
        Facts local = Inspection.read(Path.of("/"), null, new CommandFacts());
        List<Measurement> ms = new ArrayList<>(local.measurements());
        ms.add(m);
        Facts facts = new Facts(local.origin(), local.interfaces(), local.rdmaDevices(), local.pciFunctions(), local.cpu(),
                local.mounts(), local.settings(), local.tcp(), local.counters(), ms);
        return RuleSet.standard().diagnose(facts).stream()
                .filter(f -> f.rule().equals("bandwidth-below-link")).toList();
    }
}
