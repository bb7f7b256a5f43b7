package dev.wirespeed.cli;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.sys.NumaPlacement;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.iperf3.Iperf3Client;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.BitSet;
import java.util.Optional;

/**
 * {@code bw}'s TCP test, the run of options → spec → run → present when no mode option is given:
 * the client's config from bw's options, NUMA placement without -A, wirespeed's session or
 * iperf3's (--iperf3), shown and judged by bw's result chain. The modes' runs are their options'
 * ({@link LoadOptions}, {@link TripOptions}, {@link BwModeOptions}), which build on {@link #config}.
 */
final class TcpRun {
    private TcpRun() {}

    static int run(BwCommand bw, TestSpec test, PrintWriter out) throws IOException {
        Presenter<BwResult.BwParams, BwResult.IntervalReport, BwResult> presenter = bw.presenter(out,
                Presenter.bwText(test, bw.client.habits.rateUnit()), bw.jsonFormat::render, BwResult::serverOutput);
        BwResult result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback, bw.options.mptcp,
                (h, p) -> run(bw, h, p, test, presenter, out));
        return bw.chain().finish(presenter, ResultChain.BW, result);
    }

    private static BwResult run(BwCommand bw, String target, int targetPort, TestSpec test,
                                Presenter<BwResult.BwParams, BwResult.IntervalReport, BwResult> presenter,
                                PrintWriter out) throws IOException {
        BwOptions options = bw.options;
        BitSet place = null;
        BwResult.Placement placed = null;
        if (options.affinity == null && !bw.iperf3) {
            Optional<NumaPlacement.Placement> p = bw.host.numaPlacement(target, targetPort, test);
            if (p.isPresent()) {
                place = p.get().cpus().cpus();
                placed = p.get().result();
                if (!bw.json) {
                    out.println(placed.line());
                }
            }
        }
        if (options.mptcp) {
            Sockets.checkMptcp(); // a kernel without MPTCP: its one line, before the server is asked
        }
        BwClientConfig config = config(bw, target, targetPort, test).placeCpus(place)
                .clientPort(bw.client.habits.clientPort == null ? 0 : bw.client.habits.clientPort)
                .bindDevice(options.bindDevice(bw.spec)).flowLabel(options.flowLabel(bw.spec))
                .mptcp(options.mptcp)
                .serverOutput(bw.getServerOutput).build();
        TestListener<BwResult.BwParams, BwResult.IntervalReport> listener = bw.chain().listener(presenter.live());
        BwResult result = bw.iperf3 ? new Iperf3Client(config).run(listener) : new BwClient(config).run(listener);
        return placed == null ? result : result.withPlacement(placed);
    }

    /** A TCP test's client config from bw's options: the server, the timeouts, Ctrl-C, -B and -A. */
    static BwClientConfig.Builder config(BwCommand bw, String target, int targetPort, TestSpec test) {
        int timeoutMillis = bw.client.connectTimeoutMillis();
        return BwClientConfig.builder().host(target).port(targetPort).spec(test)
                .streamsChosenBy(bw.options.streamsChosenBy()).connectTimeoutMillis(timeoutMillis)
                .handshakeTimeoutMillis(timeoutMillis).interrupted(Interrupts::raised).bindAddress(bw.options.bind(bw.spec))
                .cpu(bw.options.clientCpu(bw.spec));
    }
}
