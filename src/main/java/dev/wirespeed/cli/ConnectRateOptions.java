package dev.wirespeed.cli;

import dev.wirespeed.engine.lat.CrrClient;
import dev.wirespeed.engine.lat.CrrClientConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.report.CrrText;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.wire.ModeBounds;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code lat --connect}: connection rate (netperf TCP_CRR). Kept apart from {@link LatCommand}'s
 * ping-pong options; -t, -s, -B, --timeout and -J keep their meaning.
 */
final class ConnectRateOptions {
    static final double DEFAULT_SECONDS = 10;
    /** netperf TCP_CRR's default request and response: one byte each. */
    static final int DEFAULT_BYTES = 1;

    @Option(names = "--connect", description = "Connection rate (as netperf TCP_CRR): each transaction opens a TCP "
            + "connection, sends a request (-s, default 1 B), reads as many bytes back and closes; reports "
            + "transactions/s, connect/first byte/close latency and failures (refused, timed out, reset).")
    boolean connect;

    @Option(names = {"-P", "--parallel"}, paramLabel = "STREAMS",
            description = "With --connect: transactions in flight at once, one thread each (default 1, 1.."
                    + ModeBounds.MAX_CRR_STREAMS + ").")
    Integer parallel;

    void refuseAlone(CommandSpec spec) {
        if (!connect && parallel != null) {
            throw OptionRanges.usage(spec, "-P applies to lat --connect only (a ping-pong has one exchange in flight)");
        }
    }

    int run(LatCommand lat, PrintWriter out) throws IOException {
        CommandSpec spec = lat.spec;
        if (lat.udp || lat.all || lat.iterations != null || lat.warmup != null || lat.busyPoll || lat.affinity != null) {
            throw OptionRanges.usage(spec, "--connect runs TCP transactions for a time (-t): not with "
                    + (lat.udp ? "--udp" : lat.all ? "-a" : lat.iterations != null ? "-n" : lat.warmup != null
                    ? "--warmup" : lat.busyPoll ? "--busy-poll" : "-A"));
        }
        double seconds = lat.seconds == null ? DEFAULT_SECONDS : lat.seconds;
        OptionRanges.seconds(spec, "-t", seconds, 0.1, 86_400);
        int streams = parallel == null ? 1 : parallel;
        OptionRanges.range(spec, "-P", streams, 1, ModeBounds.MAX_CRR_STREAMS);
        int size = DEFAULT_BYTES;
        if (lat.sizeBytes != null) {
            OptionRanges.sizeRange(spec, "-s", lat.sizeBytes, 1, ModeBounds.MAX_CRR_BYTES);
            size = lat.sizeBytes.intValue();
        }
        OptionRanges.seconds(spec, "--timeout", lat.timeoutSeconds, 0.1, 600);
        int timeoutMillis = (int) Math.round(lat.timeoutSeconds * 1000);
        int requestBytes = size;
        try (ResultsSink sink = lat.client.save.openInBackground(spec)) {
            int targetPort = lat.client.loopback && !spec.commandLine().getParseResult().hasMatchedOption("-p") ? 0
                    : lat.port;
            // --json or text: --connect prints no JSON stream
            Presenter<CrrResult.Params, Void, CrrResult> presenter = new Presenter<>(Presenter.Form.of(lat.json, false),
                    out, Presenter.text(to -> new TestListener<>() {
                        @Override
                        public void connected(BwResult.Peer server, CrrResult.Params params) {
                            new CrrText(to).header(server, params);
                        }
                    }, (to, result) -> new CrrText(to).summary(result)), Json::pretty, null);
            ResultChain chain = new ResultChain(spec, "lat", lat.client.save.labels(spec), sink, lat.client.loopback,
                    new HostFacts());
            TestListener<CrrResult.Params, Void> listener = chain.listener(presenter.live());
            CrrResult result = Target.run(lat.client.host, targetPort, lat.client.loopback, (h, p) ->
                    new CrrClient(CrrClientConfig.builder().host(h).port(p).streams(streams).seconds(seconds)
                            .requestBytes(requestBytes).timeoutMillis(timeoutMillis)
                            .connectTimeoutMillis(lat.client.connectTimeoutMillis()).interrupted(Interrupts::raised)
                            .bindAddress(BwOptions.bind(spec, lat.bindAddress)).build())
                            .run(listener));
            return chain.finish(presenter, ResultChain.CONNECTION_RATE, result);
        }
    }
}
