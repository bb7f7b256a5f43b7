package dev.wirespeed.cli;

import dev.wirespeed.units.Rate;
import picocli.CommandLine;

/** "0", "100M", "2.5G" (decimal bit/s, as iperf -b) → bit/s, for picocli. */
final class RateConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Rate.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
