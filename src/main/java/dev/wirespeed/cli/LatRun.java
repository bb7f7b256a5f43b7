package dev.wirespeed.cli;

import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lat}'s ping-pong test, the run of options → spec → run → present: {@link LatClient} against
 * HOST or the in-process server, a progress line on a terminal, shown and judged by the result chain.
 * {@code --connect} runs in {@link ConnectRateOptions}, {@code --rdma} in {@link RdmaRun}.
 */
final class LatRun {
    private LatRun() {}

    /** @param port -p, or the port HOST:PORT named */
    static int run(CommandSpec spec, ClientOptions client, boolean json, int port, LatClientConfig config)
            throws IOException {
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json && !client.habits.jsonStream);
        try (ResultsSink sink = client.save.openInBackground(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            // --loopback: the in-process server listens on -p when given, else on any free port
            int targetPort = client.loopback && !spec.commandLine().getParseResult().hasMatchedOption("-p") ? 0 : port;
            Presenter<LatResult.LatParams, LatResult.LatRow, LatResult> presenter = new Presenter<>(
                    Presenter.Form.of(json, client.habits.jsonStream), out, Presenter.latText(), Json::pretty, null);
            ResultChain chain = new ResultChain(spec, "lat", client.save.labels(spec), sink, client.loopback,
                    new HostFacts());
            LatResult result;
            // On a terminal (not --logfile, not JSON), a line says which size runs and for how long so far.
            try (ProgressLine progress = new ProgressLine(out, out == spec.commandLine().getOut() && !json
                    && !client.habits.jsonStream && Terminal.isTerminal())) {
                LatProgress running = new LatProgress();
                progress.show(running);
                TestListener<LatResult.LatParams, LatResult.LatRow> listener =
                        chain.listener(running.around(presenter.live(progress.writer())));
                result = Target.run(client.host, targetPort, client.loopback,
                        (h, p) -> new LatClient(at(config, h, p)).run(listener));
            }
            return chain.finish(presenter, ResultChain.LAT, result);
        }
    }

    private static LatClientConfig at(LatClientConfig c, String host, int port) {
        return c.toBuilder().host(host).port(port).build();
    }
}
