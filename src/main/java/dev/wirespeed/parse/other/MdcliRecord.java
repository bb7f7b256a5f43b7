package dev.wirespeed.parse.other;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One object of a Huawei MD-CLI "display" answer (JSON), with the members wirespeed reads kept
 * as printed: a startup-info (configed/current/next system software and patch files), a
 * patch-info (name, version, state), a transfer-task (file, status, percentage), or any other
 * object (its members as text).
 *
 * @param object the JSON list it came from: "startup-info", "patch-info", "transfer-task", or the display path
 * @param fields member name → value, in document order
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("MdcliRecord")
public record MdcliRecord(String object, Map<String, String> fields, Source source) implements LogInput {
    public String get(String member) {
        return fields.get(member);
    }

    @Override
    public Map<String, String> columns() {
        Columns c = Columns.of().put("object", object);
        int n = 0;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            if (n++ >= 6) {
                break;
            }
            c.put(e.getKey(), e.getValue());
        }
        return c.map();
    }

    /** A switch's MD-CLI object: read by the MD-CLI rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
