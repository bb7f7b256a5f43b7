package dev.wirespeed.cli;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.CrrResult;
import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LoadedLatencyResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one consumer of a client test's result (issue 27): its counters' notes are drawn
 * (diagnose judges, the engine only measures), then it is shown ({@link Presenter}), saved, and
 * judged into the exit code. Every bw and lat mode ends here.
 */
final class ResultChain {
    /** What the chain needs of one kind of result. */
    record Kind<R>(String rawFormat, UnaryOperator<R> noted, Function<R, List<Measurement>> measurements,
                   Function<R, BwResult.Outcome> outcome, Function<R, BwResult.Peer> server,
                   Function<R, Integer> sharedWithTests) {}

    static final Kind<BwResult> BW = new Kind<>("wirespeed-bw-json", TestCounters::noted, Measurements::of,
            BwResult::outcome, BwResult::server, BwResult::serverSharedWithTests);
    static final Kind<UdpResult> UDP = new Kind<>("wirespeed-udp-json", TestCounters::noted, Measurements::of,
            UdpResult::outcome, UdpResult::server, UdpResult::serverSharedWithTests);
    static final Kind<BwSweepResult> SWEEP = new Kind<>("wirespeed-bw-sweep-json", r -> r,
            r -> List.of(Measurements.of(r)), BwSweepResult::outcome, BwSweepResult::server,
            BwSweepResult::serverSharedWithTests);
    static final Kind<LatResult> LAT = new Kind<>("wirespeed-lat-json", TestCounters::noted,
            r -> List.of(Measurements.of(r)), LatResult::outcome, LatResult::server, LatResult::serverSharedWithTests);
    static final Kind<LoadedLatencyResult> LOADED_LATENCY = new Kind<>("wirespeed-loaded-latency-json", r -> r,
            r -> List.of(Measurements.of(r)), LoadedLatencyResult::outcome, LoadedLatencyResult::server, r -> null);
    static final Kind<TripTimesResult> TRIP_TIMES = new Kind<>("wirespeed-trip-times-json", r -> r,
            r -> List.of(Measurements.of(r)), TripTimesResult::outcome, TripTimesResult::server,
            r -> r.bandwidth() != null ? r.bandwidth().serverSharedWithTests()
                    : r.udpBandwidth() != null ? r.udpBandwidth().serverSharedWithTests() : null);
    static final Kind<IsochronousResult> ISOCHRONOUS = new Kind<>("wirespeed-isochronous-json", r -> r,
            r -> List.of(Measurements.of(r)), IsochronousResult::outcome, IsochronousResult::server,
            r -> r.udpBandwidth() != null ? r.udpBandwidth().serverSharedWithTests() : null);
    static final Kind<CrrResult> CONNECTION_RATE = new Kind<>("wirespeed-crr-json", r -> r,
            r -> List.of(Measurements.of(r)), CrrResult::outcome, CrrResult::server, r -> null);

    private final CommandSpec spec;
    private final String command;
    private final List<String> labels;
    private final ResultsSink sink;
    private final boolean ownServer;
    private final HostFacts host;

    /**
     * @param command   the store's kind of the run ("bw", "lat")
     * @param ownServer the test ran against an in-process server of its own (--loopback)
     * @param host      this host's facts, for the saved summary (read only when saving)
     */
    ResultChain(CommandSpec spec, String command, List<String> labels, ResultsSink sink, boolean ownServer,
                HostFacts host) {
        this.host = host;
        this.spec = spec;
        this.command = command;
        this.labels = labels;
        this.sink = sink;
        this.ownServer = ownServer;
    }

    /**
     * What a test tells as it runs: {@code shown}, once the store's open is awaited (a damaged
     * database ends the command before data flows); warnings go to stderr whatever stdout carries.
     */
    <P, I> TestListener<P, I> listener(TestListener<P, I> shown) {
        PrintWriter err = spec.commandLine().getErr();
        return new TestListener<>() {
            @Override
            public void connected(BwResult.Peer server, P params) {
                SaveOptions.awaitBeforeData(sink);
                shown.connected(server, params);
            }

            @Override
            public void interval(I report) {
                shown.interval(report);
            }

            @Override
            public void roundTrip(long rttNanos) {
                shown.roundTrip(rttNanos);
            }

            @Override
            public void warning(String line) {
                err.println(line);
                err.flush();
            }
        };
    }

    /** Notes, render, save, judge: the exit code of the finished test. */
    <R> int finish(Presenter<?, ?, R> presenter, Kind<R> kind, R measured) throws IOException {
        R r = kind.noted().apply(measured);
        presenter.result(r);
        BwResult.Outcome outcome = kind.outcome().apply(r);
        Saving.save(spec, labels, sink, command, kind.measurements().apply(r), kind.rawFormat(),
                Json.MAPPER.writeValueAsString(r), host.summary(), presenter.quiet(), outcome,
                Saving.peer(kind.server().apply(r), ownServer, kind.sharedWithTests().apply(r)));
        return Outcomes.exitCode(outcome, spec.commandLine().getErr(), spec.qualifiedName(" "));
    }
}
