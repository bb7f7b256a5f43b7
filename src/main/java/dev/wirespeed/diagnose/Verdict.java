package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.limits.PathLimit;
import dev.wirespeed.limits.Stage;
import dev.wirespeed.units.Rate;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The answer of `check`: the measured rate against the path's ceiling, the stage that caps it and
 * the finding that explains it, with its fix.
 *
 * @param measuredBitsPerSecond what the test moved (receiver side)
 * @param ceilingBitsPerSecond  the path's ceiling (usable rate of its bottleneck), null when unknown
 * @param percentOfCeiling      measured / ceiling × 100, null when the ceiling is unknown
 * @param bottleneck            the capping stage's name ("PCIe 2.0 x16"), null when unknown
 * @param finding               the rule id that explains the bottleneck, or null (at line rate: the path is the limit;
 *                              below it: nothing in the facts explains the gap)
 * @param fix                   what to do about it, or null
 * @param zeroCopyBitsPerSecond the follow-up test's rate with -Z --skip-rx-copy, when the first was CPU-bound
 *                              below the ceiling; null when none ran
 * @param udp                   what check's UDP test reached, when one ran (Ethernet, RoCE, loopback); else null
 * @param text                  the verdict as one line
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"measuredBitsPerSecond", "ceilingBitsPerSecond", "percentOfCeiling", "bottleneck", "finding", "fix",
        "zeroCopyBitsPerSecond", "udp", "text"})
public record Verdict(double measuredBitsPerSecond, Double ceilingBitsPerSecond, Double percentOfCeiling, String bottleneck,
                      String finding, Fix fix, Double zeroCopyBitsPerSecond, Udp udp, String text) {

    public Verdict(double measuredBitsPerSecond, Double ceilingBitsPerSecond, Double percentOfCeiling, String bottleneck,
                   String finding, Fix fix, Double zeroCopyBitsPerSecond, String text) {
        this(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, fix,
                zeroCopyBitsPerSecond, null, text);
    }

    /**
     * What check's UDP test reached (issue 28): its received rate, as a share of the path's ceiling
     * for UDP (the TCP ceiling's link stage with UDP's 28 bytes of headers instead of TCP's 52), its
     * loss and the receiving socket's own drops.
     *
     * @param percentOfCeiling null when the ceiling is unknown
     * @param socketDrops      null where the socket could not say
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Udp(int datagramBytes, double receivedBitsPerSecond, Double ceilingBitsPerSecond,
                      Double percentOfCeiling, double lossPercent, Long socketDrops) {}

    /**
     * This verdict with the UDP test's figures and a sentence on them; {@code counterNote} is the
     * worst note on the UDP test's own counters (its socket, its path), or null.
     */
    public Verdict withUdp(int datagramBytes, double receivedBitsPerSecond, double lossPercent, Long socketDrops,
                           String counterNote) {
        Double udpCeiling = null;
        if (ceilingBitsPerSecond != null) {
            int mtu = datagramBytes + 28;
            boolean linkBound = bottleneck != null && !bottleneck.startsWith("PCIe") && mtu > 52;
            udpCeiling = linkBound ? ceilingBitsPerSecond * (mtu - 28) / (mtu - 52.0) : ceilingBitsPerSecond;
        }
        Double percent = udpCeiling == null ? null : Math.round(receivedBitsPerSecond / udpCeiling * 1000) / 10.0;
        StringBuilder t = new StringBuilder(text).append(String.format(Locale.ROOT, " UDP (%d B datagrams, unpaced): %s"
                + " received", datagramBytes, Rate.format(receivedBitsPerSecond)));
        if (percent != null) {
            t.append(String.format(Locale.ROOT, " = %.0f %% of the ceiling for UDP (%s)", percent,
                    Rate.format(udpCeiling)));
        }
        t.append(String.format(Locale.ROOT, ", lost %s %%", lossPercent == 0 ? "0"
                : String.format(Locale.ROOT, "%.3g", lossPercent)));
        if (socketDrops != null && socketDrops > 0) {
            t.append(" (the receiving socket dropped ").append(socketDrops).append(": its host could not keep up)");
        }
        t.append('.');
        if (counterNote != null) {
            t.append(" During the UDP test: ").append(counterNote).append('.');
        }
        return new Verdict(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, fix,
                zeroCopyBitsPerSecond, new Udp(datagramBytes, receivedBitsPerSecond, udpCeiling, percent, lossPercent,
                socketDrops), t.toString());
    }

    public Verdict(double measuredBitsPerSecond, Double ceilingBitsPerSecond, Double percentOfCeiling, String bottleneck,
                   String finding, Fix fix, String text) {
        this(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, fix, null, text);
    }

    /** A zero-copy rate at least this much above the copying one says the copies were the bottleneck. */
    static final double COPIES_MATTER_RATIO = 1.2;

    /**
     * This verdict with the answer of the zero-copy follow-up (-Z --skip-rx-copy): whether copying
     * the bytes in and out of the applications is what held the CPU-bound test back.
     */
    public Verdict withZeroCopy(double zeroCopyBitsPerSecond) {
        double copying = measuredBitsPerSecond;
        String answer;
        boolean reachesCeiling = ceilingBitsPerSecond != null && zeroCopyBitsPerSecond >= ceilingBitsPerSecond;
        if (reachesCeiling) {
            answer = String.format(Locale.ROOT, " With copies %s (CPU-bound), zero-copy %s: the NIC can be driven,"
                    + " applications that copy will not.", Rate.format(copying), Rate.format(zeroCopyBitsPerSecond));
        } else if (zeroCopyBitsPerSecond >= copying * COPIES_MATTER_RATIO) {
            answer = String.format(Locale.ROOT, " With copies %s (CPU-bound), zero-copy %s: copies are a bottleneck,"
                    + " but even without them this host stays below the ceiling.", Rate.format(copying),
                    Rate.format(zeroCopyBitsPerSecond));
        } else {
            answer = String.format(Locale.ROOT, " With copies %s (CPU-bound), zero-copy %s: copies are not the"
                    + " bottleneck (the kernel's TCP path is).", Rate.format(copying), Rate.format(zeroCopyBitsPerSecond));
        }
        return new Verdict(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, fix,
                zeroCopyBitsPerSecond, udp, text + answer);
    }

    /** Below this share of the ceiling the hosts, not the path, are the likely limit. */
    static final double WELL_BELOW_PERCENT = 80;
    /** At this share of the ceiling or more a test is at line rate (TcpCeiling.AT_LINE_RATE, the same for explain). */
    static final double AT_LINE_RATE_PERCENT = 100 * TcpCeiling.AT_LINE_RATE;

    private static final Set<String> PCIE_RULES = Set.of(PcieLinkDowngradedRule.ID, PcieBelowPortsRule.ID);
    private static final Set<String> LINK_RULES = Set.of(EthernetMtuRule.ID, IpoibDatagramRule.ID, PortRateBelowDeviceRule.ID);

    /** A test through {@code path}: percentage of its ceiling, and its bottleneck explained by {@code findings}. */
    public static Verdict through(double measured, HostPaths.HostPath path, List<Finding> findings) {
        PathLimit limit = path.limit();
        double ceiling = limit.ceilingBitsPerSecond();
        double percent = measured / ceiling * 100;
        Stage b = limit.bottleneck();
        Optional<Finding> why = explain(b, path, findings);
        boolean lineRate = percent >= AT_LINE_RATE_PERCENT;
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%s = %.0f %% of %s", Rate.format(measured), percent,
                Rate.format(ceiling)));
        t.append(lineRate ? " — at line rate; bottleneck: " : " — bottleneck: ").append(b.name()).append(" (")
                .append(Rate.format(b.rawBitsPerSecond())).append(" raw)");
        if (why.isPresent()) {
            t.append(": ").append(why.get().message()).append('.');
            if (why.get().fix() != null) {
                Fix fix = why.get().fix();
                t.append(" Fix: ").append(fix.action()).append(fix.command() == null ? "" : " (" + fix.command() + ")").append('.');
            }
        } else if (lineRate) {
            t.append(": the path is the limit — tuning streams, IRQs or buffers cannot raise it.");
        } else {
            t.append("; nothing in the host's facts explains the gap to the ceiling.");
        }
        if (percent < WELL_BELOW_PERCENT) {
            t.append(" The test stayed well below the ceiling: the hosts (CPU, streams -P, the peer) or the network"
                    + " between them held it back.");
        }
        return new Verdict(measured, ceiling, percent, b.name(), why.map(Finding::rule).orElse(null),
                why.map(Finding::fix).orElse(null), t.toString());
    }

    /**
     * A loopback test: what the host itself can drive, against its fastest NIC path (a host that
     * cannot drive its NIC's ceiling over loopback is CPU-bound there too).
     */
    public static Verdict loopback(double measured, int streams, List<HostPaths.HostPath> paths) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT,
                "loopback %s with %d %s — this host can drive about %s of TCP", Rate.format(measured), streams,
                streams == 1 ? "stream" : "streams", Rate.format(measured)));
        Optional<HostPaths.HostPath> fastest = paths.stream()
                .max(Comparator.comparingDouble(p -> p.limit().ceilingBitsPerSecond()));
        if (fastest.isEmpty()) {
            t.append("; no NIC with a known rate to compare it with.");
            return new Verdict(measured, null, null, null, null, null, t.toString());
        }
        PathLimit f = fastest.get().limit();
        double ceiling = f.ceilingBitsPerSecond();
        double percent = measured / ceiling * 100;
        if (measured < ceiling) {
            t.append(String.format(Locale.ROOT, ", %.0f %% of its fastest NIC path (%s: %s, bottleneck %s): a test at that rate"
                    + " will be CPU-bound here.", percent, f.name(), Rate.format(ceiling), f.bottleneck().name()));
        } else {
            t.append(String.format(Locale.ROOT, ", enough for its fastest NIC path (%s: %s).", f.name(), Rate.format(ceiling)));
        }
        return new Verdict(measured, ceiling, percent, f.bottleneck().name(), null, null, t.toString());
    }

    /**
     * This verdict with what the counters said during the test ({@code message}, the worst counter
     * note, and its {@code fix}): the reason the test fell short when the path itself does not
     * explain it. The rule becomes this verdict's finding when it had none.
     */
    public Verdict withCounterNote(String rule, String message, String fix) {
        if (percentOfCeiling != null && percentOfCeiling >= AT_LINE_RATE_PERCENT) {
            // at line rate the counters held nothing back: context, never the verdict's reason or fix
            return new Verdict(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, this.fix,
                    zeroCopyBitsPerSecond, udp, text + " During the test: " + message + " (it did not hold the test back: at line rate).");
        }
        String t = text + " During the test: " + message + (fix == null ? "" : "; " + fix) + ".";
        if (finding != null) {
            return new Verdict(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, finding, this.fix, t);
        }
        return new Verdict(measuredBitsPerSecond, ceilingBitsPerSecond, percentOfCeiling, bottleneck, rule,
                fix == null ? null : Fix.action(fix), t);
    }

    /** A test whose path is unknown (interface not found, or no rate known for it). */
    public static Verdict unknownPath(double measured, String why) {
        return new Verdict(measured, null, null, null, null, null, Rate.format(measured) + "; no ceiling: " + why + ".");
    }

    private static Optional<Finding> explain(Stage b, HostPaths.HostPath path, List<Finding> findings) {
        if (b.kind().equals(Stage.PCIE)) {
            String subject = PcieLinkDowngradedRule.subject(path.adapter());
            return findings.stream().filter(f -> PCIE_RULES.contains(f.rule()) && f.subject().equals(subject)).findFirst();
        }
        List<String> subjects = path.ports().stream()
                .flatMap(p -> p.netdev() == null ? Stream.of(p.label())
                        : Stream.of(p.label(), p.netdev().name()))
                .toList();
        return findings.stream().filter(f -> LINK_RULES.contains(f.rule()) && subjects.contains(f.subject())).findFirst();
    }
}
