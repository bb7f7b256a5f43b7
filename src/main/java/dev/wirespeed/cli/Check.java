package dev.wirespeed.cli;

import dev.wirespeed.units.ByteSize;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Range checks for options: a one-line message with the value and the valid range, exit 2. */
final class Check {
    private Check() {}

    static void range(CommandSpec spec, String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    option + " " + value + " is out of range (" + min + ".." + max + ")");
        }
    }

    static void sizeRange(CommandSpec spec, String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + ByteSize.formatExact(value)
                    + " is out of range (" + ByteSize.formatExact(min) + ".." + ByteSize.formatExact(max) + ")");
        }
    }

    static void seconds(CommandSpec spec, String option, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "%s %s is out of range (%s..%s seconds)", option, trim(value), trim(min), trim(max)));
        }
    }

    static CommandLine.ParameterException usage(CommandSpec spec, String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
