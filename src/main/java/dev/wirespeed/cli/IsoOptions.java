package dev.wirespeed.cli;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.session.TripTimesRefusal;
import dev.wirespeed.engine.udp.IsochronousClient;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.report.IsochronousText;
import dev.wirespeed.report.Presenter;
import dev.wirespeed.report.RateUnit;
import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Isochronous;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code bw --isochronous[=FPS:MEAN,STDEV]} (iperf2's option): frames at a frame rate, video-like,
 * over UDP. It implies --udp (iperf2 runs it over TCP unless -u; frames with loss and lateness are
 * a UDP measurement here, and TCP isochronous is not carried out). Kept apart from
 * {@link BwModeOptions}: the UDP test is the same but for the sender's pacing and the frame fields.
 */
final class IsoOptions {
    /** FPS:MEAN or FPS:MEAN,STDEV, rates as -b takes them. */
    private static final Pattern SPEC = Pattern.compile("(\\d{1,6}):([^,:]+)(?:,([^,:]+))?");

    @Option(names = "--isochronous", arity = "0..1", paramLabel = "FPS:MEAN,STDEV", fallbackValue = "60:20m,0",
            description = "Frames at a frame rate (iperf2's --isochronous; default 60:20m,0): FPS frames a second, "
                    + "each frame's size log-normal with MEAN and STDEV given as rates (decimal bit/s with k/m/g, as "
                    + "-b; iperf2 reads upper case as bytes, wirespeed does not). Implies --udp; the server counts "
                    + "complete, incomplete, lost and late frames and their jitter; frame latency with --trip-times.")
    String isochronous;

    boolean selected() {
        return isochronous != null;
    }

    /** Before the other checks: --isochronous is a UDP test, so the UDP options' checks apply to it. */
    void implyUdp(BwCommand bw) {
        if (selected()) {
            bw.modes.udp = true;
        }
    }

    /** Usage errors that need no test spec, before --rdma or a mode runs. */
    void refuseWith(CommandSpec spec, boolean rdma, boolean iperf3, boolean sweep, boolean latency, boolean iperf3Json,
                    Long bitsPerSecond) {
        if (!selected()) {
            return;
        }
        if (iperf3) {
            throw OptionRanges.usage(spec, "--isochronous: iperf3 has no isochronous frames; run `wirespeed server` on "
                    + "HOST and leave out --iperf3");
        }
        if (rdma || sweep || latency || iperf3Json) {
            throw OptionRanges.usage(spec, "--isochronous sends UDP frames: not with " + (rdma ? "--rdma" : sweep ? "-a"
                    : latency ? "--latency" : "--json-format iperf3"));
        }
        if (bitsPerSecond != null) {
            throw OptionRanges.usage(spec, "--isochronous sets the rate by its frames (FPS:MEAN,STDEV): leave out -b");
        }
        parse(spec, isochronous);
    }

    /** FPS:MEAN[,STDEV] as the test's frames; usage errors name the part at fault. */
    static Isochronous parse(CommandSpec spec, String text) {
        Matcher m = SPEC.matcher(text.strip());
        if (!m.matches()) {
            throw OptionRanges.usage(spec, "--isochronous takes FPS:MEAN,STDEV (e.g. 60:20m,0 or 30:8m,2m), not '" + text
                    + "'");
        }
        if (m.group(2).toLowerCase(Locale.ROOT).endsWith("p")) {
            throw OptionRanges.usage(spec, "--isochronous: iperf2's p suffix (packets per frame) is not supported; "
                    + "give MEAN as a rate, e.g. " + m.group(1) + ":20m");
        }
        int fps = Integer.parseInt(m.group(1));
        long mean;
        long stdev;
        try {
            mean = Rate.parse(m.group(2));
            stdev = m.group(3) == null ? 0 : Rate.parse(m.group(3));
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, "--isochronous: " + e.getMessage());
        }
        OptionRanges.range(spec, "--isochronous FPS", fps, 1, Isochronous.MAX_FRAMES_PER_SECOND);
        if (mean <= 0) {
            throw OptionRanges.usage(spec, "--isochronous: MEAN must be above 0 (a rate, e.g. 20m)");
        }
        return new Isochronous(fps, mean, stdev);
    }

    /** Usage errors of the test itself. */
    void validate(CommandSpec spec, TestSpec udp) {
        if (udp.direction() != Direction.UPLOAD) {
            throw OptionRanges.usage(spec, "--isochronous sends frames from the client to the server: not with "
                    + (udp.direction() == Direction.BIDIR ? "--bidir" : "-R"));
        }
        if (udp.bufferBytes() < TestSpec.ISOCHRONOUS_MIN_BYTES) {
            throw OptionRanges.usage(spec, "--isochronous needs datagrams of at least " + TestSpec.ISOCHRONOUS_MIN_BYTES
                    + " bytes (-l): each carries its frame's id, place and schedule");
        }
    }

    /** The TCP-only options, refused in one line: iperf2's isochronous TCP test is not carried out here. */
    static void refuseTcp(BwCommand bw, TestSpec tcp) {
        String given = bw.options.tcpOnlyGiven() ? BwOptions.TCP_ONLY
                : tcp.congestion() != null || tcp.mssBytes() > 0 || tcp.noDelay() ? "-C, -M and -N"
                : bw.options.bytes != null ? "-n" : null;
        if (given != null) {
            throw OptionRanges.usage(bw.spec, "--isochronous sends UDP frames (iperf2's TCP isochronous test is not "
                    + "carried out here); TCP only: " + given);
        }
    }

    int run(BwCommand bw, TestSpec tcp, PrintWriter out) throws IOException {
        refuseTcp(bw, tcp);
        Isochronous frames = parse(bw.spec, isochronous);
        TestSpec test = bw.modes.udpSpec(bw, tcp).toBuilder().rateBitsPerSecond(frames.meanBitsPerSecond())
                .isochronous(frames).tripTimes(bw.trip.selected()).build();
        validate(bw.spec, test);
        RateUnit unit = bw.client.habits.rateUnit();
        IsochronousResult result;
        try {
            result = Target.run(bw.client.host, BwSpec.targetPort(bw), bw.client.loopback, (h, p) -> {
                Presenter<TestSpec, UdpResult.UdpInterval, UdpResult> live = bw.presenter(out,
                        Presenter.udpText(test, unit), r -> "", null);
                UdpBwClientConfig config = UdpBwClientConfig.builder().host(h).port(p).spec(test)
                        .connectTimeoutMillis(bw.client.connectTimeoutMillis()).interrupted(Interrupts::raised).build();
                return IsochronousClient.run(config, bw.chain().listener(live.live()));
            });
        } catch (TripTimesRefusal e) {
            throw new Failure(e.getMessage(), e.usage() ? ExitCode.USAGE : ExitCode.FAILURE);
        }
        // the summary is the frames' own; the live lines were the UDP test's
        Presenter<Object, Object, IsochronousResult> presenter = bw.presenter(out,
                Presenter.<Object, Object, IsochronousResult>text(to -> TestListener.none(),
                        (to, r) -> new IsochronousText(to, unit).summary(r)), Json::pretty, null);
        return bw.chain().finish(presenter, ResultChain.ISOCHRONOUS, result);
    }
}
