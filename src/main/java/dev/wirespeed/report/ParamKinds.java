package dev.wirespeed.report;

import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a result parameter is, for the report's axes and findings: a size (drawn on a base-2 log
 * axis with binary ticks), a rate (decimal-prefixed ticks), a count (streams, I/O depth), or a
 * setting — how long or how often a test ran (iterations, duration, warm-up), which changes the
 * precision of a figure, not what it measures, so it is never an axis and never a reason to tell
 * results apart; it goes in the caption.
 */
public final class ParamKinds {
    /** Parameters that say how long or how often a test ran, not what it measured. */
    private static final Set<String> SETTINGS = Set.of("iterations", "warmupIterations", "warmup", "durationSeconds",
            "duration", "secondsPerSize", "omit", "omitSeconds", "runtime", "time_based", "timeout",
            "peakIntervalSeconds", "repetition", "bytes", "round", "status");
    private static final Set<String> SIZES = Set.of("length", "bufferBytes", "window", "windowBytes", "sizeBytes", "size",
            "datagramBytes", "bs", "blockSize", "msgSize", "mss", "mssBytes", "mtuBytes", "mtu");
    private static final Set<String> RATES = Set.of("targetBitsPerSecond", "bitrate", "rate", "fqRate");

    private ParamKinds() {}

    /** The kinds of parameter. */
    public enum Kind {
        SIZE,
        RATE,
        SETTING,
        OTHER
    }

    public static Kind of(String key) {
        if (SETTINGS.contains(key)) {
            return Kind.SETTING;
        }
        if (SIZES.contains(key) || key.endsWith("Bytes") && !key.equals("bytes")) {
            return Kind.SIZE;
        }
        if (RATES.contains(key) || key.endsWith("BitsPerSecond")) {
            return Kind.RATE;
        }
        return Kind.OTHER;
    }

    public static boolean isSetting(String key) {
        return of(key) == Kind.SETTING;
    }

    /**
     * A parameter value as a number in its base unit: sizes in bytes ("8K" is 8192), rates in
     * bit/s ("200M" is 2e8), anything else as a plain number; null when it is not one.
     */
    public static Double value(String key, String text) {
        if (text == null) {
            return null;
        }
        Kind kind = of(key);
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            try {
                if (kind == Kind.RATE) {
                    return (double) Rate.parse(text);
                }
                return (double) ByteSize.parse(text);
            } catch (IllegalArgumentException e2) {
                return null;
            }
        }
    }

    /**
     * An axis title in words with its unit: "Message size (bytes)", "Target rate (bit/s)",
     * "Streams", "I/O depth"; a parameter without its own words is spelled out from its name
     * ("congestion" → "Congestion").
     */
    public static String axisTitle(String key) {
        return switch (key) {
            case "sizeBytes", "size", "msgSize" -> "Message size (bytes)";
            case "length", "bufferBytes" -> "Buffer length (bytes)";
            case "window", "windowBytes" -> "TCP window (bytes)";
            case "datagramBytes" -> "Datagram size (bytes)";
            case "bs", "blockSize" -> "Block size (bytes)";
            case "mss", "mssBytes" -> "TCP MSS (bytes)";
            case "mtu", "mtuBytes" -> "MTU (bytes)";
            case "targetBitsPerSecond", "bitrate", "rate" -> "Target rate (bit/s)";
            case "streams" -> "Streams";
            case "iodepth" -> "I/O depth";
            case "numjobs" -> "Jobs";
            case "qps" -> "Queue pairs";
            default -> words(key) + (of(key) == Kind.SIZE ? " (bytes)" : of(key) == Kind.RATE ? " (bit/s)" : "");
        };
    }

    /** The words of an axis title in lower case, for a chart title: "bandwidth vs message size". */
    public static String inTitle(String key) {
        String t = axisTitle(key);
        int paren = t.indexOf(" (");
        String words = paren < 0 ? t : t.substring(0, paren);
        return words.equals("I/O depth") || words.startsWith("TCP ") || words.startsWith("MTU") ? words
                : words.toLowerCase(Locale.ROOT);
    }

    /** The values each setting takes in {@code results}, in parameter order, values ordered numerically. */
    static Map<String, TreeSet<String>> settingValues(
            Collection<StoredResult> results) {
        Map<String, TreeSet<String>> values = new LinkedHashMap<>();
        for (StoredResult r : results) {
            r.measurement().params().forEach((k, v) -> {
                if (isSetting(k)) {
                    values.computeIfAbsent(k, x -> new TreeSet<>(Points::compareValues)).add(v);
                }
            });
        }
        return values;
    }

    /** A setting in words for a caption: "iterations", "duration (s)", "warm-up round trips". */
    public static String settingWords(String key) {
        return switch (key) {
            case "durationSeconds" -> "duration (s)";
            case "duration", "runtime" -> "duration";
            case "secondsPerSize" -> "seconds per size";
            case "warmupIterations", "warmup" -> "warm-up round trips";
            case "omit", "omitSeconds" -> "warm-up (s)";
            case "peakIntervalSeconds" -> "peak interval (s)";
            case "bytes" -> "bytes per direction";
            default -> words(key).toLowerCase(Locale.ROOT);
        };
    }

    /** "targetBitsPerSecond" → "Target bits per second", "busy_poll" → "Busy poll". */
    static String words(String key) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '_' || c == '-') {
                b.append(' ');
            } else if (Character.isUpperCase(c) && i > 0) {
                b.append(' ').append(Character.toLowerCase(c));
            } else {
                b.append(i == 0 ? Character.toUpperCase(c) : c);
            }
        }
        return b.toString();
    }

    /** A value as people write it: sizes "8 KiB", rates "200 Mbit/s", else as stored. */
    public static String display(String key, String text) {
        Double v = value(key, text);
        if (v == null) {
            return text;
        }
        return switch (of(key)) {
            case SIZE -> ByteSize.formatExact(Math.round(v));
            case RATE -> Charts.RateFormat.format(v, "bit/s");
            default -> text;
        };
    }
}
