package dev.wirespeed.cli;

import dev.wirespeed.engine.BwClient;
import dev.wirespeed.engine.TripTimesClient;
import dev.wirespeed.engine.TripTimesRefusal;
import dev.wirespeed.engine.UdpBwClient;
import dev.wirespeed.report.TripTimesText;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
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
            throw Check.usage(spec, "--trip-times: iperf3 has no trip times (one-way latency); run `wirespeed server`"
                    + " on HOST and leave out --iperf3");
        }
        if (rdma || sweep || latency || iperf3Json) {
            throw Check.usage(spec, "--trip-times measures a TCP or UDP upload: not with " + (rdma ? "--rdma"
                    : sweep ? "-a" : latency ? "--latency" : "--json-format iperf3"));
        }
    }

    /** Usage errors of the test itself. */
    void validate(CommandSpec spec, TestSpec tcp) {
        if (tcp.direction() != Direction.UPLOAD) {
            throw Check.usage(spec, "--trip-times measures the client's writes as the server reads them: not with "
                    + (tcp.direction() == Direction.BIDIR ? "--bidir" : "-R"));
        }
        if (tcp.zeroCopy() || tcp.skipRxCopy()) {
            throw Check.usage(spec, "--trip-times stamps every write and reads every stamp: not with "
                    + (tcp.zeroCopy() ? "-Z" : "--skip-rx-copy"));
        }
        if (tcp.bufferBytes() < TestSpec.TRIP_STAMP_BYTES) {
            throw Check.usage(spec, "--trip-times needs writes of at least " + TestSpec.TRIP_STAMP_BYTES
                    + " bytes (-l): each begins with its stamp");
        }
    }

    int run(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        CommandSpec spec = bw.spec;
        boolean udp = bw.modes.udp;
        TestSpec test = udp ? bw.modes.udpSpec(bw, tcp.toBuilder().tripTimes(true).build())
                : tcp.toBuilder().tripTimes(true).build();
        TripTimesResult result;
        try {
            result = Target.run(bw.client.host, bw.targetPort(), bw.client.loopback,
                    (h, p) -> udp ? runUdp(bw, h, p, test, out) : runTcp(bw, h, p, test, out));
        } catch (TripTimesRefusal e) {
            throw new Failure(e.getMessage(), e.usage() ? ExitCode.USAGE : ExitCode.FAILURE);
        }
        if (bw.json) {
            out.println(Json.pretty(result));
        } else if (bw.client.habits.jsonStream) {
            JsonStream.event(out, "end", result);
        } else {
            new TripTimesText(out, bw.client.habits.rateUnit()).summary(result);
        }
        out.flush();
        Integer shared = result.bandwidth() != null ? result.bandwidth().serverSharedWithTests()
                : result.udpBandwidth() != null ? result.udpBandwidth().serverSharedWithTests() : null;
        bw.saveResults(List.of(Measurements.of(result)), "wirespeed-trip-times-json", result, result.outcome(),
                result.server(), shared);
        return Outcomes.exitCode(result.outcome(), spec.commandLine().getErr(), spec.qualifiedName(" "));
    }

    private static TripTimesClient.Listener clocksTo(BwCommand bw, PrintWriter out) {
        boolean text = !bw.json && !bw.client.habits.jsonStream;
        TripTimesText shown = new TripTimesText(out, bw.client.habits.rateUnit());
        return new TripTimesClient.Listener() {
            @Override
            public void clocks(TripTimesResult.Clocks clocks) {
                if (text) {
                    shown.clocks(clocks);
                }
            }
        };
    }

    private static TripTimesResult runTcp(BwCommand bw, String host, int port, TestSpec test, PrintWriter out)
            throws IOException {
        CommandSpec spec = bw.spec;
        int timeout = bw.client.connectTimeoutMillis();
        BwClient.Config config = BwClient.Config.builder().host(host).port(port).spec(test)
                .streamsChosenBy(bw.options.streamsChosenBy()).connectTimeoutMillis(timeout)
                .handshakeTimeoutMillis(timeout).interrupted(Interrupts::raised).bindAddress(bw.options.bind(spec))
                .cpu(bw.options.clientCpu(spec)).bindDevice(bw.options.bindDevice(spec)).build();
        BwClient.Listener shown = bw.json ? new BwClient.Listener() {}
                : bw.client.habits.jsonStream ? JsonStream.listener(out)
                : BwCommand.textListener(out, test, bw.client.habits.rateUnit());
        return TripTimesClient.tcp(config, BwCommand.warningsTo(spec.commandLine().getErr(), bw.sink(), shown),
                clocksTo(bw, out));
    }

    private static TripTimesResult runUdp(BwCommand bw, String host, int port, TestSpec test, PrintWriter out)
            throws IOException {
        UdpBwClient.Listener listener = BwModeOptions.udpListener(bw, test, out);
        UdpBwClient.Config config = UdpBwClient.Config.builder().host(host).port(port).spec(test)
                .connectTimeoutMillis(bw.client.connectTimeoutMillis()).interrupted(Interrupts::raised).build();
        return TripTimesClient.udp(config, listener, clocksTo(bw, out));
    }
}
