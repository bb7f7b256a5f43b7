package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * One row of ibdiagnet's closing "Summary" table ("-I- Speed / Width checks  0  15"): the stage
 * and how many warnings and errors it found, with the "-E-" lines its section printed above (when
 * the paste has them).
 *
 * @param errorLines the section's "-E-" lines, at most {@link IbdiagnetParser#MAX_ERROR_LINES}
 */
@JsonTypeName("IbdiagStage")
public record IbdiagStage(String stage, int warnings, int errors, List<Source> errorLines, Source source)
        implements LogInput {
    public IbdiagStage {
        errorLines = errorLines == null ? List.of() : List.copyOf(errorLines);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("stage", stage).put("warnings", warnings).put("errors", errors).map();
    }

    /** ibdiagnet's stage table is about the fabric, not one host: read by the ibdiagnet rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
