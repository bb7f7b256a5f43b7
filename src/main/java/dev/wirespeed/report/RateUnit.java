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
            case 'k' -> fixed(bitsPerSecond / 1e3, "kbit/s");
            case 'm' -> fixed(bitsPerSecond / 1e6, "Mbit/s");
            case 'g' -> fixed(bitsPerSecond / 1e9, "Gbit/s");
            case 'K' -> fixed(bitsPerSecond / 8 / 1024, "KiB/s");
            case 'M' -> fixed(bitsPerSecond / 8 / (1024 * 1024), "MiB/s");
            case 'G' -> fixed(bitsPerSecond / 8 / (1024 * 1024 * 1024), "GiB/s");
            default -> Rate.format(bitsPerSecond);
        };
    }

    private static String fixed(double value, String unit) {
        return String.format(Locale.ROOT, "%.2f %s", value, unit);
    }
}
