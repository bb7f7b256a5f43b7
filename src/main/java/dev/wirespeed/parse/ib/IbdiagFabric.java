package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ibdiagnet's "Fabric Summary": node counts, the links by width and speed ("Links at 4x25 : 21",
 * width × Gbit/s per lane as ibdiagnet spells it) and the master SM line. Each part is null (or
 * empty) when the paste does not show it.
 *
 * @param linksAt "4x25" → 21, in printed order
 * @param masterSm the "Master SM:" line's text after the colon
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("IbdiagFabric")
public record IbdiagFabric(Integer totalNodes, Integer switches, Integer channelAdapters, Integer links,
                           Map<String, Integer> linksAt, String masterSm, Source source) implements LogInput {
    public IbdiagFabric {
        linksAt = linksAt == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(linksAt));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("nodes", totalNodes).put("switches", switches).put("CAs", channelAdapters)
                .put("links", links).map();
    }

    /** ibdiagnet's fabric summary counts the fabric's nodes and links, no host's. */
    @Override
    public void addFacts(FactSink out) {}
}
