package dev.wirespeed.limits;

import java.util.Locale;

/**
 * InfiniBand lane speeds. Per lane: the signalling rate, the data rate after the line code, and
 * the number the kernel multiplies by the width in /sys/class/infiniband/.../rate (drivers/infiniband
 * /core/sysfs.c rate_show: 2.5, 5 and 10 for SDR/DDR/QDR are signal rates, so "40 Gb/sec (4X QDR)"
 * carries 32 Gbit/s of data; from FDR10 on the number is (about) the data rate, FDR's 14 being
 * 13.64 after 64b/66b).
 */
public enum IbSpeed {
    SDR(2.5, 2.0, 2.5, "8b/10b"),
    DDR(5.0, 4.0, 5.0, "8b/10b"),
    QDR(10.0, 8.0, 10.0, "8b/10b"),
    FDR10(10.3125, 10.0, 10.0, "64b/66b"),
    FDR(14.0625, 14.0625 * 64 / 66, 14.0, "64b/66b"),
    EDR(25.78125, 25.0, 25.0, "64b/66b"),
    HDR(53.125, 50.0, 50.0, "PAM4, 256b/257b + RS-FEC"),
    NDR(106.25, 100.0, 100.0, "PAM4, 256b/257b + RS-FEC"),
    XDR(212.5, 200.0, 200.0, "PAM4, 256b/257b + RS-FEC");

    private final double signalGbpsPerLane;
    private final double dataGbpsPerLane;
    private final double sysfsGbpsPerLane;
    private final String encoding;

    IbSpeed(double signalGbpsPerLane, double dataGbpsPerLane, double sysfsGbpsPerLane, String encoding) {
        this.signalGbpsPerLane = signalGbpsPerLane;
        this.dataGbpsPerLane = dataGbpsPerLane;
        this.sysfsGbpsPerLane = sysfsGbpsPerLane;
        this.encoding = encoding;
    }

    /** Signalling rate of one lane in Gbit/s (what iblinkinfo prints, e.g. 25.78125 for EDR). */
    public double signalGbpsPerLane() {
        return signalGbpsPerLane;
    }

    /** Data rate of one lane in Gbit/s, after the line code. */
    public double dataGbpsPerLane() {
        return dataGbpsPerLane;
    }

    /** The per-lane number in the kernel's sysfs rate string. */
    public double sysfsGbpsPerLane() {
        return sysfsGbpsPerLane;
    }

    public String encoding() {
        return encoding;
    }

    /** "EDR", "fdr10", " QDR " → the speed; IllegalArgumentException otherwise. */
    public static IbSpeed parse(String name) {
        String n = name == null ? "" : name.strip().toUpperCase(Locale.ROOT);
        for (IbSpeed s : values()) {
            if (s.name().equals(n)) {
                return s;
            }
        }
        throw new IllegalArgumentException("expected an InfiniBand speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR) but was '"
                + name + "'");
    }

    /** The speed whose signalling rate per lane is {@code gbps} (iblinkinfo's "25.78125 Gbps"), if any. */
    public static IbSpeed bySignalRate(double gbps) {
        for (IbSpeed s : values()) {
            if (Math.abs(s.signalGbpsPerLane - gbps) < 1e-3) {
                return s;
            }
        }
        return null;
    }
}
