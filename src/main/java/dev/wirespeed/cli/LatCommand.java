package dev.wirespeed.cli;

import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "lat",
        header = "Measure latency by ping-pong over TCP or UDP.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Measure latency by ping-pong to a wirespeed server, over TCP (TCP_NODELAY) or UDP.",
            "Prints perftest's columns per message size, one-way = RTT/2, in microseconds, plus 99.99 %% and the "
                + "round trip itself. Warm-up round trips are excluded from every figure."},
        footer = {"", "Examples:",
            "  wirespeed lat --loopback                 64 B TCP ping-pong against an in-process server",
            "  wirespeed lat 10.0.0.2                   64 B TCP, 100000 round trips after 1000 warm-up",
            "  wirespeed lat 10.0.0.2 --udp -s 4K       4 KiB UDP datagrams",
            "  wirespeed lat 10.0.0.2 -a                sweep 2 B … 8 MiB (UDP: … 32 KiB), 1000 round trips each",
            "  wirespeed lat 10.0.0.2 -t 5 --busy-poll  5 s, both sides spinning on non-blocking sockets",
            "  wirespeed lat 10.0.0.2 -A 2,3 -B 10.0.0.1  ping-pong on CPU 2, the server's echo on its CPU 3, from 10.0.0.1",
            "  wirespeed lat 10.0.0.2 --json            JSON only (docs/json/lat.schema.json)",
            "  wirespeed lat 10.0.0.2 --connect -P 8 -t 10   connection rate (netperf TCP_CRR): 8 at once, 10 s",
            "  wirespeed lat --rdma send 10.0.0.2 -a -- -c UD   ib_send_lat sweep over UD; HOST's server starts its side",
            "",
            "Exit codes: 0 ok, 1 failure (unreachable, server stopped answering), 2 bad usage, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class LatCommand implements Callable<Integer> {
    static final long DEFAULT_ITERATIONS = 100_000;
    static final long DEFAULT_SWEEP_ITERATIONS = 1_000;
    static final long DEFAULT_WARMUP = 1_000;
    static final long DEFAULT_SWEEP_WARMUP = 100;
    /** Above this, one round trip takes long enough that the default count is the sweep's. */
    static final long LARGE_MESSAGE_BYTES = 64 * 1024;
    static final long MAX_ITERATIONS = 1_000_000_000L;

    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    @Mixin
    ConnectRateOptions connectRate;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Server port (default ${DEFAULT-VALUE}; UDP uses the same number).")
    int port;

    @Option(names = {"-u", "--udp"}, description = "UDP ping-pong (default: TCP with TCP_NODELAY).")
    boolean udp;

    @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Message size (default 64; 2..8M for TCP, 2..65507 for UDP).")
    Long sizeBytes;

    @Option(names = {"-a", "--all"}, description = "Sweep sizes 2 B … 8 MiB in powers of two (UDP: up to 32 KiB).")
    boolean all;

    @Option(names = {"-n", "--iterations"}, paramLabel = "N",
            description = "Measured round trips per size (default 100000; 1000 with -a or above 64 KiB).")
    Long iterations;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC", description = "Measure for this long per size instead of -n.")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "N",
            description = "Round trips per size before measuring, excluded (default 1000; 100 with -a).")
    Long warmup;

    @Option(names = "--busy-poll", description = "Both sides spin on non-blocking sockets instead of sleeping in "
            + "read: lowest latency, one core busy on each side.")
    boolean busyPoll;

    @Option(names = {"-A", "--affinity"}, paramLabel = "CPU[,SERVER_CPU]",
            description = "Pin this side's ping-pong thread to CPU, and the server's echo thread to SERVER_CPU "
                    + "(as iperf3 -A).")
    String affinity;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDR", description = "Connect from this local address.")
    String bindAddress;

    @Option(names = {"-J", "--json"}, description = "Print only the result as JSON.")
    boolean json;

    @Option(names = "--timeout", paramLabel = "SEC", defaultValue = "5",
            description = "Give up when the server has not answered for this long (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Override
    public Integer call() throws IOException {
        LatSpec.common(this);
        client.host = client.habits.host(client.host);
        if (client.rdma.selected()) {
            return RdmaRun.run(spec, client, port, json, LatSpec.rdma(this), false, false);
        }
        if (client.passThrough != null && !client.passThrough.isEmpty()) {
            throw OptionRanges.usage(spec, "unexpected argument " + client.passThrough.getFirst()
                    + " (perftest options after -- need --rdma)");
        }
        connectRate.refuseAlone(spec);
        if (connectRate.connect) {
            return connectRate.run(this, client.habits.text(spec.commandLine().getOut(), !json));
        }
        return LatRun.run(spec, client, json, port, LatSpec.config(this));
    }
}
