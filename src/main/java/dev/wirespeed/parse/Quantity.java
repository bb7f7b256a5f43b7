package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A number read from tool output, converted to a base unit, with the text it was read from.
 * Base units: {@code bit/s} (decimal), {@code B} (bytes), {@code us} (microseconds), {@code GT/s}
 * (PCIe transfers), {@code MHz}, {@code 1/s} (rates of messages or operations), {@code %},
 * {@code count}, {@code lanes} (a link's width, lspci's "x16"). The {@code raw} text keeps the tool's own unit
 * ("9.60 GBytes", "MB/sec", "x16").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Quantity(double value, String unit, String raw) {

    public static Quantity bitsPerSecond(double v, String raw) {
        return new Quantity(v, "bit/s", raw);
    }

    public static Quantity bytes(double v, String raw) {
        return new Quantity(v, "B", raw);
    }

    public static Quantity micros(double v, String raw) {
        return new Quantity(v, "us", raw);
    }

    public static Quantity of(double v, String unit, String raw) {
        return new Quantity(v, unit, raw);
    }

    /** A link's width in lanes with the token the tool printed for it ("x16"); null when no count was read. */
    public static Quantity lanes(Integer n, String raw) {
        return n == null ? null : new Quantity(n, "lanes", raw);
    }

    public static Quantity count(double v, String raw) {
        return new Quantity(v, "count", raw);
    }

    /** Text for tables: "24.8 Gbit/s", "9.60 GiB", "5.04 us". */
    public String format() {
        return UnitWords.format(value, unit);
    }

    @Override
    public String toString() {
        return format();
    }
}
