package dev.wirespeed.cli;

import dev.wirespeed.check.HostCheck;
import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Verdict;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.limits.LimitsReport;
import dev.wirespeed.report.BwText;
import dev.wirespeed.report.CheckText;
import dev.wirespeed.report.DoctorText;
import dev.wirespeed.report.LimitsText;
import dev.wirespeed.report.SharingText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "check",
        header = "Is it fast? Host, path limits, TCP and UDP tests, with a verdict.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Is it fast? doctor (this host's NICs, PCIe, ports, governor), the limits of the path, a TCP test",
            "to HOST (or over loopback), the latency (TCP ping-pong at 64 B, p50/p99 one-way), a 2 s UDP test at the",
            "path's MTU on Ethernet and RoCE paths (received rate, loss, the socket's drops; not on InfiniBand),",
            "and the verdict: the rate as a share of the ceiling, the bottleneck and its fix."},
        footer = {"", "Examples:",
            "  wirespeed check                 this host: doctor, limits of its NICs, loopback test",
            "  wirespeed check 10.0.0.2        test to a 'wirespeed server' and judge the path to it",
            "  wirespeed check 10.0.0.2 -t 10 --json",
            "",
            "Exit codes: 0 ok and healthy, 3 doctor found warnings or errors, 1 the test failed, 2 bad usage, 130 Ctrl-C."})
public final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "HOST",
            description = "A wirespeed server to test against (default: an in-process server on loopback).")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Server port (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC", defaultValue = "5",
            description = "Seconds of the bandwidth test (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--via", paramLabel = "IFACE",
            description = "The interface the test goes through (default: the kernel's route to HOST).")
    String via;

    @Mixin
    HostOptions hostOptions;

    @Mixin
    SaveOptions save;

    @Option(names = {"-J", "--json"}, description = "Print only JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        OptionRanges.seconds(spec, "-t", seconds, 0.5, 600);
        OptionRanges.range(spec, "-p", port, 1, 65535);
        PrintWriter out = spec.commandLine().getOut();
        try (ResultsSink sink = save.open(spec)) {
            return check(out, sink);
        }
    }

    private int check(PrintWriter out, ResultsSink sink) throws IOException {
        Path root = hostOptions.root(spec);

        // The sections, in order. Each is computed, then printed (text) or kept for the JSON.
        // 1. doctor: the host's facts and findings.
        HostCheck.Doctor checked = HostCheck.doctor(root);
        Facts facts = checked.facts();
        DoctorReport doctor = checked.report();
        if (!json) {
            DoctorText text = new DoctorText(out);
            text.inventory(facts);
            out.println();
            text.findings(doctor.findings());
            out.println();
        }
        // 2. limits: the path the test takes (HOST), or every NIC path (loopback).
        String iface = interfaceUnderTest();
        HostCheck.Limits paths = HostCheck.limits(facts, iface);
        LimitsReport limits = paths.report();
        if (!json) {
            new LimitsText(out).print(limits);
            out.println();
        }
        // 3. bandwidth: TCP to HOST or over loopback; 4. latency: 64 B ping-pong to the same server.
        HostCheck.Measured measured = measure(out);
        BwResult bandwidth = measured.bandwidth();
        // 5. the verdict.
        Verdict verdict = HostCheck.verdict(bandwidth, iface, paths, doctor);
        BwResult zeroCopy = null;
        if (HostCheck.cpuBoundBelowCeiling(bandwidth, verdict)) {
            zeroCopy = measureZeroCopy(out, bandwidth.params().streams());
            BwResult.Summary zc = zeroCopy.outcome().ok() ? zeroCopy.directions().getFirst().receiverSummary() : null;
            if (zc != null) {
                verdict = verdict.withZeroCopy(zc.bitsPerSecond());
            }
        }
        // 6. UDP on Ethernet and RoCE paths (and loopback): a short unpaced test at the path's MTU.
        String udpSkipped = bandwidth.outcome().ok() ? HostCheck.udpSkipReason(paths) : null;
        UdpResult udp = bandwidth.outcome().ok() && udpSkipped == null ? measureUdp(out, paths) : null;
        if (udp != null && verdict != null) {
            verdict = withUdp(verdict, udp);
        }
        HostCheck.Result result = new HostCheck.Result(HostCheck.Result.SCHEMA, doctor, limits, bandwidth, zeroCopy,
                measured.latency(), udp, udpSkipped, verdict);
        if (json) {
            out.println(Json.pretty(result));
        } else {
            new BwText(out, false).summary(bandwidth);
            if (measured.latency() != null) {
                out.println(CheckLatency.line(measured.latency(), host == null ? "loopback" : host));
                String shared = SharingText.line(measured.latency().serverSharedWithTests(),
                        SharingText.LATENCY);
                if (shared != null) {
                    out.println(shared);
                }
            }
            if (udp != null) {
                out.println(CheckUdp.line(udp, host == null ? "loopback" : host));
            } else if (udpSkipped != null) {
                out.println("udp: not run: " + udpSkipped);
            }
        }
        out.flush();
        // Saved before the verdict is printed: the verdict stays the last line.
        List<Measurement> saved = new ArrayList<>(Measurements.of(bandwidth));
        if (measured.latency() != null) {
            saved.add(Measurements.of(measured.latency()));
        }
        if (udp != null) {
            saved.addAll(Measurements.of(udp));
        }
        Saving.save(spec, save.labels(spec), sink, "check", saved, "wirespeed-check-json",
                Json.MAPPER.writeValueAsString(result), Saving.thisHost(), json, bandwidth.outcome(),
                Saving.peer(bandwidth.server(), host == null, result.serverSharedWithTests()));
        if (!json) {
            CheckText.verdict(out, verdict, bandwidth.outcome().message(), doctor);
        }
        out.flush();
        int code = BwCommand.exitCodeOf(bandwidth, spec.commandLine().getErr(), spec.qualifiedName(" "));
        return code != ExitCode.OK ? code : doctor.healthy() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** The interface named by --via, the route to HOST, "lo" for loopback; null when unknown. */
    private String interfaceUnderTest() throws IOException {
        if (via != null) {
            return via;
        }
        return host == null ? "lo" : Routes.interfaceTo(host, port).orElse(null);
    }

    private HostCheck.Measured measure(PrintWriter out) throws IOException {
        int streams = BwOptions.defaultStreams();
        TestSpec test = HostCheck.bandwidthSpec(streams, seconds);
        if (!json) {
            out.printf(Locale.ROOT, "check: TCP to %s, %d %s (%s), %s s…%n", host == null ? "loopback" : host, streams,
                    streams == 1 ? "stream" : "streams", BwOptions.defaultStreamsRule(), Numbers.plain(seconds));
            out.flush();
        }
        // On a terminal, a line says how far the TCP test is, then that the latency test runs.
        try (ProgressLine progress = ProgressLine.on(out, json)) {
            long startNanos = System.nanoTime();
            progress.show(() -> measuring(startNanos));
            return onTarget((target, targetPort) -> HostCheck.measure(target, targetPort, test,
                    BwOptions.defaultStreamsRule(), Interrupts::raised));
        }
    }

    /** "check: TCP test, 2.1 of 5 s…", then "check: 64 B latency ping-pong, 0.8 s…" (by the clock: the test says nothing). */
    private String measuring(long startNanos) {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        if (elapsed <= seconds) {
            return String.format(Locale.ROOT, "check: TCP test, %.1f of %s s…", elapsed, Numbers.plain(seconds));
        }
        return String.format(Locale.ROOT, "check: TCP test done; 64 B latency ping-pong, %.1f s…", elapsed - seconds);
    }

    /** The UDP test's figures added to the verdict, with the worst note on its own counters. */
    private static Verdict withUdp(Verdict verdict, UdpResult udp) {
        UdpResult.UdpReceiverSummary s = udp.directions().isEmpty() ? null
                : udp.directions().getFirst().receiverSummary();
        if (!udp.outcome().ok() || s == null) {
            return verdict;
        }
        var note = udp.counters() == null ? null : udp.counters().headline();
        return verdict.withUdp(udp.params().datagramBytes(), s.bitsPerSecond(), s.lossPercent(), s.socketDrops(),
                note == null ? null : note.message());
    }

    /** Step 6: a UDP test of {@link HostCheck#UDP_MILLIS} at the path's MTU against the same server. */
    private UdpResult measureUdp(PrintWriter out, HostCheck.Limits paths) throws IOException {
        int datagram = HostCheck.udpDatagramBytes(paths);
        TestSpec test = HostCheck.udpSpec(datagram);
        if (!json) {
            out.printf(Locale.ROOT, "check: UDP to %s, %d B datagrams, unpaced, %d s…%n", host == null ? "loopback" : host,
                    datagram, HostCheck.UDP_MILLIS / 1000);
            out.flush();
        }
        try (ProgressLine progress = ProgressLine.on(out, json)) {
            long startNanos = System.nanoTime();
            progress.show(() -> String.format(Locale.ROOT, "check: UDP test, %.1f s…",
                    (System.nanoTime() - startNanos) / 1e9));
            return onTarget((target, targetPort) -> HostCheck.measureUdp(target, targetPort, test, Interrupts::raised));
        }
    }

    /** Step 3b, when step 3 was CPU-bound below the ceiling: are copies the bottleneck? */
    private BwResult measureZeroCopy(PrintWriter out, int streams) throws IOException {
        if (!json) {
            out.printf(Locale.ROOT, "check: CPU-bound below the ceiling; %d s with -Z --skip-rx-copy to see whether copies"
                    + " are the bottleneck…%n", HostCheck.ZERO_COPY_FOLLOW_UP_MILLIS / 1000);
            out.flush();
        }
        try (ProgressLine progress = ProgressLine.on(out, json)) {
            long startNanos = System.nanoTime();
            progress.show(() -> String.format(Locale.ROOT, "check: -Z --skip-rx-copy test, %.1f s…",
                    (System.nanoTime() - startNanos) / 1e9));
            return onTarget((target, targetPort) -> HostCheck.measureZeroCopy(target, targetPort, streams,
                    Interrupts::raised));
        }
    }

    private interface TargetTest<T> {
        T run(String target, int targetPort) throws IOException;
    }

    /** Runs {@code test} against HOST, or against an in-process server on loopback when no HOST was given. */
    private <T> T onTarget(TargetTest<T> test) throws IOException {
        if (host != null) {
            return test.run(host, port);
        }
        try (BwCommand.LoopbackServer server = BwCommand.LoopbackServer.start()) {
            return test.run("127.0.0.1", server.port());
        }
    }
}
