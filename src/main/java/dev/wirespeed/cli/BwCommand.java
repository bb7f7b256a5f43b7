package dev.wirespeed.cli;

import dev.wirespeed.iperf3.Iperf3;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "bw",
        header = "Measure TCP or UDP bandwidth to a wirespeed or iperf3 server.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Measure TCP bandwidth to a wirespeed server (many streams, intervals, reverse, both ways),",
            "UDP bandwidth with loss and jitter (--udp), or a message-size sweep (-a);",
            "against an iperf3 server with --iperf3.",
            "Rates are decimal (1 Gbit/s = 10^9 bit/s), sizes binary (1 GiB = 2^30 bytes)."},
        footer = {"", "Examples:",
            "  wirespeed bw --loopback              this host against itself (in-process server)",
            "  wirespeed bw 10.0.0.2                10 s upload, streams chosen for this host",
            "  wirespeed bw 10.0.0.2 -P 8 -t 30 -O 2   eight streams, 30 s measured after 2 s warm-up",
            "  wirespeed bw 10.0.0.2 -R             the server sends (download)",
            "  wirespeed bw 10.0.0.2 --bidir -P 4   four streams each way at once",
            "  wirespeed bw 10.0.0.2 -n 10G --json  send 10 GiB, print JSON only",
            "  wirespeed bw 10.0.0.2 --json-format iperf3 | jq .end.sum_received.bits_per_second   iperf3 -J's shape",
            "  wirespeed bw 10.0.0.2 -t 0           until Ctrl-C (or SIGTERM), as iperf3 -t 0",
            "  wirespeed bw 10.0.0.2 --dscp AF41    mark the data (= -S 0x88); the server says what it received",
            "  wirespeed bw 10.0.0.2 --udp -b 10G -l 8K   UDP at 10 Gbit/s per stream: loss, jitter, reordering",
            "  wirespeed bw 10.0.0.2 --udp -b 0 -R  UDP as fast as the server can send",
            "  wirespeed bw 10.0.0.2 --udp -l 1472 --dont-fragment   1500-byte datagrams unfragmented, or one clear error",
            "  wirespeed bw 10.0.0.2 -a             size sweep 2 B … 8 MiB: BW peak, average, MsgRate",
            "  wirespeed bw 10.0.0.2 --latency      latency under load: pings idle 3 s, then beside the load (bufferbloat)",
            "  wirespeed bw 10.0.0.2 --latency udp -R -t 30 --idle 5   UDP pings while the server sends",
            "  wirespeed bw 10.0.0.2 --trip-times   one-way latency of each write (clocks: one kernel or both NTP/PTP-synced)",
            "  wirespeed bw 10.0.0.2 --trip-times --udp -b 100M   one-way latency of each datagram",
            "  wirespeed bw 10.0.0.2 --isochronous 60:20m,5m   video-like UDP frames (iperf2): frames lost, late, jitter",
            "  wirespeed bw --iperf3 10.0.0.2 -P 4  against an iperf3 server (iperf3 -s), port 5201",
            "  wirespeed bw --iperf3 10.0.0.2 -t 0  against an iperf3 server until Ctrl-C, then both sides' summary",
            "  wirespeed bw fd00::2 -L 0x12345      IPv6 flow label 0x12345 on the data connections (as iperf3 -L)",
            "  wirespeed bw 10.0.0.2 -m -P 4        MPTCP data connections (as iperf3 -m; the server runs with --mptcp)",
            "  wirespeed bw 10.0.0.2 --get-server-output   then the server's own report of the test (as iperf3)",
            "  wirespeed bw --rdma write 10.0.0.2 -a   ib_write_bw sweep; HOST's wirespeed server starts its side",
            "  wirespeed bw --rdma write 10.0.0.2 -R   HOST writes to this host (its server runs perftest's client)",
            "  wirespeed bw --rdma write 10.0.0.2 --bidir -a   perftest -b: both directions, summed as perftest prints",
            "  wirespeed bw --rdma send 10.0.0.2 --ib-dev mlx5_0 --gid-index 3 -P 4 -- -c UD",
            "",
            "Exit codes: 0 ok, 1 failure (unreachable, refused, server lost), 2 bad usage, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class BwCommand implements Callable<Integer> {
    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Server port (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--iperf3", description = "HOST runs an iperf3 server (iperf3 -s): speak its protocol; port "
            + Iperf3.DEFAULT_PORT + " unless -p.")
    boolean iperf3;

    @Option(names = "--get-server-output", description = "After the result, print the server's own report of the "
            + "test (as iperf3): its log lines for the test, or an iperf3 server's text or -J document; in --json "
            + "as serverOutput. TCP and UDP tests.")
    boolean getServerOutput;

    @Mixin
    BwOptions options;

    @Mixin
    BwModeOptions modes;

    @Mixin
    LoadOptions load;

    @Mixin
    TripOptions trip;

    @Mixin
    IsoOptions iso;

    @Option(names = {"-J", "--json"}, description = "Print only the result as JSON (schema: docs/json/bw.schema.json).")
    boolean json;

    @Mixin
    JsonFormatOption jsonFormat;

    @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = SizeConverter.class,
            description = "RDMA message size with --rdma (perftest -s; TCP uses -l).")
    Long sizeBytes;

    /** The port HOST:PORT named, if it named one. */
    Integer hostPort;

    @Override
    public Integer call() throws IOException {
        BwSpec.common(this);
        if (client.rdma.selected()) {
            PerftestArgs.Options o = BwSpec.rdma(this);
            client.host = client.habits.host(client.host);
            return RdmaRun.run(spec, client, port, json, o, true, options.reverse);
        }
        TestSpec test = BwSpec.tcp(this);
        if (trip.selected() && !iso.selected()) {
            trip.validate(spec, test, options);
        }
        client.host = client.habits.host(client.host);
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json && !client.habits.jsonStream);
        try (ResultsSink sink = client.save.openInBackground(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            chain = new ResultChain(spec, "bw", client.save.labels(spec), sink, client.loopback, host);
            if (load.selected()) {
                return load.run(this, test, out);
            }
            if (iso.selected()) {
                return iso.run(this, test, out);
            }
            if (trip.selected()) {
                return trip.run(this, test, out);
            }
            if (modes.selected()) {
                return modes.run(this, test, out);
            }
            return TcpRun.run(this, test, out);
        }
    }

    /** This host's facts, read once: NUMA placement and the saved summary. */
    final HostFacts host = new HostFacts();

    /** Where this run's results go: notes, render, save, exit code (set while the command runs). */
    private ResultChain chain;

    ResultChain chain() {
        return chain;
    }

    /** The one way this run is shown, from -J, --json-stream and --json-format. */
    <P, I, R> Presenter<P, I, R> presenter(PrintWriter out, Presenter.Text<P, I, R> text, Function<R, String> document,
                                           Function<R, ServerOutput> serverOutput) {
        return new Presenter<>(Presenter.Form.of(json, client.habits.jsonStream), out, text, document, serverOutput);
    }
}
