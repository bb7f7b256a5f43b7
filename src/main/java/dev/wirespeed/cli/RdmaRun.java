package dev.wirespeed.cli;

import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.rdma.RdmaClientConfig;
import dev.wirespeed.rdma.RdmaTest;
import dev.wirespeed.report.RdmaText;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bw --rdma} and {@code lat --rdma} on the command line: the options' program and arguments,
 * {@link RdmaTest} (perftest on both ends, the direction, the verdict), shown ({@link RdmaText} or
 * JSON) and saved like any other result.
 */
final class RdmaRun {
    private RdmaRun() {}

    /** What the command chose. */
    record Request(String host, int port, double connectTimeoutSeconds, RdmaOptions rdma, PerftestArgs.Options options,
                   List<String> passThrough, boolean bandwidth, boolean json, String kind, List<String> labels,
                   boolean reverse) {}

    /**
     * {@code bw --rdma} ({@code bandwidth}) or {@code lat --rdma}, after the command's checks and
     * {@link BwSpec#rdma}/{@link LatSpec#rdma}: its output, its store, the run.
     */
    static int run(CommandSpec spec, ClientOptions client, int port, boolean json, PerftestArgs.Options o,
                   boolean bandwidth, boolean reverse) throws IOException {
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json);
        try (ResultsSink sink = client.save.open(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            return run(spec, new Request(client.host, port, client.connectTimeoutSeconds, client.rdma, o,
                    client.passThrough, bandwidth, json, bandwidth ? "bw" : "lat", client.save.labels(spec), reverse),
                    sink, out);
        }
    }

    /** @param out where the text or JSON goes (--logfile, line prefixes), usually the command's output */
    static int run(CommandSpec spec, Request r, ResultsSink sink, PrintWriter out) throws IOException {
        HostFacts host = new HostFacts(); // read once: the verdict and the saved summary
        String program = r.rdma().program(spec, r.bandwidth());
        List<String> args = PerftestArgs.build(r.options(), r.passThrough() == null ? List.of() : r.passThrough());
        r.rdma().check(spec, args, program);
        if (!r.json()) {
            RdmaText.start(out, program, r.host(), r.port(), r.reverse(), args);
            out.flush();
        }
        RdmaTest.Judged judged = RdmaTest.run(new RdmaClientConfig(r.host(), r.port(), program, args,
                (int) Math.round(r.connectTimeoutSeconds() * 1000), Interrupts::raised, r.reverse()), r.bandwidth(), host);
        Measurement m = judged.measurement();
        if (r.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("measurement", m);
            doc.put("command", judged.run().command());
            doc.put("findings", judged.verdict());
            out.println(Json.pretty(doc));
        } else {
            RdmaText.result(out, judged.run().output(), m, r.bandwidth(), judged.verdict());
        }
        out.flush();
        // The peer is the wirespeed server at HOST:PORT that ran perftest's other side; it does not tell its
        // version over the kind R session, nor whether it served other tests at the time.
        Saving.save(spec, r.labels(), sink, r.kind(), List.of(m), "text", judged.run().output(), host.summary(), r.json(),
                null, new Peer(r.host(), r.port(), "wirespeed", null, null));
        return ExitCode.OK;
    }
}
