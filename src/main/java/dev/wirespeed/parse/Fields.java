package dev.wirespeed.parse;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** "Key: value" pairs of one block, each with the line it came from; keys compared case-insensitively. */
public final class Fields {
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Source> sources = new LinkedHashMap<>();
    private Source first;

    public void put(String key, String value, Source source) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        values.putIfAbsent(k, value.strip());
        sources.putIfAbsent(k, source);
        if (first == null) {
            first = source;
        }
    }

    /** Adds text to a value a line wrapped (a mail client, an 80-column terminal). */
    public void append(String key, String more) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        values.computeIfPresent(k, (x, v) -> (v + " " + more.strip()).strip());
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** The value, or null when absent or empty. */
    public String text(String key) {
        String v = values.get(key.toLowerCase(Locale.ROOT));
        return v == null || v.isEmpty() ? null : v;
    }

    public Integer integer(String key) {
        return UnitWords.integer(text(key));
    }

    /** The raw line the key was read from, or null. */
    public String raw(String key) {
        Source s = sources.get(key.toLowerCase(Locale.ROOT));
        return s == null ? null : s.text().strip();
    }

    public Source first() {
        return first;
    }

    public Map<String, String> all() {
        return values;
    }
}
