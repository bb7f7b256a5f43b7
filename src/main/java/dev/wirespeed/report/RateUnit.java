package dev.wirespeed.report;

import dev.wirespeed.units.Rate;
import java.util.Locale;

/**
 * iperf3's {@code -f} report unit: lowercase k, m, g are bits per second in powers of 1000, uppercase
 * K, M, G bytes per second in powers of 1024 (iperf3 units.c). As in iperf3 it fixes the rate's unit
 * only; transfers keep their adaptive binary unit. {@link #ADAPTIVE} is wirespeed's own choice.
 */
public record RateUnit(char letter) {
    public static final RateUnit ADAPTIVE = new RateUnit('a');

    public static boolean valid(char letter) {
        return "kmgKMGa".indexOf(letter) >= 0;
    }

    public String format(double bitsPerSecond) {
        return switch (letter) {
            case 'k' -> fixed(value(bitsPerSecond), "kbit/s");
            case 'm' -> fixed(value(bitsPerSecond), "Mbit/s");
            case 'g' -> fixed(value(bitsPerSecond), "Gbit/s");
            case 'K' -> fixed(value(bitsPerSecond), "KiB/s");
            case 'M' -> fixed(value(bitsPerSecond), "MiB/s");
            case 'G' -> fixed(value(bitsPerSecond), "GiB/s");
            default -> Rate.format(bitsPerSecond);
        };
    }

    /** The rate as a number of this unit (Gbit/s for {@link #ADAPTIVE}, which has no fixed unit). */
    public double value(double bitsPerSecond) {
        return switch (letter) {
            case 'k' -> bitsPerSecond / 1e3;
            case 'm' -> bitsPerSecond / 1e6;
            case 'K' -> bitsPerSecond / 8 / 1024;
            case 'M' -> bitsPerSecond / 8 / (1024 * 1024);
            case 'G' -> bitsPerSecond / 8 / (1024 * 1024 * 1024);
            default -> bitsPerSecond / 1e9;
        };
    }

    private static String fixed(double value, String unit) {
        return String.format(Locale.ROOT, "%.2f %s", value, unit);
    }
}
