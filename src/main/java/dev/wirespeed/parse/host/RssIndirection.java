package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code ethtool -x IFACE}: the RSS indirection table (each hash bucket's RX ring), the hash key and functions.
 *
 * @param rings       "with 63 RX ring(s)": the RX rings the device has
 * @param context     an additional RSS context's number ("context 1"); null for the default one
 * @param entries     table entries read (the table's size when it was pasted whole)
 * @param queuesUsed  distinct rings the entries read point at
 * @param hashKey     "RSS hash key:" as printed (colon-separated bytes)
 * @param hashFunctions "toeplitz" → on …, and ethtool 6.x's input transformation ("symmetric-xor")
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("RssIndirection")
public record RssIndirection(String iface, Integer rings, Integer context, int entries, int queuesUsed,
                             String hashKey, Map<String, Boolean> hashFunctions, Source source)
        implements ParsedRecord {
    public RssIndirection {
        hashFunctions = Collections.unmodifiableMap(new LinkedHashMap<>(hashFunctions));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("rings", rings).put("entries", entries)
                .put("queues used", queuesUsed).map();
    }

    /** Shown as read: no rule reads the table yet. */
    @Override
    public void addFacts(FactSink out) {}
}
