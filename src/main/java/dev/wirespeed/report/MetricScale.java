package dev.wirespeed.report;

import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.units.Rate;
import java.util.Locale;

/**
 * How a metric is shown in tables and on chart axes: one fixed scale per metric, so a column or an
 * axis never mixes units. Rates decimal (Gbit/s), IOPS in thousands as fio users quote them.
 *
 * @param unit     the label after the number ("Gbit/s", "KIOPS", "us")
 * @param divisor  stored value / divisor = shown value
 * @param decimals digits after the point
 */
public record MetricScale(String unit, double divisor, int decimals) {

    public static MetricScale of(String metric) {
        if (metric.equals(Metrics.BITS_PER_SECOND) || metric.endsWith("BitsPerSecond")) {
            return new MetricScale("Gbit/s", 1e9, 2);
        }
        if (metric.equals(Metrics.IOPS)) {
            return new MetricScale("KIOPS", 1e3, 1);
        }
        if (metric.equals(Metrics.MESSAGES_PER_SECOND)) {
            return new MetricScale("Mmsg/s", 1e6, 3);
        }
        if (metric.endsWith("Micros")) {
            return new MetricScale("us", 1, 2);
        }
        if (metric.endsWith("Percent")) {
            return new MetricScale("%", 1, 1);
        }
        if (metric.equals(Metrics.SECONDS)) {
            return new MetricScale("s", 1, 2);
        }
        if (metric.equals(Metrics.BYTES)) {
            return new MetricScale("MiB", 1024.0 * 1024, 1);
        }
        return new MetricScale("", 1, 0);
    }

    public double scale(double value) {
        return value / divisor;
    }

    /** The number alone, scaled and rounded ("156.0"). */
    public String number(double value) {
        return String.format(Locale.ROOT, "%." + decimals + "f", scale(value));
    }

    /**
     * Number and unit: a rate in the decimal unit that suits it ("200 Mbit/s", "24.7 Gbit/s", never
     * "0.20 Gbit/s"), anything else in this scale's unit ("12.50 us").
     */
    public String format(double value) {
        if (unit.equals("Gbit/s")) {
            return Rate.format(value);
        }
        return unit.isEmpty() ? number(value) : number(value) + " " + unit;
    }

    /** An axis title in words with the unit: "Bandwidth (Gbit/s)", "One-way latency (µs)". */
    public static String axisTitle(String metric) {
        MetricScale s = of(metric);
        String unit = s.unit.equals("us") ? "µs" : s.unit.equals("KIOPS") ? "thousands" : s.unit.equals("Mmsg/s")
                ? "millions/s" : s.unit;
        String words = switch (metric) {
            case Metrics.BITS_PER_SECOND -> "Bandwidth";
            case Metrics.PEAK_BITS_PER_SECOND -> "Peak bandwidth";
            case Metrics.IOPS -> "IOPS";
            case Metrics.MESSAGES_PER_SECOND -> "Message rate";
            case Metrics.LOSS_PERCENT -> "Datagrams lost";
            case Metrics.JITTER_MICROS -> "Jitter";
            case Metrics.CPU_CLIENT_PERCENT -> "Client CPU";
            case Metrics.CPU_SERVER_PERCENT -> "Server CPU";
            case Metrics.RETRANSMITS -> "Retransmitted segments";
            case Metrics.TRANSACTIONS_PER_SECOND -> "Transaction rate";
            case Metrics.ADDED_RTT_P99_MICROS -> "Round trip added by the load, p99";
            case Metrics.ADDED_RTT_P50_MICROS -> "Round trip added by the load, p50";
            case Metrics.LOADED_RTT_P99_MICROS -> "Round trip under load, p99";
            case Metrics.IDLE_RTT_P99_MICROS -> "Idle round trip, p99";
            case Metrics.CONNECT_P99_MICROS -> "Connect time, p99";
            case Metrics.FIRST_BYTE_P99_MICROS -> "Time to the first byte, p99";
            case Metrics.CLOSE_P99_MICROS -> "Close time, p99";
            default -> metric.startsWith("latency") ? "One-way latency" : metric;
        };
        return unit.isEmpty() ? words : words + " (" + unit + ")";
    }

    /** A narrow column header: "p99 us", "peak Gbit/s", "Mmsg/s", "KIOPS". */
    public static String shortTitle(String metric) {
        MetricScale s = of(metric);
        String what = switch (metric) {
            case Metrics.PEAK_BITS_PER_SECOND -> "peak";
            case Metrics.BITS_PER_SECOND, Metrics.IOPS, Metrics.MESSAGES_PER_SECOND -> "";
            default -> metric.startsWith("latency") && metric.endsWith("Micros")
                    ? metric.substring("latency".length(), metric.length() - "Micros".length())
                        .toLowerCase(Locale.ROOT).replace("p999", "p99.9") // p9999 becomes p99.99 too
                    : metric;
        };
        return (what + " " + s.unit).strip();
    }

    /** "iops (KIOPS)", for headers and axis labels. */
    public static String title(String metric) {
        MetricScale s = of(metric);
        return s.unit.isEmpty() ? metric : metric + " (" + s.unit + ")";
    }
}
