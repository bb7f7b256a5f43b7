package dev.wirespeed.cli;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.lat.TripTimesClient;
import dev.wirespeed.engine.lat.TripTimesClientListener;
import dev.wirespeed.engine.session.TripTimesRefusal;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.report.RateUnit;
import dev.wirespeed.report.TripTimesText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code bw --trip-times} (iperf2's option): one-way latency of a TCP or UDP upload, when both clocks
 * are known to agree. Kept apart from {@link BwOptions}: the bandwidth test is unchanged but for the
 * stamps, and {@link TripTimesClient} adds the clocks' check and the server's figures.
 */
final class TripOptions {
    @Option(names = "--trip-times", description = "One-way latency (iperf2's --trip-times): the client stamps each "
            + "write (TCP) or datagram (UDP) with its wall clock, the server reports one-way and write-to-read "
            + "latency at p50/p99/p99.9. Runs only when both ends share one kernel's clock or both clocks are "
            + "synchronised (NTP/PTP, read with adjtimex); the error bound is printed beside every figure.")
    boolean tripTimes;

    boolean selected() {
        return tripTimes;
    }

    /** Usage errors that need no test spec, before --rdma or a mode runs. */
    void refuseWith(CommandSpec spec, boolean rdma, boolean iperf3, boolean sweep, boolean latency, boolean iperf3Json) {
        if (!tripTimes) {
            return;
        }
        if (iperf3) {
            throw OptionRanges.usage(spec, "--trip-times: iperf3 has no trip times (one-way latency); run `wirespeed server`"
                    + " on HOST and leave out --iperf3");
        }
        if (rdma || sweep || latency || iperf3Json) {
            throw OptionRanges.usage(spec, "--trip-times measures a TCP or UDP upload: not with " + (rdma ? "--rdma"
                    : sweep ? "-a" : latency ? "--latency" : "--json-format iperf3"));
        }
    }

    /** Usage errors of the test itself. */
    void validate(CommandSpec spec, TestSpec tcp, BwOptions options) {
        if (tcp.direction() != Direction.UPLOAD) {
            throw OptionRanges.usage(spec, "--trip-times measures the client's writes as the server reads them: not with "
                    + (tcp.direction() == Direction.BIDIR ? "--bidir" : "-R"));
        }
        if (options.dataPathFlag() != null) {
            throw OptionRanges.usage(spec, "--trip-times stamps every write and reads every stamp: not with "
                    + options.dataPathFlag());
        }
        if (tcp.bufferBytes() < TestSpec.TRIP_STAMP_BYTES) {
            throw OptionRanges.usage(spec, "--trip-times needs writes of at least " + TestSpec.TRIP_STAMP_BYTES
                    + " bytes (-l): each begins with its stamp");
        }
    }

    int run(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        boolean udp = bw.modes.udp;
        TestSpec test = udp ? bw.modes.udpSpec(bw, tcp.toBuilder().tripTimes(true).build())
                : tcp.toBuilder().tripTimes(true).build();
        RateUnit unit = bw.client.habits.rateUnit();
        TripTimesResult result;
        try {
            result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback,
                    (h, p) -> udp ? runUdp(bw, h, p, test, out, unit) : runTcp(bw, h, p, test, out, unit));
        } catch (TripTimesRefusal e) {
            throw new Failure(e.getMessage(), e.usage() ? ExitCode.USAGE : ExitCode.FAILURE);
        }
        // the summary is the trip times' own; the live lines were the bandwidth test's
        Presenter<Object, Object, TripTimesResult> presenter = bw.presenter(out,
                Presenter.<Object, Object, TripTimesResult>text(to -> TestListener.none(),
                        (to, r) -> new TripTimesText(to, unit).summary(r)), Json::pretty, null);
        return bw.chain().finish(presenter, ResultChain.TRIP_TIMES, result);
    }

    private static TripTimesClientListener clocksTo(BwCommand bw, PrintWriter out, RateUnit unit) {
        boolean text = !bw.json && !bw.client.habits.jsonStream;
        TripTimesText shown = new TripTimesText(out, unit);
        return new TripTimesClientListener() {
            @Override
            public void clocks(TripTimesResult.Clocks clocks) {
                if (text) {
                    shown.clocks(clocks);
                }
            }
        };
    }

    private static TripTimesResult runTcp(BwCommand bw, String host, int port, TestSpec test, PrintWriter out,
                                          RateUnit unit) throws IOException {
        Presenter<BwResult.BwParams, BwResult.IntervalReport, BwResult> live = bw.presenter(out,
                Presenter.bwText(test, unit), r -> "", null);
        return TripTimesClient.tcp(TcpRun.config(bw, host, port, test).bindDevice(bw.options.bindDevice(bw.spec)).build(), bw.chain().listener(live.live()),
                clocksTo(bw, out, unit));
    }

    private static TripTimesResult runUdp(BwCommand bw, String host, int port, TestSpec test, PrintWriter out,
                                          RateUnit unit) throws IOException {
        Presenter<TestSpec, UdpResult.UdpInterval, UdpResult> live = bw.presenter(out,
                Presenter.udpText(test, unit), r -> "", null);
        UdpBwClientConfig config = UdpBwClientConfig.builder().host(host).port(port).spec(test)
                .connectTimeoutMillis(bw.client.connectTimeoutMillis()).interrupted(Interrupts::raised).build();
        return TripTimesClient.udp(config, bw.chain().listener(live.live()), clocksTo(bw, out, unit));
    }
}
