package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.limits.PcieGen;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PCIe link as trained (current) and as the device can do (max): sysfs current_link_speed,
 * current_link_width, max_link_speed, max_link_width; lspci -vvv LnkSta/LnkCap; mlnx_tune
 * "PCI Width x16", "PCI Speed 5GT/s".
 *
 * @param currentGts         current transfer rate per lane in GT/s (8.0 = Gen3)
 * @param currentWidth       current lanes
 * @param maxGts             the device's best transfer rate
 * @param maxWidth           the device's widest link
 * @param maxPayloadBytes    Max Payload Size in use (lspci DevCtl "MaxPayload 256 bytes", mlnx_tune)
 * @param reportedDowngraded a source's own "downgraded" mark (lspci "Width x4 (downgraded)",
 *                           mlnx_tune "WARNING - device supports x8"), when it says so
 * @param linkOwner          the PCI address whose link registers these are: the function itself, or the
 *                           upstream bridge's when the function shows no link (virtual functions,
 *                           some SoC NICs); null when unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"currentGts", "currentWidth", "maxGts", "maxWidth", "maxPayloadBytes", "reportedDowngraded", "linkOwner"})
public record PcieLink(
        Observed<Double> currentGts,
        Observed<Integer> currentWidth,
        Observed<Double> maxGts,
        Observed<Integer> maxWidth,
        Observed<Integer> maxPayloadBytes,
        Observed<Boolean> reportedDowngraded,
        String linkOwner) {

    /**
     * The raw {@link #reportedDowngraded} holds when the kernel's bandwidth notice says "limited by … link" but the
     * line ends before "at &lt;address&gt;" and "(capable of …)" (drivers/pci/pci.c, __pcie_print_link_status prints
     * both whenever it prints "limited by"): a link on the way limits the device, which one is not shown.
     */
    public static final String LIMIT_NOT_LOCATED = "limited by … link (the line ends before it names where)";

    private static final Pattern GTS = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*GT/s(?:\\s+PCIe)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern WIDTH = Pattern.compile("x?(\\d+)", Pattern.CASE_INSENSITIVE);

    public static PcieLink notSeen() {
        return new PcieLink(Observed.notSeen(), Observed.notSeen(), Observed.notSeen(), Observed.notSeen(),
                Observed.notSeen(), Observed.notSeen(), null);
    }

    /**
     * "8.0 GT/s PCIe" (kernel ≥ 5.x), "8 GT/s" (older kernels), "8GT/s" (lspci, mlnx_tune) → 8.0.
     * "Unknown"/"Unknown speed" and rates no generation uses are IllegalArgumentException.
     */
    public static double parseTransferRate(String text) {
        Matcher m = GTS.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a PCIe rate like '8.0 GT/s PCIe' but was '" + text + "'");
        }
        double gts = Double.parseDouble(m.group(1));
        if (PcieGen.ofTransferRate(gts) == null) {
            throw new IllegalArgumentException("no PCIe generation runs at " + m.group(1) + " GT/s");
        }
        return gts;
    }

    /** "4" (sysfs), "x4" (lspci, mlnx_tune) → 4; 0 (a link that is down) is IllegalArgumentException. */
    public static int parseWidth(String text) {
        Matcher m = WIDTH.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a link width like 'x4' but was '" + text + "'");
        }
        int w = Integer.parseInt(m.group(1));
        if (w != 1 && w != 2 && w != 4 && w != 8 && w != 12 && w != 16 && w != 32) {
            throw new IllegalArgumentException("expected a width of 1, 2, 4, 8, 12, 16 or 32 lanes but was '" + text + "'");
        }
        return w;
    }

    /** A cut kernel notice is the only source of the limit: the slow link may be the device's own or a bridge's. */
    @JsonIgnore
    public boolean limitNotLocated() {
        return reportedDowngraded.isPresent() && LIMIT_NOT_LOCATED.equals(reportedDowngraded.raw());
    }

    @JsonIgnore
    public PcieGen currentGen() {
        return currentGts.isPresent() ? PcieGen.ofTransferRate(currentGts.value()) : null;
    }

    @JsonIgnore
    public PcieGen maxGen() {
        return maxGts.isPresent() ? PcieGen.ofTransferRate(maxGts.value()) : null;
    }

    /** Current rate below max; false when either is unknown. */
    @JsonIgnore
    public boolean isSpeedDowngraded() {
        return currentGts.isPresent() && maxGts.isPresent() && currentGts.value() < maxGts.value() - 0.01;
    }

    /** Current width below max; false when either is unknown. */
    @JsonIgnore
    public boolean isWidthDowngraded() {
        return currentWidth.isPresent() && maxWidth.isPresent() && currentWidth.value() < maxWidth.value();
    }

    /** "PCIe 3.0 x4 (8 GT/s)" for the current link, or what is known of it. */
    public static String describe(Observed<Double> gts, Observed<Integer> width) {
        PcieGen gen = gts.isPresent() ? PcieGen.ofTransferRate(gts.value()) : null;
        String w = width.isPresent() ? "x" + width.value() : "x?";
        if (gen == null) {
            return "PCIe " + w + " (speed not shown)";
        }
        return gen.label() + " " + w + " (" + formatGts(gen.gigaTransfersPerSecond()) + " GT/s)";
    }

    public static String formatGts(double gts) {
        return gts == Math.rint(gts) ? Long.toString((long) gts) : String.format(Locale.ROOT, "%.1f", gts);
    }

    public PcieLink merge(PcieLink o) {
        return new PcieLink(currentGts.or(o.currentGts), currentWidth.or(o.currentWidth), maxGts.or(o.maxGts),
                maxWidth.or(o.maxWidth), maxPayloadBytes.or(o.maxPayloadBytes),
                reportedDowngraded.or(o.reportedDowngraded), linkOwner != null ? linkOwner : o.linkOwner);
    }
}
