package dev.wirespeed.run;

import dev.wirespeed.units.ByteSize;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A point's parameters with typed, range-checked getters; a bad value is a {@link PlanException}. */
public final class PointParams {
    private final Map<String, String> values;
    private final String where;

    public PointParams(Map<String, String> values, String where) {
        this.values = values;
        this.where = where;
    }

    public Map<String, String> all() {
        return values;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public void onlyKnown(Set<String> known) {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new PlanException(where + ": unknown parameter '" + k + "' (this engine takes: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    public String text(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    public String required(String key) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            throw new PlanException(where + ": parameter '" + key + "' is required");
        }
        return v;
    }

    public Integer integer(String key, Integer dflt, long min, long max) {
        String v = values.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n < min || n > max) {
                throw bad(key, v, "a whole number in " + min + ".." + max);
            }
            return (int) n;
        } catch (NumberFormatException e) {
            throw bad(key, v, "a whole number in " + min + ".." + max);
        }
    }

    public Double seconds(String key, Double dflt, double min, double max) {
        String v = values.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            double s = Double.parseDouble(v.strip());
            if (!(s >= min && s <= max)) {
                throw bad(key, v, "seconds in " + min + ".." + max);
            }
            return s;
        } catch (NumberFormatException e) {
            throw bad(key, v, "seconds in " + min + ".." + max);
        }
    }

    /** A size with binary suffixes ("4k", "1M", "65536"); returns bytes. */
    public Long size(String key, Long dflt, long min, long max) {
        String v = values.get(key);
        if (v == null) {
            return dflt;
        }
        long b;
        try {
            b = ByteSize.parse(v.strip());
        } catch (IllegalArgumentException e) {
            throw bad(key, v, "a size such as 4k, 1M or 65536");
        }
        if (b < min || b > max) {
            throw bad(key, v, "a size in " + ByteSize.formatExact(min) + ".." + ByteSize.formatExact(max));
        }
        return b;
    }

    public boolean flag(String key) {
        String v = values.get(key);
        if (v == null) {
            return false;
        }
        return switch (v.strip().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw bad(key, v, "true or false");
        };
    }

    public String choice(String key, String dflt, String... allowed) {
        String v = values.get(key);
        if (v == null) {
            return dflt;
        }
        for (String a : allowed) {
            if (a.equals(v)) {
                return v;
            }
        }
        throw bad(key, v, "one of " + String.join(", ", allowed));
    }

    /** A word safe to pass as one argument (no blanks, no shell-looking characters needed). */
    public String word(String key, String dflt) {
        String v = values.get(key);
        if (v == null) {
            return dflt;
        }
        if (!v.matches("[\\w.:/@%+,=-]+")) {
            throw bad(key, v, "a single word (letters, digits, . : / @ % + , = -)");
        }
        return v;
    }

    public PlanException bad(String key, String value, String expected) {
        return new PlanException(where + ": " + key + " '" + value + "' must be " + expected);
    }
}
