package dev.wirespeed.cli;

import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.engine.lat.LoadedLatency;
import dev.wirespeed.engine.lat.LoadedLatencyListener;
import dev.wirespeed.engine.lat.LoadedLatencyConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.report.LoadedLatencyText;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.report.RateUnit;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LoadedLatencyResult;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code bw --latency}: latency under load (Flent's RRUL question). Kept apart from
 * {@link BwOptions} and {@link BwModeOptions}: the bandwidth test itself is unchanged, a ping-pong
 * ({@link LatClient}) runs beside it through {@link LoadedLatency}.
 */
final class LoadOptions {
    /** Flent's ping of a small packet; big enough for the UDP sequence number. */
    static final int PING_BYTES = 64;
    /** 100 pings a second: p99 of a 10 s load is 10 pings, and the probe takes no core from the load. */
    static final long PING_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    static final double DEFAULT_IDLE_SECONDS = 3;

    /** --latency's values, for completion. */
    static final class PingProtocols implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("tcp", "udp").iterator();
        }
    }

    @Option(names = "--latency", arity = "0..1", paramLabel = "tcp|udp", fallbackValue = "tcp",
            completionCandidates = PingProtocols.class,
            description = "Latency under load (bufferbloat): ping-pong on its own connection (tcp, the default, or "
                    + "udp), idle for --idle seconds, then beside the bandwidth test; reports the latency the load "
                    + "added at p50/p99/p99.9.")
    String latency;

    @Option(names = "--idle", paramLabel = "SECONDS",
            description = "With --latency: seconds of pings before the load starts (default 3, 0.5..600).")
    Double idleSeconds;

    boolean selected() {
        return latency != null;
    }

    /** Usage errors for options that need --latency. */
    void refuseAlone(CommandSpec spec) {
        if (latency == null && idleSeconds != null) {
            throw OptionRanges.usage(spec, "--idle applies to --latency only");
        }
    }

    /** Usage errors, before anything is opened (the store, a connection). */
    void validate(BwCommand bw, TestSpec tcp) {
        CommandSpec spec = bw.spec;
        String protocol = latency.toLowerCase(Locale.ROOT);
        if (!protocol.equals("tcp") && !protocol.equals("udp")) {
            throw OptionRanges.usage(spec, "--latency takes tcp or udp, not '" + latency + "'");
        }
        if (bw.modes.selected() || bw.iperf3 || bw.client.rdma.selected()) {
            throw OptionRanges.usage(spec, "--latency runs beside a TCP test against a wirespeed server: not with "
                    + (bw.iperf3 ? "--iperf3" : bw.client.rdma.selected() ? "--rdma" : bw.modes.udp ? "--udp"
                    : bw.modes.all ? "-a" : "-b"));
        }
        if (tcp.untilStopped() || tcp.bytes() > 0) {
            throw OptionRanges.usage(spec, "--latency needs a timed load (-t SECONDS), not " + (tcp.bytes() > 0 ? "-n" : "-t 0"));
        }
        OptionRanges.seconds(spec, "--idle", idleSeconds == null ? DEFAULT_IDLE_SECONDS : idleSeconds, 0.5, 600);
    }

    int run(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        String protocol = latency.toLowerCase(Locale.ROOT);
        double idle = idleSeconds == null ? DEFAULT_IDLE_SECONDS : idleSeconds;
        RateUnit unit = bw.client.habits.rateUnit();
        // live: bw's TCP lines (or stream events); the summary is the loaded latency's own
        Presenter<BwResult.BwParams, BwResult.IntervalReport, LoadedLatencyResult> presenter = bw.presenter(out,
                Presenter.<BwResult.BwParams, BwResult.IntervalReport, LoadedLatencyResult>text(
                        to -> Presenter.bwLive(to, tcp, unit),
                        (to, result) -> new LoadedLatencyText(to, unit).summary(result)),
                Json::pretty, null);
        LoadedLatencyResult result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback,
                (h, p) -> run(bw, h, p, tcp, protocol.equals("udp"), idle, out, presenter));
        return bw.chain().finish(presenter, ResultChain.LOADED_LATENCY, result);
    }

    private static LoadedLatencyResult run(BwCommand bw, String host, int port, TestSpec tcp, boolean udp, double idle,
                                           PrintWriter out, Presenter<BwResult.BwParams, BwResult.IntervalReport,
                                           LoadedLatencyResult> presenter) throws IOException {
        CommandSpec spec = bw.spec;
        int timeout = bw.client.connectTimeoutMillis();
        BwClientConfig load = TcpRun.config(bw, host, port, tcp).build();
        LatClientConfig pings = LatClientConfig.builder().host(host).port(port).udp(udp)
                .sizesBytes(List.of(PING_BYTES)).secondsPerSize(1.0).warmupIterations(0).busyPoll(false)
                .connectTimeoutMillis(timeout).timeoutMillis(10_000).interrupted(Interrupts::raised)
                .bindAddress(bw.options.bind(spec)).build();
        LoadedLatencyText text = new LoadedLatencyText(out, bw.client.habits.rateUnit());
        TestListener<BwResult.BwParams, BwResult.IntervalReport> warned = bw.chain().listener(presenter.live());
        LoadedLatency run = new LoadedLatency(new LoadedLatencyConfig(load, pings, idle, PING_INTERVAL_NANOS,
                Interrupts::raised));
        return run.run(new LoadedLatencyListener() {
            @Override
            public void pinging(BwResult.Peer server, LatResult.LatParams params) {
                if (!presenter.quiet()) {
                    text.pinging(new LoadedLatencyResult.Params(params.protocol(), PING_BYTES,
                            PING_INTERVAL_NANOS / 1e6, idle));
                }
            }

            @Override
            public void connected(BwResult.Peer server, BwResult.BwParams params) {
                warned.connected(server, params);
            }

            @Override
            public void interval(BwResult.IntervalReport report) {
                warned.interval(report);
            }

            @Override
            public void warning(String line) {
                warned.warning(line);
            }
        });
    }
}
