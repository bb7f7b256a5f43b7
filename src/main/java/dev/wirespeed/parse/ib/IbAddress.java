package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A port's addresses as {@code ibaddr} prints them: its GID and the LIDs it answers to (a range of
 * 2^LMC LIDs).
 *
 * @param gid      the port GID as printed ("fe80::2:c903:33:6fe1"), null with {@code -l}
 * @param lidStart the first LID as printed ("0x4"), null with {@code -g}
 * @param lidEnd   the last LID as printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IbAddress")
public record IbAddress(String gid, String lidStart, String lidEnd, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("gid", gid).put("lid", lidStart == null ? null
                : lidStart.equals(lidEnd) ? lidStart : lidStart + "-" + lidEnd).map();
    }

    /** A fabric address, not named by a host's device: read by no host rule. */
    @Override
    public void addFacts(FactSink out) {}
}
