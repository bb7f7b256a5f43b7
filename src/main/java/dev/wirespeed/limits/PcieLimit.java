package dev.wirespeed.limits;

import java.util.Locale;

/**
 * What a PCIe link can carry. Raw = transfer rate × lanes × line-code efficiency (Gen3 x4 =
 * 8 GT/s × 4 × 128/130 = 31.5 Gbit/s). Usable = raw × TLP efficiency: each TLP of {@code
 * maxPayloadBytes} carries a 16-byte header (4 DW, 64-bit addresses), 2-byte sequence number and
 * 4-byte LCRC, framed by STP+END (2 bytes, Gen1/2) or a 4-byte STP token (Gen3–5); in FLIT mode
 * (Gen6) sequence and CRC live in the flit, leaving the header. DLLPs (ACK, flow-control updates),
 * descriptor reads and completions for reads are not counted: real DMA gets a few % less.
 *
 * @param gen             generation
 * @param lanes           link width
 * @param maxPayloadBytes Max Payload Size used for the efficiency (128, 256, 512 …)
 * @param payloadAssumed  true when the payload size was not known and {@link #DEFAULT_MAX_PAYLOAD_BYTES} is assumed
 */
public record PcieLimit(PcieGen gen, int lanes, int maxPayloadBytes, boolean payloadAssumed) {
    /**
     * The most common Max Payload Size of NIC slots (src/test/resources/parse/mlx/mlnx_tune-r-seed001.txt:
     * "PCI Max Payload Size 256").
     */
    public static final int DEFAULT_MAX_PAYLOAD_BYTES = 256;

    public PcieLimit {
        if (lanes < 1 || lanes > 32) {
            throw new IllegalArgumentException("PCIe lanes " + lanes + " out of range (1..32)");
        }
        if (maxPayloadBytes < 128 || maxPayloadBytes > 4096) {
            throw new IllegalArgumentException("PCIe max payload " + maxPayloadBytes + " out of range (128..4096 bytes)");
        }
    }

    public static PcieLimit of(PcieGen gen, int lanes, Integer maxPayloadBytes) {
        return maxPayloadBytes == null
                ? new PcieLimit(gen, lanes, DEFAULT_MAX_PAYLOAD_BYTES, true)
                : new PcieLimit(gen, lanes, maxPayloadBytes, false);
    }

    /** Bytes a TLP adds to its payload on the link. */
    public int tlpOverheadBytes() {
        return switch (gen) {
            case GEN1, GEN2 -> 16 + 2 + 4 + 2;
            case GEN3, GEN4, GEN5 -> 16 + 2 + 4 + 4;
            case GEN6 -> 16;
        };
    }

    public double rawBitsPerSecond() {
        return gen.rawBitsPerSecondPerLane() * lanes;
    }

    public double tlpEfficiency() {
        return (double) maxPayloadBytes / (maxPayloadBytes + tlpOverheadBytes());
    }

    public double usableBitsPerSecond() {
        return rawBitsPerSecond() * tlpEfficiency();
    }

    /** "PCIe 3.0 x4" */
    public String label() {
        return gen.label() + " x" + lanes;
    }

    /** "8 GT/s × 4 lanes, 128b/130b; TLP payload 256 B + 26 B overhead = 90.8 % (payload size assumed)". */
    public String assumption() {
        return String.format(Locale.ROOT, "%s GT/s × %d %s, %s; TLP payload %d B + %d B overhead = %.1f %%%s",
                formatGts(gen.gigaTransfersPerSecond()), lanes, lanes == 1 ? "lane" : "lanes", gen.encoding(), maxPayloadBytes, tlpOverheadBytes(),
                tlpEfficiency() * 100, payloadAssumed ? " (payload size assumed)" : "");
    }

    /** Parses "gen3x4", "Gen3 x16", "3x8". */
    public static PcieLimit parse(String text, Integer maxPayloadBytes) {
        String t = text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        int x = t.lastIndexOf('x');
        if (x <= 0 || x == t.length() - 1) {
            throw new IllegalArgumentException("expected a PCIe link like gen3x4 but was '" + text + "'");
        }
        PcieGen gen = PcieGen.parse(t.substring(0, x));
        int lanes;
        try {
            lanes = Integer.parseInt(t.substring(x + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a PCIe link like gen3x4 but was '" + text + "'");
        }
        return of(gen, lanes, maxPayloadBytes);
    }

    static String formatGts(double gts) {
        return gts == Math.rint(gts) ? Long.toString((long) gts) : Double.toString(gts);
    }
}
