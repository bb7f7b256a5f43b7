package dev.wirespeed.cli;

import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Numbers;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Range checks for options: a one-line message with the value and the valid range, exit 2. */
final class OptionRanges {
    private OptionRanges() {}

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
        inRange(spec, option, value, min, max, " seconds");
    }

    static void percent(CommandSpec spec, String option, double value, double min, double max) {
        inRange(spec, option, value, min, max, " %");
    }

    private static void inRange(CommandSpec spec, String option, double value, double min, double max, String unit) {
        if (!(value >= min && value <= max)) {
            throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "%s %s is out of range (%s..%s%s)", option, typed(spec, option, value), Numbers.plain(min),
                    Numbers.plain(max), unit));
        }
    }

    static CommandLine.ParameterException usage(CommandSpec spec, String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /**
     * The value as the user typed it when it was typed: a double past 2^63 ("-t 1e309" is infinity)
     * printed through a long became 9223372036854775807 (issue 32).
     */
    private static String typed(CommandSpec spec, String option, double value) {
        CommandLine.ParseResult parsed = spec.commandLine() == null ? null : spec.commandLine().getParseResult();
        CommandLine.Model.OptionSpec matched = parsed == null ? null : parsed.matchedOption(option);
        if (matched != null && !matched.originalStringValues().isEmpty()) {
            return matched.originalStringValues().getLast();
        }
        return Numbers.plain(value);
    }
}
