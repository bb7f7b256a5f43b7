package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** lstopo's totals: memory, packages, NUMA nodes, cores and hardware threads (PUs). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("TopologyMachine")
public record TopologyMachine(Quantity memory, int packages, int numaNodes, int cores, int processingUnits,
                              Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("memory", memory).put("packages", packages).put("numa nodes", numaNodes)
                .put("cores", cores).put("threads", processingUnits).map();
    }

    /** lstopo's machine line: shown as read; the devices below it carry the host facts. */
    @Override
    public void addFacts(FactSink out) {}
}
