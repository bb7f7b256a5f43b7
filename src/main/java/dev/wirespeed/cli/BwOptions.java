package dev.wirespeed.cli;

import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Tos;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The bandwidth test's options, named as in iperf where iperf has them. */
final class BwOptions {
    static final int MAX_STREAMS = 128;
    static final int DEFAULT_MAX_STREAMS = 8;
    static final double DEFAULT_SECONDS = 10;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC",
            description = "Seconds to measure, after the warm-up (default 10; 0.1..86400; 0 = until Ctrl-C or SIGTERM, "
                    + "as iperf3, bounded by the server's --max-duration).")
    Double seconds;

    @Option(names = {"-S", "--tos"}, paramLabel = "TOS",
            description = "IP TOS byte (IPv6 traffic class) on every data socket, both sides: decimal, 0x hex or 0 "
                    + "octal, as iperf3 (e.g. 0x88 = DSCP AF41); the server reports what it received.")
    String tos;

    @Option(names = "--dscp", paramLabel = "DSCP", completionCandidates = Candidates.Dscp.class,
            description = "As -S, by code point: 0..63 or a name (CS0..CS7, AF11..AF43, EF, VA, LE); TOS = DSCP×4.")
    String dscp;

    @Option(names = "--fq-rate", paramLabel = "RATE", converter = RateConverter.class,
            description = "Pace every TCP stream to RATE bit/s (e.g. 500M): SO_MAX_PACING_RATE on both sides' data "
                    + "sockets, as iperf3's --fq-rate (TCP's own pacing since Linux 4.13, or the fq qdisc).")
    Long fqRateBitsPerSecond;

    @Option(names = "--bind-dev", paramLabel = "DEV",
            description = "TCP: bind the control and data connections to interface DEV (SO_BINDTODEVICE, as iperf3): "
                    + "they leave and arrive through DEV whatever the routes prefer. Needs root (CAP_NET_RAW).")
    String bindDevice;

    @Option(names = "--dont-fragment", description = "UDP: set Don't Fragment on every datagram of both sides "
            + "(IP_MTU_DISCOVER = IP_PMTUDISC_DO, as iperf3): a datagram above the path MTU fails with a clear error "
            + "instead of being fragmented, e.g. --udp -l 1472 --dont-fragment proves a 1500-byte path.")
    boolean dontFragment;

    @Option(names = {"-L", "--flowlabel"}, paramLabel = "N",
            description = "IPv6 TCP: flow label N (1..0xFFFFF, decimal or 0x hex, as iperf3) on this side's data "
                    + "connections, e.g. -6 -L 0x12345 (leased with IPV6_FLOWLABEL_MGR, sent with IPV6_FLOWINFO_SEND).")
    String flowLabel;

    @Option(names = {"-m", "--mptcp"}, description = "TCP: open the data connections as MPTCP (IPPROTO_MPTCP, as "
            + "iperf3 -m); the result says how many stayed MPTCP (a server whose listener is not MPTCP, e.g. without "
            + "server --mptcp, gets plain TCP). Needs net.mptcp.enabled=1.")
    boolean mptcp;

    @Option(names = {"-n", "--bytes"}, paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Send this many bytes per direction instead of running for a time (e.g. 10G).")
    Long bytes;

    @Option(names = {"-P", "--parallel"}, paramLabel = "STREAMS",
            description = "Parallel TCP streams per direction (1..128; default: one per core of this host, up to 8).")
    Integer parallel;

    @Option(names = {"-O", "--omit"}, paramLabel = "SEC", defaultValue = "0",
            description = "Warm-up seconds before measuring, shown but excluded from the summary (0..600).")
    double omitSeconds;

    @Option(names = {"-i", "--interval"}, paramLabel = "SEC", defaultValue = "1",
            description = "Seconds between interval reports; 0 = none (0 or 0.1..3600; default 1).")
    double intervalSeconds;

    @Option(names = {"-l", "--length"}, paramLabel = "LEN", converter = SizeConverter.class, defaultValue = "1M",
            description = "Bytes per write call (1..16M; default 1M, with --iperf3 128K as iperf3); receivers "
                    + "read max(LEN, 128K) per call.")
    long bufferBytes;

    @Option(names = {"-w", "--window"}, paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Socket buffer size SO_SNDBUF/SO_RCVBUF on both sides (1K..512M; default: kernel autotuning).")
    Long windowBytes;

    @Option(names = {"-R", "--reverse"}, description = "Server sends, client receives.")
    boolean reverse;

    @Option(names = "--bidir", description = "Both directions at once (-P streams each way).")
    boolean bidir;

    @Option(names = {"-C", "--congestion"}, paramLabel = "ALGO", completionCandidates = Candidates.Congestion.class,
            description = "TCP congestion control on both sides, e.g. cubic, bbr (Linux).")
    String congestion;

    @Option(names = {"-M", "--set-mss"}, paramLabel = "MSS", description = "TCP maximum segment size (88..65535).")
    Integer mssBytes;

    @Option(names = {"-N", "--no-delay"}, description = "Set TCP_NODELAY (disable Nagle).")
    boolean noDelay;

    @Option(names = {"-Z", "--zerocopy"},
            description = "TCP: send with sendfile(2) from a file of random bytes, no copy on the sender (as iperf3 -Z).")
    boolean zeroCopy;

    @Option(names = "--skip-rx-copy",
            description = "TCP: receive with MSG_TRUNC, the kernel discards the bytes instead of copying them (as iperf3).")
    boolean skipRxCopy;

    @Option(names = {"-A", "--affinity"}, paramLabel = "CPU[,SERVER_CPU]",
            description = "TCP: pin this side's data threads to CPU, and the server's to SERVER_CPU (as iperf3 -A).")
    String affinity;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDR", description = "Connect from this local address.")
    String bindAddress;

    /** The options only a TCP bandwidth test takes, as the usage error of a UDP test or a sweep names them. */
    static final String TCP_ONLY = "-Z, --skip-rx-copy, -A, -B and --bind-dev";

    /** Whether any option of {@link #TCP_ONLY} was given (a new TCP data path's flag joins both). */
    boolean tcpOnlyGiven() {
        return dataPathFlag() != null || affinity != null || bindAddress != null || bindDevice != null;
    }

    /**
     * The first data-path flag given ("-Z", "--skip-rx-copy"), or null: what a mode that moves its
     * bytes its own way (--trip-times) names in its usage error. A new TCP data path's flag joins it.
     */
    String dataPathFlag() {
        return zeroCopy ? "-Z" : skipRxCopy ? "--skip-rx-copy" : null;
    }

    /** --flowlabel's label (1..0xFFFFF, strtol base 0 as iperf3), 0 when not given; anything else is a usage error. */
    int flowLabel(CommandSpec spec) {
        if (flowLabel == null) {
            return 0;
        }
        int label;
        try {
            label = Integer.decode(flowLabel.trim());
        } catch (NumberFormatException e) {
            throw OptionRanges.usage(spec, "--flowlabel '" + flowLabel + "' is not a number (1..0xFFFFF)");
        }
        if (label < 1 || label > 0xFFFFF) {
            throw OptionRanges.usage(spec, "--flowlabel " + flowLabel + " is out of range (1..0xFFFFF, 20 bits)");
        }
        return label;
    }

    /** --bind-dev's interface, or null; one this host does not have (/sys/class/net) is a usage error. */
    String bindDevice(CommandSpec spec) {
        if (bindDevice == null) {
            return null;
        }
        if (bindDevice.isEmpty() || bindDevice.length() > 15 || bindDevice.contains("/")
                || !Files.isDirectory(Path.of("/sys/class/net", bindDevice))) {
            throw OptionRanges.usage(spec, "--bind-dev: no interface '" + bindDevice + "' on this host (see ip link)");
        }
        return bindDevice;
    }

    /** -S or --dscp as the TOS byte, or null; both, or a bad value, is a usage error. */
    Integer tos(CommandSpec spec) {
        if (tos != null && dscp != null) {
            throw OptionRanges.usage(spec, "-S and --dscp both set the TOS byte: give one");
        }
        try {
            return tos != null ? (Integer) Tos.parseTos(tos)
                    : dscp != null ? (Integer) Tos.parseDscp(dscp) : null;
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }

    /** -A's client CPU, or null. */
    Integer clientCpu(CommandSpec spec) {
        return affinity == null ? null : cpus(spec)[0];
    }

    /** -A's server CPU, or null. */
    Integer serverCpu(CommandSpec spec) {
        return affinity == null ? null : cpus(spec)[1];
    }

    private Integer[] cpus(CommandSpec spec) {
        return cpus(spec, affinity);
    }

    /** -A CPU[,SERVER_CPU] as {client, server}, either null when not given; bw and lat share it. */
    static Integer[] cpus(CommandSpec spec, String affinity) {
        String[] parts = affinity.split(",", -1);
        if (parts.length > 2) {
            throw OptionRanges.usage(spec, "-A takes CPU or CPU,SERVER_CPU (e.g. -A 2,3)");
        }
        Integer[] out = new Integer[2];
        for (int i = 0; i < parts.length; i++) {
            if (i == 0 && parts[i].isEmpty() && parts.length == 2) {
                continue; // -A ,3: the server only
            }
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw OptionRanges.usage(spec, "-A '" + affinity + "': a CPU is a number (e.g. -A 2,3)");
            }
            if (out[i] < 0 || out[i] >= Affinity.MAX_CPUS) {
                throw OptionRanges.usage(spec, "-A: CPU " + out[i] + " is out of range (0.."
                        + (Affinity.MAX_CPUS - 1) + ")");
            }
        }
        return out;
    }

    /** -B as an address (resolved now, so a typo is a usage error), or null. */
    InetAddress bind(CommandSpec spec) {
        return bind(spec, bindAddress);
    }

    /** -B ADDR resolved (a typo is a usage error), or null; bw and lat share it. */
    static InetAddress bind(CommandSpec spec, String bindAddress) {
        if (bindAddress == null) {
            return null;
        }
        try {
            return InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            throw OptionRanges.usage(spec, "-B '" + bindAddress + "' is not an address of this host");
        }
    }

    /** Streams when -P is absent: one per core of this host, up to 8 — enough not to be CPU-bound on one core. */
    static int defaultStreams() {
        return Math.clamp(Runtime.getRuntime().availableProcessors(), 1, DEFAULT_MAX_STREAMS);
    }

    static String defaultStreamsRule() {
        return "default: one per core of this host, up to " + DEFAULT_MAX_STREAMS;
    }

    int streams() {
        return parallel != null ? parallel : defaultStreams();
    }

    String streamsChosenBy() {
        return parallel != null ? "option" : defaultStreamsRule();
    }

    TestSpec toSpec(CommandSpec spec) {
        if (seconds != null && bytes != null) {
            throw OptionRanges.usage(spec, "-t and -n exclude each other: run for a time or for a byte count");
        }
        if (reverse && bidir) {
            throw OptionRanges.usage(spec, "-R and --bidir exclude each other");
        }
        double time = seconds == null ? DEFAULT_SECONDS : seconds;
        if (bytes == null) {
            if (time != 0) {
                OptionRanges.seconds(spec, "-t", time, 0.1, 86_400);
            }
        } else {
            OptionRanges.sizeRange(spec, "-n", bytes, 1, Long.MAX_VALUE / 4);
        }
        if (parallel != null) {
            OptionRanges.range(spec, "-P", parallel, 1, MAX_STREAMS);
        }
        OptionRanges.seconds(spec, "-O", omitSeconds, 0, 600);
        if (intervalSeconds != 0) {
            OptionRanges.seconds(spec, "-i", intervalSeconds, 0.1, 3600);
        }
        OptionRanges.sizeRange(spec, "-l", bufferBytes, 1, TestSpec.MAX_BUFFER_BYTES);
        if (windowBytes != null) {
            OptionRanges.sizeRange(spec, "-w", windowBytes, 1024, TestSpec.MAX_WINDOW_BYTES);
        }
        if (mssBytes != null) {
            OptionRanges.range(spec, "-M", mssBytes, 88, 65535);
        }
        if (congestion != null && !congestion.matches("[A-Za-z0-9_-]{1,15}")) {
            throw OptionRanges.usage(spec, "-C '" + congestion + "' is not an algorithm name (e.g. cubic, bbr, reno)");
        }
        Integer tosByte = tos(spec);
        if (fqRateBitsPerSecond != null) {
            OptionRanges.range(spec, "--fq-rate", fqRateBitsPerSecond, 1, TestSpec.MAX_PACING_BITS_PER_SECOND);
        }
        Direction direction = bidir ? Direction.BIDIR : reverse ? Direction.DOWNLOAD : Direction.UPLOAD;
        return TestSpec.tcpBandwidth().direction(direction).streams(streams())
                .durationMillis(bytes == null ? Math.round(time * 1000) : 0)
                .bytes(bytes == null ? 0 : bytes)
                .omitMillis(Math.round(omitSeconds * 1000)).intervalMillis(Math.round(intervalSeconds * 1000))
                .bufferBytes((int) bufferBytes).windowBytes(windowBytes == null ? 0 : windowBytes.intValue())
                .congestion(congestion).mssBytes(mssBytes == null ? 0 : mssBytes).noDelay(noDelay)
                .zeroCopy(zeroCopy).skipRxCopy(skipRxCopy).serverCpu(serverCpu(spec)).tos(tosByte)
                .pacingBitsPerSecond(fqRateBitsPerSecond == null ? 0 : fqRateBitsPerSecond).build();
    }
}
