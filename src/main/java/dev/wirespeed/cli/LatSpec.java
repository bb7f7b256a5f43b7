package dev.wirespeed.cli;

import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.wire.ModeBounds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lat}'s options to its test (issue 27: options, spec, run, present); a bad option is exit 2. */
final class LatSpec {
    private LatSpec() {}

    /** What every lat mode checks first: HOST[:PORT] or --loopback, the output, iperf3's habits. */
    static void common(LatCommand lat) throws IOException {
        CommandSpec spec = lat.spec;
        ClientOptions client = lat.client;
        Integer hostPort = Target.split(spec, client);
        if (hostPort != null) {
            lat.port = hostPort;
        }
        Target.check(spec, client.host, client.loopback);
        client.habits.check(spec, lat.json, client.loopback);
        client.habits.refuseWhereMeaningless(spec, client.rdma.selected() ? Iperf3HabitOptions.Mode.RDMA
                : Iperf3HabitOptions.Mode.LATENCY);
    }

    /** lat --rdma: perftest's options. */
    static PerftestArgs.Options rdma(LatCommand lat) {
        CommandSpec spec = lat.spec;
        OptionRanges.range(spec, "-p", lat.port, 1, 65535);
        OptionRanges.seconds(spec, "--connect-timeout", lat.client.connectTimeoutSeconds, 0.1, 600);
        if (lat.client.loopback || lat.udp || lat.busyPoll || lat.affinity != null || lat.bindAddress != null) {
            throw OptionRanges.usage(spec, "--rdma runs perftest against HOST's wirespeed server: not with --loopback, --udp, "
                    + "--busy-poll, -A or -B");
        }
        if (lat.all && lat.sizeBytes != null) {
            throw OptionRanges.usage(spec, "-a and -s exclude each other: sweep every size or give one");
        }
        if (lat.iterations != null && lat.seconds != null) {
            throw OptionRanges.usage(spec, "-n and -t exclude each other: count round trips or run for a time");
        }
        if (lat.sizeBytes != null) {
            OptionRanges.range(spec, "-s", lat.sizeBytes, 1, 8L << 20);
        }
        if (lat.iterations != null) {
            OptionRanges.range(spec, "-n", lat.iterations, 5, 100_000_000);
        }
        Integer secs = null;
        if (lat.seconds != null) {
            OptionRanges.seconds(spec, "-t", lat.seconds, 1, 86_400);
            secs = (int) Math.ceil(lat.seconds);
        }
        return new PerftestArgs.Options(false, lat.client.rdma.device, lat.client.rdma.ibPort, lat.client.rdma.gidIndex, lat.client.rdma.mtuBytes,
                lat.all, lat.sizeBytes == null ? null : lat.sizeBytes.intValue(), lat.iterations, secs, null, lat.client.rdma.perftestPort, false);
    }

    /** Checks every option (exit 2 on the first bad one) and builds the client's configuration. */
    static LatClientConfig config(LatCommand lat) {
        CommandSpec spec = lat.spec;
        OptionRanges.range(spec, "-p", lat.port, 1, 65535);
        OptionRanges.seconds(spec, "--timeout", lat.timeoutSeconds, 0.1, 3600);
        OptionRanges.seconds(spec, "--connect-timeout", lat.client.connectTimeoutSeconds, 0.1, 600);
        if (lat.all && lat.sizeBytes != null) {
            throw OptionRanges.usage(spec, "-a and -s exclude each other: sweep every size or give one");
        }
        if (lat.iterations != null && lat.seconds != null) {
            throw OptionRanges.usage(spec, "-n and -t exclude each other: count round trips or run for a time");
        }
        int max = ModeBounds.maxLatencyBytes(lat.udp);
        List<Integer> sizes = new ArrayList<>();
        if (lat.all) {
            for (long s = ModeBounds.MIN_LAT_BYTES; s <= max; s *= 2) {
                sizes.add((int) s);
            }
        } else {
            long size = lat.sizeBytes == null ? 64 : lat.sizeBytes;
            OptionRanges.sizeRange(spec, "-s", size, ModeBounds.MIN_LAT_BYTES, max);
            sizes.add((int) size);
        }
        if (lat.iterations != null) {
            OptionRanges.range(spec, "-n", lat.iterations, 1, LatCommand.MAX_ITERATIONS);
        }
        if (lat.seconds != null) {
            OptionRanges.seconds(spec, "-t", lat.seconds, 0.01, 3600);
        }
        if (lat.warmup != null) {
            OptionRanges.range(spec, "--warmup", lat.warmup, 0, LatCommand.MAX_ITERATIONS);
        }
        boolean few = lat.all || sizes.getFirst() > LatCommand.LARGE_MESSAGE_BYTES;
        Long n = lat.seconds != null ? null : lat.iterations != null ? lat.iterations
                : few ? LatCommand.DEFAULT_SWEEP_ITERATIONS : LatCommand.DEFAULT_ITERATIONS;
        long warm = lat.warmup != null ? lat.warmup : lat.all ? LatCommand.DEFAULT_SWEEP_WARMUP : LatCommand.DEFAULT_WARMUP;
        Integer[] cpus = lat.affinity == null ? new Integer[2] : BwOptions.cpus(spec, lat.affinity);
        return LatClientConfig.builder().cpu(cpus[0]).serverCpu(cpus[1]).bindAddress(BwOptions.bind(spec, lat.bindAddress))
                .host(lat.client.host).port(lat.port).udp(lat.udp).sizesBytes(sizes).iterations(n)
                .secondsPerSize(lat.seconds).warmupIterations(warm).busyPoll(lat.busyPoll)
                .connectTimeoutMillis(lat.client.connectTimeoutMillis()).timeoutMillis(millis(lat.timeoutSeconds))
                .interrupted(Interrupts::raised).build();
    }

    private static int millis(double seconds) {
        return (int) Math.round(seconds * 1000);
    }
}
