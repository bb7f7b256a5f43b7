package dev.wirespeed.parse;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the column map of {@link ParsedRecord#columns()}, leaving out absent values. */
public final class Columns {
    private final Map<String, String> map = new LinkedHashMap<>();

    public static Columns of() {
        return new Columns();
    }

    public Columns put(String name, Object value) {
        if (value instanceof Quantity q) {
            map.put(name, q.format());
        } else if (value instanceof Double d) {
            if (d.isInfinite()) {
                map.put(name, d > 0 ? "inf" : "-inf"); // ethtool -m prints "-inf dBm" for 0 mW
            } else if (!d.isNaN()) {
                map.put(name, UnitWords.trim(d));
            }
        } else if (value != null && !value.toString().isEmpty()) {
            map.put(name, value.toString());
        }
        return this;
    }

    public Map<String, String> map() {
        return map;
    }
}
