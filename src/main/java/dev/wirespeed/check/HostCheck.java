package dev.wirespeed.check;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.session.TestListener;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.HostPaths;
import dev.wirespeed.diagnose.Port;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.diagnose.Verdict;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.engine.server.Loopback;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.limits.LimitsReport;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * What {@code wirespeed check} does, as steps a front end runs in order and renders between:
 * doctor (facts and findings), limits (the path the test takes), the TCP bandwidth test and a 64 B
 * latency test against the same server, a short UDP test on Ethernet and RoCE paths, then the verdict. No printing, no command line: the CLI,
 * an agent or a mesh can run the same steps.
 */
public final class HostCheck {
    /** Latency part: TCP ping-pong at this size, these many measured round trips after a warm-up. */
    public static final int LATENCY_SIZE_BYTES = 64;
    public static final long LATENCY_ITERATIONS = 10_000;
    public static final long LATENCY_WARMUP = 1_000;
    static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private HostCheck() {}

    /**
     * What check runs against.
     *
     * @param root           the tree the host's facts come from (/, or --root)
     * @param facts          the facts below {@code root}
     * @param host           the server to test against; null: an in-process server on loopback
     * @param iface          the interface the test goes through ("lo" for loopback), null when unknown
     * @param streams        TCP streams of the bandwidth test, chosen by {@code streamsChosenBy}
     */
    public record Target(Path root, Facts facts, String host, int port, String iface, double seconds, int streams,
                         String streamsChosenBy, BooleanSupplier interrupted) {}

    /** The tests of check, in order. */
    public enum Step { TCP, ZERO_COPY, UDP }

    /**
     * The whole of check (issue 27: the sequence is here, the CLI shows it): doctor, limits, the TCP
     * test with the latency behind it, a -Z --skip-rx-copy follow-up when the TCP test was CPU-bound
     * below the ceiling, the UDP test on Ethernet and RoCE paths, and the verdict.
     */
    public static Result run(Target t, HostCheckListener listener) throws IOException {
        Doctor doctor = doctor(t.root(), t.facts());
        listener.doctor(doctor);
        Limits paths = limits(doctor.facts(), t.iface());
        listener.limits(paths);
        TestSpec test = bandwidthSpec(t.streams(), t.seconds());
        listener.testing(Step.TCP, t.streams());
        Measured measured;
        try {
            measured = onTarget(t, (h, p) -> measure(h, p, test, t.streamsChosenBy(), t.interrupted()));
        } finally {
            listener.tested(Step.TCP);
        }
        BwResult bandwidth = measured.bandwidth();
        Verdict verdict = verdict(bandwidth, t.iface(), paths, doctor.report());
        BwResult zeroCopy = null;
        if (cpuBoundBelowCeiling(bandwidth, verdict)) {
            int streams = bandwidth.params().streams();
            listener.testing(Step.ZERO_COPY, (int) (ZERO_COPY_FOLLOW_UP_MILLIS / 1000));
            try {
                zeroCopy = onTarget(t, (h, p) -> measureZeroCopy(h, p, streams, t.interrupted()));
            } finally {
                listener.tested(Step.ZERO_COPY);
            }
            BwResult.Summary zc = zeroCopy.outcome().ok() ? zeroCopy.directions().getFirst().receiverSummary() : null;
            if (zc != null) {
                verdict = verdict.withZeroCopy(zc.bitsPerSecond());
            }
        }
        String udpSkipped = bandwidth.outcome().ok() ? udpSkipReason(paths) : null;
        UdpResult udp = null;
        if (bandwidth.outcome().ok() && udpSkipped == null) {
            int datagram = udpDatagramBytes(paths);
            listener.testing(Step.UDP, datagram);
            try {
                udp = onTarget(t, (h, p) -> measureUdp(h, p, udpSpec(datagram), t.interrupted()));
            } finally {
                listener.tested(Step.UDP);
            }
            if (verdict != null) {
                verdict = withUdp(verdict, udp);
            }
        }
        return new Result(Result.SCHEMA, doctor.report(), paths.report(), bandwidth, zeroCopy, measured.latency(), udp,
                udpSkipped, verdict);
    }

    /** Each test against HOST, or against an in-process server of its own on loopback. */
    private static <T> T onTarget(Target t, Loopback.Test<T> test) throws IOException {
        return Loopback.orHost(t.host(), t.host() == null ? 0 : t.port(), test);
    }

    /** The UDP test's figures added to the verdict, with the worst note on its own counters. */
    static Verdict withUdp(Verdict verdict, UdpResult udp) {
        UdpResult.UdpReceiverSummary s = udp.directions().isEmpty() ? null
                : udp.directions().getFirst().receiverSummary();
        if (!udp.outcome().ok() || s == null) {
            return verdict;
        }
        var note = udp.counters() == null ? null : udp.counters().headline();
        return verdict.withUdp(udp.params().datagramBytes(), s.bitsPerSecond(), s.lossPercent(), s.socketDrops(),
                note == null ? null : note.message());
    }

    /** Step 1: the host's facts and what the rules find in them. */
    public record Doctor(Facts facts, DoctorReport report) {}

    /** @param facts the host's facts below {@code root} (read once per command: the caller's) */
    public static Doctor doctor(Path root, Facts facts) {
        return new Doctor(facts, DoctorReport.of(facts, RuleSet.standard().diagnose(facts,
                Inspection.context(root, facts))));
    }

    /**
     * Step 2: the limits of the path through {@code iface}, or of every NIC path when it is loopback
     * ("lo") or unknown (null).
     */
    public record Limits(Optional<HostPaths.HostPath> path, List<HostPaths.HostPath> all, LimitsReport report) {}

    public static Limits limits(Facts facts, String iface) {
        Optional<HostPaths.HostPath> path = iface == null || iface.equals("lo") ? Optional.empty()
                : HostPaths.via(facts, iface);
        List<HostPaths.HostPath> all = HostPaths.of(facts);
        LimitsReport report = LimitsReport.of(facts.origin(), path.map(p -> List.of(p.limit()))
                .orElseGet(() -> all.stream().map(HostPaths.HostPath::limit).toList()));
        return new Limits(path, all, report);
    }

    /** Step 3's test: TCP upload over {@code streams} streams for {@code seconds}. */
    public static TestSpec bandwidthSpec(int streams, double seconds) {
        return TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(streams)
                .durationMillis(Math.round(seconds * 1000)).build();
    }

    /** Step 3: the bandwidth result and, when it succeeded, the latency result against the same server. */
    public record Measured(BwResult bandwidth, LatResult latency) {}

    public static Measured measure(String target, int targetPort, TestSpec test, String streamsChosenBy,
                                   BooleanSupplier interrupted) throws IOException {
        BwResult bw = TestCounters.noted(new BwClient(BwClientConfig.builder().host(target).port(targetPort).spec(test)
                .streamsChosenBy(streamsChosenBy).connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .handshakeTimeoutMillis(CONNECT_TIMEOUT_MILLIS).interrupted(interrupted).build()).run(TestListener.none()));
        return new Measured(bw, bw.outcome().ok() ? latency(target, targetPort, interrupted) : null);
    }

    static LatResult latency(String host, int port, BooleanSupplier interrupted) throws IOException {
        return TestCounters.noted(new LatClient(LatClientConfig.builder().host(host).port(port).udp(false)
                .sizesBytes(List.of(LATENCY_SIZE_BYTES)).iterations(LATENCY_ITERATIONS)
                .warmupIterations(LATENCY_WARMUP).connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .timeoutMillis(CONNECT_TIMEOUT_MILLIS).interrupted(interrupted).build())
                .run(TestListener.none()));
    }

    /** The UDP part (issue 28): seconds of its one-stream test, as fast as the sender can (-b 0). */
    public static final long UDP_MILLIS = 2_000;
    /** Over loopback (MTU 65536) the UDP test's packets are a jumbo frame's: a NIC path's largest common MTU. */
    static final int LOOPBACK_UDP_MTU = 9000;
    /** IPv4 20 + UDP 8: what an MTU holds besides the datagram's payload. */
    static final int IPV4_UDP_HEADER_BYTES = 28;

    /**
     * Why check runs no UDP test on this path, or null when it runs one: the UDP test is for
     * Ethernet and RoCE paths (where a NIC ring, a switch buffer or a lossless class drops
     * datagrams; issue 28); an InfiniBand path carries IP only as IPoIB, whose UDP says nothing
     * about the fabric's own transport (perftest does).
     */
    public static String udpSkipReason(Limits limits) {
        if (limits.path().isPresent() && !limits.path().get().ports().isEmpty()
                && limits.path().get().ports().stream().allMatch(Port::isInfiniband)) {
            return "the path is InfiniBand (IPoIB): a UDP test there measures IPoIB, not the fabric (bw --rdma does)";
        }
        return null;
    }

    /**
     * The UDP test's datagram: the path's MTU less the IPv4 and UDP headers, so each datagram is one
     * packet (loopback and an unknown MTU: {@link #LOOPBACK_UDP_MTU}).
     */
    public static int udpDatagramBytes(Limits limits) {
        int mtu = LOOPBACK_UDP_MTU;
        if (limits.path().isPresent()) {
            for (Port p : limits.path().get().ports()) {
                if (p.netdev() != null && p.netdev().mtuBytes().isPresent() && p.netdev().mtuBytes().value() >= 576) {
                    mtu = Math.min(p.netdev().mtuBytes().value(), 65_535);
                }
            }
        }
        return mtu - IPV4_UDP_HEADER_BYTES;
    }

    /** The UDP test: one stream upload of {@code datagramBytes} datagrams for {@link #UDP_MILLIS}, unpaced. */
    public static TestSpec udpSpec(int datagramBytes) {
        return TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(UDP_MILLIS)
                .bufferBytes(datagramBytes).rateBitsPerSecond(0).build();
    }

    /** Step 3c: the UDP test against the same server. */
    public static UdpResult measureUdp(String target, int targetPort, TestSpec test, BooleanSupplier interrupted)
            throws IOException {
        return TestCounters.noted(new UdpBwClient(UdpBwClientConfig.builder().host(target).port(targetPort).spec(test)
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS).interrupted(interrupted).build())
                .run(TestListener.none()));
    }

    /** A side counts as CPU-bound when its data threads kept this share of one core per stream busy. */
    public static final double CPU_BOUND_PERCENT_PER_STREAM = 85;
    /** The zero-copy follow-up is short: it answers a yes/no question. */
    public static final long ZERO_COPY_FOLLOW_UP_MILLIS = 2_000;

    /** Whether the test ran below the ceiling with a side's data threads CPU-bound: then copies may be why. */
    public static boolean cpuBoundBelowCeiling(BwResult r, Verdict v) {
        if (v == null || v.ceilingBitsPerSecond() == null || v.measuredBitsPerSecond() >= v.ceilingBitsPerSecond()
                || r.cpu() == null) {
            return false;
        }
        int streams = Math.max(1, r.params().streams());
        for (BwResult.CpuSide side : Arrays.asList(r.cpu().client(), r.cpu().server())) {
            if (side != null && side.totalPercent() / streams >= CPU_BOUND_PERCENT_PER_STREAM) {
                return true;
            }
        }
        return false;
    }

    /** Step 3b: a short -Z --skip-rx-copy test on the same path with the same streams. */
    public static BwResult measureZeroCopy(String target, int targetPort, int streams, BooleanSupplier interrupted)
            throws IOException {
        TestSpec test = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(streams)
                .durationMillis(ZERO_COPY_FOLLOW_UP_MILLIS).zeroCopy(true).skipRxCopy(true).build();
        return TestCounters.noted(new BwClient(BwClientConfig.builder().host(target).port(targetPort).spec(test)
                .streamsChosenBy("option").connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .handshakeTimeoutMillis(CONNECT_TIMEOUT_MILLIS).interrupted(interrupted).build()).run(TestListener.none()));
    }

    /** Step 4: the verdict; null when the bandwidth test did not finish. */
    public static Verdict verdict(BwResult r, String iface, Limits limits, DoctorReport doctor) {
        Verdict v = pathVerdict(r, iface, limits, doctor);
        var note = r.counters() == null ? null : r.counters().headline();
        return v == null || note == null ? v : v.withCounterNote(note.rule(), note.message(), note.fix());
    }

    /** The path's verdict, before the counters of the test add theirs. */
    private static Verdict pathVerdict(BwResult r, String iface, Limits limits, DoctorReport doctor) {
        BwResult.Summary s = r.directions().getFirst().receiverSummary();
        if (s == null || !r.outcome().ok()) {
            return null;
        }
        double bps = s.bitsPerSecond();
        if ("lo".equals(iface)) {
            return Verdict.loopback(bps, r.params().streams(), limits.all());
        }
        if (limits.path().isPresent()) {
            return Verdict.through(bps, limits.path().get(), doctor.findings());
        }
        return Verdict.unknownPath(bps, iface == null ? "the route to the server could not be told (use --via IFACE)"
                : "no rate or PCIe link is known for " + iface);
    }

    /** JSON of `check`: the doctor report, the limits, the bandwidth and latency results, and the verdict. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"schema", "doctor", "limits", "bandwidth", "zeroCopyBandwidth", "latency", "udp",
            "udpSkipped", "serverSharedWithTests", "verdict"})
    public record Result(String schema, DoctorReport doctor, LimitsReport limits, BwResult bandwidth,
                         BwResult zeroCopyBandwidth, LatResult latency, UdpResult udp, String udpSkipped,
                         Verdict verdict, Integer serverSharedWithTests) {
        public static final String SCHEMA = "wirespeed.check/2";

        /** With what its parts' server said of sharing ({@link #sharedWithTests}). */
        public Result(String schema, DoctorReport doctor, LimitsReport limits, BwResult bandwidth,
                      BwResult zeroCopyBandwidth, LatResult latency, UdpResult udp, String udpSkipped,
                      Verdict verdict) {
            this(schema, doctor, limits, bandwidth, zeroCopyBandwidth, latency, udp, udpSkipped, verdict,
                    sharedWithTests(bandwidth, zeroCopyBandwidth, latency, udp));
        }
    }

    /**
     * What check's parts (the TCP test, the -Z follow-up, the ping-pong, the UDP test) heard from their server
     * about sharing, as one figure: the most other tests any part ran beside; null when no part's
     * server said (issue 29: the result carries what its parts said, each part also keeps its own).
     */
    public static Integer sharedWithTests(BwResult bandwidth, BwResult zeroCopy, LatResult latency, UdpResult udp) {
        Integer most = null;
        for (Integer others : Arrays.asList(bandwidth == null ? null : bandwidth.serverSharedWithTests(),
                zeroCopy == null ? null : zeroCopy.serverSharedWithTests(),
                latency == null ? null : latency.serverSharedWithTests(),
                udp == null ? null : udp.serverSharedWithTests())) {
            if (others != null) {
                most = most == null ? others : Math.max(most, others);
            }
        }
        return most;
    }
}
