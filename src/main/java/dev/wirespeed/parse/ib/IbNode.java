package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** A switch or channel adapter of the fabric (ibnetdiscover "Switch 129 ..." / "Ca 1 ..." lines, iblinkinfo heads). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IbNode")
public record IbNode(String type, String name, String guid, Integer ports, String lid, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("type", type).put("name", name).put("ports", ports).put("lid", lid).map();
    }

    /** A fabric node is no host's: read by the log rules. */
    @Override
    public void addFacts(FactSink out) {}
}
