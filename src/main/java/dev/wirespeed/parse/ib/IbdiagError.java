package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * An infiniband-diags tool's fatal error line (ibdiag_common.c iberror): "smpquery: iberror: failed:
 * operation NodeInfo: node info query failed" — the query got no answer from the LID or GUID it named.
 *
 * @param tool    the program that printed it ("smpquery", "perfquery", "ibportstate" …)
 * @param message what failed, as printed after "failed: "
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IbdiagError")
public record IbdiagError(String tool, String message, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("error", message).map();
    }

    /** Says which query failed, not which host or port is at fault: read by no rule yet. */
    @Override
    public void addFacts(FactSink out) {}
}
