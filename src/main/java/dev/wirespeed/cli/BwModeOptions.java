package dev.wirespeed.cli;

import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.tcp.BwSweep;
import dev.wirespeed.engine.tcp.BwSweepConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.iperf3.Iperf3Client;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.ModeBounds;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code bw} beyond the TCP bandwidth test: UDP (--udp, -b) and the message-size
 * sweep (-a). Kept apart from {@link BwOptions} so that the TCP test stays as it is.
 */
final class BwModeOptions {
    /** A datagram that fits a 1500-byte MTU: 1500 − 20 (IPv4) − 8 (UDP). */
    static final int DEFAULT_UDP_BYTES = 1472;
    /** iperf3's default UDP rate: without -b a UDP test does not flood the link. */
    static final long DEFAULT_UDP_BITS_PER_SECOND = 1_000_000;
    static final double DEFAULT_SWEEP_SECONDS_PER_SIZE = 1;

    @Option(names = {"-u", "--udp"}, description = "UDP instead of TCP: paced datagrams; the receiver reports loss, "
            + "jitter (RFC 3550) and reordering.")
    boolean udp;

    @Option(names = {"-b", "--bitrate"}, paramLabel = "RATE", converter = RateConverter.class,
            description = "UDP target rate per stream, decimal bit/s with k/M/G (e.g. 100M, 10G); 0 = as fast as "
                    + "possible (default 1M, as iperf3). Held within 2 %%: each call sends only the datagrams due "
                    + "since the test's start, and SO_MAX_PACING_RATE lets an fq qdisc space them; the summary's "
                    + "'pacing' line says whether it held or the path carried less.")
    Long bitsPerSecond;

    @Option(names = {"-a", "--all"}, description = "Message-size sweep 2 B … 8 MiB (powers of two), one short test "
            + "per size (-t per size, default 1): BW peak, BW average, MsgRate, like ib_send_bw -a --report_gbit.")
    boolean all;

    boolean selected() {
        return udp || all || bitsPerSecond != null;
    }

    /**
     * Runs the UDP test or the sweep that these options select; bad combinations are usage errors.
     * @param out the command's text output (--logfile and the line prefixes already applied)
     */
    int run(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        CommandSpec spec = bw.spec;
        if (bitsPerSecond != null && !udp) {
            throw OptionRanges.usage(spec, "-b applies to UDP only (add --udp)");
        }
        if (bw.options.tcpOnlyGiven()) {
            throw OptionRanges.usage(spec, (udp ? "with --udp" : "with -a") + ", " + BwOptions.TCP_ONLY + " do not apply"
                    + " (TCP bandwidth tests only)");
        }
        if (udp && all) {
            throw OptionRanges.usage(spec, "-a sweeps TCP only; for UDP choose the datagram size with -l");
        }
        if (all && bw.iperf3) {
            throw OptionRanges.usage(spec, "-a runs against a wirespeed server only, not with --iperf3");
        }
        return udp ? runUdp(bw, tcp, out) : runSweep(bw, tcp, out);
    }

    private int runUdp(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        TestSpec test = udpSpec(bw, tcp);
        Presenter<TestSpec, UdpResult.UdpInterval, UdpResult> presenter = bw.presenter(out,
                Presenter.udpText(test, bw.client.habits.rateUnit()), bw.jsonFormat::render, UdpResult::serverOutput);
        UdpResult result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback,
                (h, p) -> runUdp(bw, h, p, test, bw.chain().listener(presenter.live())));
        return bw.chain().finish(presenter, ResultChain.UDP, result);
    }

    /** The UDP test of the command line (--udp, -b, -l as a datagram's length); usage errors first. */
    TestSpec udpSpec(BwCommand bw, TestSpec tcp) {
        CommandSpec spec = bw.spec;
        if (bw.options.bytes != null) {
            throw OptionRanges.usage(spec, "-n is for TCP; a UDP test runs for a time (-t)");
        }
        if (tcp.congestion() != null || tcp.mssBytes() > 0 || tcp.noDelay()) {
            throw OptionRanges.usage(spec, "-C, -M and -N are TCP options");
        }
        long rate = bitsPerSecond == null ? DEFAULT_UDP_BITS_PER_SECOND : bitsPerSecond;
        OptionRanges.range(spec, "-b", rate, 0, ModeBounds.MAX_RATE_BITS_PER_SECOND);
        int length = DEFAULT_UDP_BYTES;
        if (spec.commandLine().getParseResult().hasMatchedOption("-l")) {
            OptionRanges.sizeRange(spec, "-l", bw.options.bufferBytes, ModeBounds.MIN_UDP_BW_BYTES,
                    ModeBounds.MAX_UDP_PAYLOAD_BYTES);
            length = (int) bw.options.bufferBytes;
        }
        // one stream unless -P says otherwise, as iperf3: a UDP stream is paced, not CPU-bound
        int streams = bw.options.parallel == null ? 1 : bw.options.parallel;
        return TestSpec.udpBandwidth().direction(tcp.direction()).streams(streams)
                .durationMillis(tcp.durationMillis()).omitMillis(tcp.omitMillis()).intervalMillis(tcp.intervalMillis())
                .bufferBytes(length).windowBytes(tcp.windowBytes()).rateBitsPerSecond(rate)
                .dontFragment(bw.options.dontFragment).tos(tcp.tos()).tripTimes(tcp.tripTimes()).build();
    }

    private static UdpResult runUdp(BwCommand bw, String host, int port, TestSpec test,
                                    TestListener<TestSpec, UdpResult.UdpInterval> listener) throws IOException {
        if (bw.iperf3) {
            return new Iperf3Client(BwClientConfig.builder().host(host).port(port).spec(test)
                    .streamsChosenBy("option").connectTimeoutMillis(bw.client.connectTimeoutMillis())
                    .handshakeTimeoutMillis(bw.client.connectTimeoutMillis()).interrupted(Interrupts::raised)
                    .serverOutput(bw.getServerOutput).build()).runUdp(listener);
        }
        UdpBwClient client = new UdpBwClient(UdpBwClientConfig.builder().host(host).port(port).spec(test)
                .connectTimeoutMillis(bw.client.connectTimeoutMillis()).interrupted(Interrupts::raised)
                .serverOutput(bw.getServerOutput).build());
        return client.run(listener);
    }

    private int runSweep(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        CommandSpec spec = bw.spec;
        if (spec.commandLine().getParseResult().hasMatchedOption("-l")) {
            throw OptionRanges.usage(spec, "-a and -l exclude each other: the sweep sets the write length");
        }
        if (bw.options.bytes != null) {
            throw OptionRanges.usage(spec, "-a runs each size for a time (-t per size), not for a byte count (-n)");
        }
        if (tcp.direction() == Direction.BIDIR) {
            throw OptionRanges.usage(spec, "-a and --bidir exclude each other");
        }
        double perSize = bw.options.seconds == null ? DEFAULT_SWEEP_SECONDS_PER_SIZE : bw.options.seconds;
        TestSpec base = tcp.toBuilder().durationMillis(Math.round(perSize * 1000)).bytes(0).build();
        Presenter<BwSweepResult.SweepParams, BwSweepResult.SweepRow, BwSweepResult> presenter = bw.presenter(out,
                Presenter.sweepText(bw.client.habits.rateUnit()), Json::pretty, null);
        BwSweepResult result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback,
                (h, p) -> new BwSweep(new BwSweepConfig(h, p, base, bw.options.streamsChosenBy(),
                        BwSweep.perftestSizes(), bw.client.connectTimeoutMillis(), Interrupts::raised))
                        .run(presenter.live()));
        return bw.chain().finish(presenter, ResultChain.SWEEP, result);
    }
}
