package dev.wirespeed.cli;

import dev.wirespeed.units.ByteSize;
import picocli.CommandLine;

/** "128K", "4M", "1G" (binary) → bytes, for picocli. */
final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return ByteSize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
