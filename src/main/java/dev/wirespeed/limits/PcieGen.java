package dev.wirespeed.limits;

import java.util.Locale;

/**
 * PCI Express generations: transfer rate per lane and line-code efficiency (PCIe base spec:
 * 8b/10b for 2.5 and 5 GT/s, 128b/130b for 8 to 32 GT/s; 64 GT/s runs in FLIT mode, where 236 of
 * every 256 bytes carry TLPs).
 */
public enum PcieGen {
    GEN1(1, 2.5, 8.0 / 10, "8b/10b"),
    GEN2(2, 5.0, 8.0 / 10, "8b/10b"),
    GEN3(3, 8.0, 128.0 / 130, "128b/130b"),
    GEN4(4, 16.0, 128.0 / 130, "128b/130b"),
    GEN5(5, 32.0, 128.0 / 130, "128b/130b"),
    GEN6(6, 64.0, 236.0 / 256, "FLIT mode (236 of 256 bytes)");

    private final int number;
    private final double gigaTransfersPerSecond;
    private final double encodingEfficiency;
    private final String encoding;

    PcieGen(int number, double gigaTransfersPerSecond, double encodingEfficiency, String encoding) {
        this.number = number;
        this.gigaTransfersPerSecond = gigaTransfersPerSecond;
        this.encodingEfficiency = encodingEfficiency;
        this.encoding = encoding;
    }

    public int number() {
        return number;
    }

    public double gigaTransfersPerSecond() {
        return gigaTransfersPerSecond;
    }

    public double encodingEfficiency() {
        return encodingEfficiency;
    }

    public String encoding() {
        return encoding;
    }

    /** Bit/s of one lane after the line code: Gen3 = 8 GT/s × 128/130 = 7.877 Gbit/s. */
    public double rawBitsPerSecondPerLane() {
        return gigaTransfersPerSecond * 1e9 * encodingEfficiency;
    }

    /** "PCIe 3.0" style name as vendors print it. */
    public String label() {
        return "PCIe " + number + ".0";
    }

    /** The generation running at {@code gts} GT/s, or null for a rate no generation uses. */
    public static PcieGen ofTransferRate(double gts) {
        for (PcieGen g : values()) {
            if (Math.abs(g.gigaTransfersPerSecond - gts) < 0.01) {
                return g;
            }
        }
        return null;
    }

    /** "gen3", "Gen4", "3" → the generation; IllegalArgumentException otherwise. */
    public static PcieGen parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("gen")) {
            t = t.substring(3);
        }
        for (PcieGen g : values()) {
            if (t.equals(Integer.toString(g.number))) {
                return g;
            }
        }
        throw new IllegalArgumentException("expected a PCIe generation gen1..gen6 but was '" + text + "'");
    }
}
