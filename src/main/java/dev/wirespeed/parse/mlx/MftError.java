package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * An error line of an NVIDIA/Mellanox firmware tool (MFT or mstflint: flint, mlxconfig, mlxlink,
 * mlxfwmanager …): "-E- Cannot open Device: 0031:01:00.0. Operation not supported. MFE_CR_ERROR".
 * The tool printed it instead of its output.
 *
 * @param tool    the program of the command, when the paste shows it
 * @param device  its -d argument
 * @param message the text after "-E- "
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MftError")
public record MftError(String tool, String device, String message, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("device", device).put("error", message).map();
    }

    /** A firmware tool's error line: shown in explain's records, nothing of the host in it. */
    @Override
    public void addFacts(FactSink out) {}
}
