package dev.wirespeed.cli;

import dev.wirespeed.iperf3.Iperf3;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bw}'s options to its test (issue 27: options, spec, run, present): the checks that span
 * option groups, each bad combination a usage error (exit 2) before anything runs.
 */
final class BwSpec {
    private BwSpec() {}

    /** What every bw mode checks first: HOST[:PORT] or --loopback, -p, the output, iperf3's habits. */
    static void common(BwCommand bw) throws IOException {
        CommandSpec spec = bw.spec;
        ClientOptions client = bw.client;
        bw.hostPort = Target.split(spec, client);
        if (bw.hostPort != null) {
            bw.port = bw.hostPort;
        }
        Target.check(spec, client.host, client.loopback);
        OptionRanges.range(spec, "-p", bw.port, 1, 65535);
        OptionRanges.seconds(spec, "--connect-timeout", client.connectTimeoutSeconds, 0.1, 600);
        bw.iso.implyUdp(bw);
        bw.json = bw.jsonFormat.check(spec, bw.json, client.habits.jsonStream, client.rdma.selected(), bw.modes.all);
        client.habits.check(spec, bw.json, client.loopback);
        client.habits.refuseWhereMeaningless(spec, client.rdma.selected() ? Iperf3HabitOptions.Mode.RDMA
                : bw.modes.udp ? Iperf3HabitOptions.Mode.UDP : bw.modes.all ? Iperf3HabitOptions.Mode.SWEEP
                : Iperf3HabitOptions.Mode.TCP);
        bw.load.refuseAlone(spec);
        bw.trip.refuseWith(spec, bw.client.rdma.selected(), bw.iperf3, bw.modes.all, bw.load.selected(),
                bw.jsonFormat.iperf3());
        bw.iso.refuseWith(spec, bw.client.rdma.selected(), bw.iperf3, bw.modes.all, bw.load.selected(),
                bw.jsonFormat.iperf3(), bw.modes.bitsPerSecond);
        if (bw.load.selected() && client.rdma.selected()) {
            throw OptionRanges.usage(spec, "--latency runs beside a TCP test against a wirespeed server: not with --rdma");
        }
        if (bw.iperf3 && !spec.commandLine().getParseResult().hasMatchedOption("-l")) {
            bw.options.bufferBytes = Iperf3.DEFAULT_TCP_LEN; // speaking iperf3's protocol, write as iperf3 does
        }
        if (client.habits.blockCount != null) {
            bw.options.bytes = client.habits.bytes(bw.options.bufferBytes);
        }
        if (bw.options.flowLabel != null && (bw.modes.selected() || client.rdma.selected())) {
            throw OptionRanges.usage(spec, "--flowlabel labels the IPv6 TCP data connections (as iperf3): not with "
                    + (client.rdma.selected() ? "--rdma" : bw.modes.udp ? "--udp" : bw.modes.all ? "-a" : "-b"));
        }
        if (bw.options.mptcp && (bw.modes.selected() || client.rdma.selected())) {
            // with --iperf3 too: the parameters say "mptcp" and iperf3 3.19+'s server listens with MPTCP for them
            throw OptionRanges.usage(spec, "-m/--mptcp opens wirespeed's TCP data connections as MPTCP: not with "
                    + (client.rdma.selected() ? "--rdma" : bw.modes.udp ? "--udp" : bw.modes.all ? "-a" : "-b"));
        }
        if (bw.options.dontFragment && (!bw.modes.udp || client.rdma.selected())) {
            throw OptionRanges.usage(spec, "--dont-fragment sets DF on UDP datagrams (as iperf3): give --udp (TCP segments carry"
                    + " DF already: path MTU discovery)");
        }
        if (bw.getServerOutput && (client.rdma.selected() || bw.modes.all)) {
            throw OptionRanges.usage(spec, "--get-server-output asks a wirespeed or iperf3 server for its report of a TCP or"
                    + " UDP test: not with " + (bw.modes.all ? "-a" : "--rdma"));
        }
    }

    /**
     * -p, or iperf3's port with --iperf3 when -p is not given; with --loopback, the in-process server's
     * port: -p when given, else any free one (0).
     */
    static int targetPort(BwCommand bw) {
        boolean given = bw.hostPort != null || bw.spec.commandLine().getParseResult().hasMatchedOption("-p");
        if (bw.client.loopback) {
            return given ? bw.port : 0;
        }
        return bw.iperf3 && !given ? Iperf3.DEFAULT_PORT : bw.port;
    }

    /** bw --rdma: perftest's options. */
    static PerftestArgs.Options rdma(BwCommand bw) {
        CommandSpec spec = bw.spec;
        ClientOptions client = bw.client;
        BwOptions options = bw.options;
        BwModeOptions modes = bw.modes;
        if (options.fqRateBitsPerSecond != null) {
            throw OptionRanges.usage(spec, "--fq-rate paces wirespeed's TCP streams: not with --rdma");
        }
        if (options.tos != null || options.dscp != null) {
            throw OptionRanges.usage(spec, "-S/--dscp: with --rdma the traffic class is perftest's (-- --tclass N)");
        }
        if (client.loopback || bw.iperf3 || modes.udp || modes.bitsPerSecond != null) {
            throw OptionRanges.usage(spec, "--rdma runs perftest against HOST's wirespeed server: not with --loopback, "
                    + "--iperf3, --udp or -b");
        }
        if (options.reverse && options.bidir) {
            throw OptionRanges.usage(spec, "-R and --bidir exclude each other");
        }
        if (modes.all && bw.sizeBytes != null) {
            throw OptionRanges.usage(spec, "give -a or -s, not both");
        }
        Integer size = null;
        if (bw.sizeBytes != null) {
            OptionRanges.range(spec, "-s", bw.sizeBytes, 1, 8L << 20);
            size = bw.sizeBytes.intValue();
        }
        Long iterations = null;
        if (options.bytes != null) {
            if (modes.all || size == null) {
                throw OptionRanges.usage(spec, "-n with --rdma needs -s (the iterations are -n / -s)");
            }
            iterations = Math.max(5, options.bytes / size);
        }
        Integer seconds = null;
        if (spec.commandLine().getParseResult().hasMatchedOption("-t")) {
            OptionRanges.seconds(spec, "-t", options.seconds, 1, 86_400);
            seconds = (int) Math.ceil(options.seconds);
        }
        if (options.parallel != null) {
            OptionRanges.range(spec, "-P", options.parallel, 1, 16_384);
        }
        return new PerftestArgs.Options(true, client.rdma.device, client.rdma.ibPort, client.rdma.gidIndex,
                client.rdma.mtuBytes, modes.all, size, iterations, seconds, options.parallel, client.rdma.perftestPort,
                options.bidir);
    }

    /** A TCP test's spec (also the base of --udp, -a and --latency). */
    static TestSpec tcp(BwCommand bw) {
        CommandSpec spec = bw.spec;
        ClientOptions client = bw.client;
        BwModeOptions modes = bw.modes;
        boolean iperf3 = bw.iperf3;
        if (bw.sizeBytes != null || client.passThrough != null && !client.passThrough.isEmpty()) {
            throw OptionRanges.usage(spec, bw.sizeBytes != null ? "-s is the RDMA message size (with --rdma); TCP uses -l"
                    : "unexpected argument " + client.passThrough.getFirst() + " (perftest options after -- need --rdma)");
        }
        TestSpec test = bw.options.toSpec(spec);
        if (test.tos() != null && (modes.all || (!modes.udp && modes.bitsPerSecond != null) || iperf3)) {
            throw OptionRanges.usage(spec, "-S/--dscp mark wirespeed's TCP and UDP tests (the server reports what it received):"
                    + " not with " + (iperf3 ? "--iperf3" : modes.all ? "-a" : "-b"));
        }
        if (test.pacingBitsPerSecond() > 0 && (modes.selected() || iperf3)) {
            throw OptionRanges.usage(spec, "--fq-rate paces wirespeed's TCP streams: not with "
                    + (iperf3 ? "--iperf3" : modes.udp ? "--udp (use -b)" : modes.all ? "-a" : "-b"));
        }
        if (test.untilStopped() && modes.selected()) {
            throw OptionRanges.usage(spec, "-t 0 (until stopped) runs a TCP test: not with "
                    + (modes.udp ? "--udp" : modes.all ? "-a" : "-b"));
        }
        if (iperf3 && client.loopback) {
            throw OptionRanges.usage(spec, "--iperf3 tests against an iperf3 server: give its HOST, not --loopback");
        }
        if (iperf3 && test.omitMillis() % 1000 != 0) {
            throw OptionRanges.usage(spec, "-O must be whole seconds with --iperf3 (iperf3 counts its warm-up in seconds)");
        }
        if (bw.load.selected()) {
            bw.load.validate(bw, test);
        }
        return test;
    }
}
