package dev.wirespeed.cli;

import dev.wirespeed.diagnose.HostPaths;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.limits.Framing;
import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.limits.LimitsReport;
import dev.wirespeed.limits.Links;
import dev.wirespeed.limits.PathLimit;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.limits.Stage;
import dev.wirespeed.report.LimitsText;
import dev.wirespeed.results.Json;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "limits",
        header = "Compute the ceiling of a path from its link, framing and PCIe.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Compute the ceiling of a path from its parts — link, framing, PCIe — with raw and usable rates",
            "and the bottleneck. Give the parts on the command line, or none to use this host's NICs."},
        footer = {"", "Examples:",
            "  wirespeed limits                              every linked NIC of this host",
            "  wirespeed limits --eth 100G --mtu 9000 --pcie gen3x16",
            "  wirespeed limits --eth 25G --ports 2 --mtu 9000 --pcie gen3x4    a dual-port 25G card in an x4 slot",
            "  wirespeed limits --ib \"4X EDR\" --pcie gen3x16",
            "  wirespeed limits --ib \"40 Gb/sec (4X QDR)\" --ipoib connected",
            "  wirespeed limits --eth 25G --roce                ib_send_bw over RoCE at MTU 1500",
            "  wirespeed limits --eth 100G --mtu 9000 --roce=write --msg 4096",
            "  wirespeed limits --root /tmp/host1 --json    a captured host, as JSON",
            "",
            "Rates are decimal (1 Gbit/s = 10^9 bit/s). Raw = after the line code; usable = after protocol overhead.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class LimitsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--eth", paramLabel = "RATE", description = "Ethernet port speed, e.g. 10G, 25G, 100G, 400G.")
    String eth;

    @Option(names = "--ib", paramLabel = "LINK",
            description = "InfiniBand link: \"4X EDR\", \"2X NDR\", \"2xNDR\" (ibnetdiscover), \"NDR200\", as iblinkinfo "
                    + "prints it: \"4X 25.78125 Gbps\", or as sysfs does: \"40 Gb/sec (4X QDR)\"; a bare \"NDR\" assumes 4X.")
    String ib;

    @Option(names = "--ports", paramLabel = "N", defaultValue = "1",
            description = "Ports of that speed sharing the PCIe link (1..8; default 1).")
    int ports;

    @Option(names = "--mtu", paramLabel = "BYTES",
            description = "MTU: Ethernet (default 1500), or IPoIB with --ipoib (default 2044 datagram, 65520 connected).")
    Integer mtu;

    @Option(names = "--ipoib", paramLabel = "MODE", description = "TCP over IPoIB in this mode: connected or datagram (with --ib).")
    String ipoib;

    @Option(names = "--roce", paramLabel = "VERB", arity = "0..1", fallbackValue = "send",
            description = "RDMA over the --eth link (RoCEv2: IPv4 20 + UDP 8 + BTH 12 + ICRC 4 per packet), not TCP; "
                    + "VERB send (default) or write (RDMA WRITE: RETH 16 in each message's first packet, see --msg).")
    String roce;

    @Option(names = "--roce-mtu", paramLabel = "BYTES",
            description = "Active RoCE MTU (256..4096; default: the largest the Ethernet MTU allows, as the kernel picks it: "
                    + "1024 at MTU 1500, 4096 from 4192).")
    Integer roceMtu;

    @Option(names = "--msg", paramLabel = "BYTES",
            description = "RDMA WRITE message size with --roce=write (1..2^31; default 65536, perftest's).")
    Integer messageBytes;

    @Option(names = "--pcie", paramLabel = "LINK", description = "PCIe link, e.g. gen3x4, gen4x16.")
    String pcie;

    @Option(names = "--mps", paramLabel = "BYTES",
            description = "PCIe Max Payload Size for the TLP efficiency (128..4096; default 256, stated as assumed).")
    Integer maxPayloadBytes;

    @Mixin
    HostOptions host;

    @Option(names = {"-J", "--json"}, description = "Print only JSON (docs/json/limits.schema.json).")
    boolean json;

    @Override
    public Integer call() {
        LimitsReport report = fromCommandLine() ? LimitsReport.of("command line", List.of(commandLinePath()))
                : fromHost();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.pretty(report));
        } else {
            new LimitsText(out).print(report);
        }
        out.flush();
        return ExitCode.OK;
    }

    private boolean fromCommandLine() {
        return eth != null || ib != null || pcie != null;
    }

    private LimitsReport fromHost() {
        if (mtu != null || ipoib != null || maxPayloadBytes != null || ports != 1 || roce != null || roceMtu != null
                || messageBytes != null) {
            throw OptionRanges.usage(spec, "--mtu, --ipoib, --roce, --mps and --ports describe a path given with --eth, --ib or --pcie");
        }
        Facts facts = host.read(spec, null);
        return LimitsReport.of(facts.origin(), HostPaths.of(facts).stream().map(HostPaths.HostPath::limit).toList());
    }

    PathLimit commandLinePath() {
        if (eth != null && ib != null) {
            throw OptionRanges.usage(spec, "give --eth or --ib, not both");
        }
        OptionRanges.range(spec, "--ports", ports, 1, 8);
        if (maxPayloadBytes != null && Integer.bitCount(maxPayloadBytes) != 1 || maxPayloadBytes != null
                && (maxPayloadBytes < 128 || maxPayloadBytes > 4096)) {
            throw OptionRanges.usage(spec, "--mps " + maxPayloadBytes + " is not a PCIe payload size (128, 256, 512, 1024, 2048, 4096)");
        }
        if (ipoib != null && ib == null) {
            throw OptionRanges.usage(spec, "--ipoib needs --ib");
        }
        if ((roce != null || roceMtu != null || messageBytes != null) && eth == null) {
            throw OptionRanges.usage(spec, "--roce, --roce-mtu and --msg need --eth (RoCE runs over Ethernet; give InfiniBand with --ib)");
        }
        if ((roceMtu != null || messageBytes != null) && roce == null) {
            throw OptionRanges.usage(spec, (roceMtu != null ? "--roce-mtu" : "--msg") + " needs --roce");
        }
        List<Stage> stages = new ArrayList<>();
        if (eth != null) {
            stages.add(ethernet());
        }
        if (ib != null) {
            stages.add(infiniband());
        }
        if (pcie != null) {
            try {
                stages.add(Stage.pcie(PcieLimit.parse(pcie, maxPayloadBytes)));
            } catch (IllegalArgumentException e) {
                throw OptionRanges.usage(spec, "--pcie: " + e.getMessage());
            }
        }
        return new PathLimit("command line", stages);
    }

    private Stage ethernet() {
        long bps;
        try {
            bps = Rate.parse(eth);
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, "--eth: " + e.getMessage());
        }
        if (bps < 1_000_000 || bps > 1_600_000_000_000L) {
            throw OptionRanges.usage(spec, "--eth " + eth + " is out of range (1M..1600G)");
        }
        int m = mtu == null ? 1500 : mtu;
        OptionRanges.range(spec, "--mtu", m, 576, 65536);
        return roce == null ? Links.ethernet(bps / 1e9, ports, m) : roce(bps / 1e9, m);
    }

    /** RoCEv2 over the Ethernet link: the verb, the RoCE MTU the Ethernet MTU allows, the message size of a write. */
    private Stage roce(double gbps, int ethernetMtu) {
        boolean write = switch (roce.toLowerCase(Locale.ROOT)) {
            case "send" -> false;
            case "write" -> true;
            default -> throw OptionRanges.usage(spec, "--roce " + roce + " is not a verb (send or write)");
        };
        if (messageBytes != null && !write) {
            throw OptionRanges.usage(spec, "--msg is the size of an RDMA WRITE: give --roce=write");
        }
        int allowed = Framing.roceActiveMtu(ethernetMtu);
        if (roceMtu != null) {
            if (Integer.bitCount(roceMtu) != 1 || roceMtu < 256 || roceMtu > 4096) {
                throw OptionRanges.usage(spec, "--roce-mtu " + roceMtu + " is not an IB MTU (256, 512, 1024, 2048, 4096)");
            }
            if (roceMtu > allowed) {
                throw OptionRanges.usage(spec, "--roce-mtu " + roceMtu + " does not fit Ethernet MTU " + ethernetMtu + " (the kernel"
                        + " allows " + allowed + "; " + roceMtu + " needs MTU " + (roceMtu + 96) + ")");
            }
        }
        long msg = 0;
        if (write) {
            msg = messageBytes == null ? 65536 : messageBytes;
            OptionRanges.range(spec, "--msg", msg, 1, Integer.MAX_VALUE);
        }
        return Links.roce(gbps, ports, ethernetMtu, roceMtu, msg);
    }

    private Stage infiniband() {
        IbRate rate;
        boolean widthAssumed;
        try {
            String t = ib.strip();
            IbLinkArg arg = t.contains("(") ? new IbLinkArg(IbRate.parse(t), false) : parseLink(t);
            rate = arg.rate();
            widthAssumed = arg.widthAssumed();
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, "--ib: " + e.getMessage());
        }
        Boolean connected = null;
        if (ipoib != null) {
            connected = switch (ipoib.toLowerCase(Locale.ROOT)) {
                case "connected", "cm" -> true;
                case "datagram", "ud" -> false;
                default -> throw OptionRanges.usage(spec, "--ipoib " + ipoib + " is not a mode (connected or datagram)");
            };
            if (mtu != null) {
                OptionRanges.range(spec, "--mtu", mtu, 576, connected ? 65520 : 4092);
            }
        }
        Stage link = Links.infiniband(rate.widthLanes(), rate.speed(), ports, connected, mtu);
        return !widthAssumed ? link : new Stage(link.kind(), link.name(), link.rawBitsPerSecond(), link.usableBitsPerSecond(),
                link.assumption() + "; width not given: 4X assumed (NDR200 and HDR100 ports are 2X: give \"2X "
                        + rate.speed() + "\")");
    }

    /** "4X EDR" → width 4, EDR; the other spellings people copy: see {@link #parseLink}. */
    static IbRate parseWidthSpeed(String text) {
        return parseLink(text).rate();
    }

    /** An InfiniBand link as given, and whether its width was assumed (a bare speed: "NDR"). */
    record IbLinkArg(IbRate rate, boolean widthAssumed) {}

    private static final Pattern WIDTH_SPEED = Pattern.compile(
            "(\\d+)\\s*[xX][\\s-]*([A-Za-z]+\\d*)");
    /** iblinkinfo's "4X 25.78125 Gbps" (ibportstate "4X 25.78125 Gbps"): width and a lane's signalling rate. */
    private static final Pattern WIDTH_SIGNAL = Pattern.compile(
            "(\\d+)\\s*[xX]\\s+(\\d+(?:\\.\\d+)?)\\s*Gbps", Pattern.CASE_INSENSITIVE);
    /** Product names: NDR200 (2X NDR), HDR100 (2X HDR), NDR400, EDR100: the speed and the port's Gbit/s. */
    private static final Pattern PRODUCT = Pattern.compile("([A-Za-z]+)(\\d+)");

    /**
     * "4X EDR", "4xNDR"/"2x NDR" (ibnetdiscover's spelling), "4X 25.78125 Gbps" (iblinkinfo's: the lane's
     * signalling rate names the speed), "NDR200"/"HDR100" (the port's rate over the lane's gives the width),
     * and a bare "NDR": no width given, so 4X (the usual port width) is assumed and said so.
     */
    static IbLinkArg parseLink(String text) {
        String t = text.strip();
        Matcher m;
        if ((m = WIDTH_SIGNAL.matcher(t)).matches()) {
            IbSpeed speed = IbSpeed.bySignalRate(Double.parseDouble(m.group(2)));
            if (speed == null) {
                throw new IllegalArgumentException("no InfiniBand speed signals at " + m.group(2) + " Gbps a lane");
            }
            return new IbLinkArg(new IbRate(null, IbRate.parseWidth(m.group(1) + "X"), speed), false);
        }
        if ((m = WIDTH_SPEED.matcher(t)).matches()) {
            return new IbLinkArg(new IbRate(null, IbRate.parseWidth(m.group(1) + "X"),
                    IbSpeed.parse(m.group(2))), false);
        }
        if ((m = PRODUCT.matcher(t)).matches()) {
            IbSpeed speed = IbSpeed.parse(m.group(1));
            double lanes = Double.parseDouble(m.group(2)) / speed.sysfsGbpsPerLane();
            if (Math.abs(lanes - Math.rint(lanes)) > 0.1) {
                throw new IllegalArgumentException("'" + t + "' is no whole number of " + speed + " lanes");
            }
            return new IbLinkArg(new IbRate(null, IbRate.parseWidth(Math.round(lanes) + "X"), speed), false);
        }
        if (t.matches("[A-Za-z]+\\d*")) {
            return new IbLinkArg(new IbRate(null, 4, IbSpeed.parse(t)), true);
        }
        throw new IllegalArgumentException("expected a link like '4X EDR', '2xNDR', 'NDR200' or '4X 25.78125 Gbps' but was '"
                + text + "'");
    }
}
