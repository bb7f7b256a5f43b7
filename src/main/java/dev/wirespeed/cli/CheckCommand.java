package dev.wirespeed.cli;

import dev.wirespeed.check.HostCheck;
import dev.wirespeed.check.HostCheckListener;
import dev.wirespeed.report.BwText;
import dev.wirespeed.report.CheckText;
import dev.wirespeed.report.SharingText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    /** This host's facts, read once: doctor's and the saved summary's. */
    private final HostFacts thisHost = new HostFacts();

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
        String where = host == null ? "loopback" : host;
        HostCheck.Target target = new HostCheck.Target(root, thisHost.of(root), host, port, interfaceUnderTest(),
                seconds, BwOptions.defaultStreams(), BwOptions.defaultStreamsRule(), Interrupts::raised);
        HostCheck.Result result;
        try (CheckSteps steps = new CheckSteps(out, where, seconds)) {
            result = HostCheck.run(target, json ? new HostCheckListener() {} : steps);
        }
        BwResult bandwidth = result.bandwidth();
        if (json) {
            out.println(Json.pretty(result));
        } else {
            new BwText(out, false).summary(bandwidth);
            if (result.latency() != null) {
                out.println(CheckLatency.line(result.latency(), where));
                String shared = SharingText.line(result.latency().serverSharedWithTests(), SharingText.LATENCY);
                if (shared != null) {
                    out.println(shared);
                }
            }
            if (result.udp() != null) {
                out.println(CheckUdp.line(result.udp(), where));
            } else if (result.udpSkipped() != null) {
                out.println("udp: not run: " + result.udpSkipped());
            }
        }
        out.flush();
        // Saved before the verdict is printed: the verdict stays the last line.
        List<Measurement> saved = new ArrayList<>(Measurements.of(bandwidth));
        if (result.latency() != null) {
            saved.add(Measurements.of(result.latency()));
        }
        if (result.udp() != null) {
            saved.addAll(Measurements.of(result.udp()));
        }
        Saving.save(spec, save.labels(spec), sink, "check", saved, "wirespeed-check-json",
                Json.MAPPER.writeValueAsString(result), thisHost.summary(), json, bandwidth.outcome(),
                Saving.peer(bandwidth.server(), host == null, result.serverSharedWithTests()));
        if (!json) {
            CheckText.verdict(out, result.verdict(), bandwidth.outcome().message(), result.doctor());
        }
        out.flush();
        int code = Outcomes.exitCode(bandwidth.outcome(), spec.commandLine().getErr(), spec.qualifiedName(" "));
        return code != ExitCode.OK ? code : result.doctor().healthy() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** The interface named by --via, the route to HOST, "lo" for loopback; null when unknown. */
    private String interfaceUnderTest() throws IOException {
        if (via != null) {
            return via;
        }
        return host == null ? "lo" : Routes.interfaceTo(host, port).orElse(null);
    }
}
