package dev.wirespeed.explain;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.Piece;
import dev.wirespeed.results.Measurement;
import java.util.List;
import java.util.Map;

/**
 * What {@code wirespeed explain} printed, as one model for text and JSON.
 * Schema: docs/json/explain.schema.json (id {@value #SCHEMA}); change both together.
 *
 * @param inputs       the files read, in order ("-" is standard input)
 * @param pieces       every command with its output, and prose between them
 * @param measurements results of external tools in the common result model, in input order
 * @param failures     the measurements that are failed runs, not results (saved as failed)
 * @param facts        the host facts derived from the pieces, one set per host
 * @param findings     what the rules found, errors first
 * @param summary      counts
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "inputs", "summary", "pieces", "measurements", "failures", "facts", "findings"})
public record Explanation(String schema, List<String> inputs, Summary summary, List<Piece> pieces,
                          List<Measurement> measurements,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Failure> failures,
                          List<Facts> facts, List<Finding> findings) {

    public static final String SCHEMA = "wirespeed.explain/1";

    /**
     * @param pieces       pieces with a command or with output
     * @param recognized   pieces with at least one block in a known format
     * @param formats      blocks read per format, e.g. "ibstatus": 3
     * @param unrecognizedCommands pieces with a command whose output no parser read
     */
    @JsonPropertyOrder({"pieces", "recognized", "unrecognizedCommands", "formats"})
    public record Summary(int pieces, int recognized, int unrecognizedCommands, Map<String, Integer> formats) {}

    /**
     * A failed run among {@link #measurements}: its figures are what one side printed, not a result.
     *
     * @param measurement the index in {@link #measurements}
     * @param cause       {@code RunFailure}'s cause ("no-server", "receiver-empty", "no-reply")
     * @param message     what the tool printed, summed up
     */
    @JsonPropertyOrder({"measurement", "tool", "cause", "message"})
    public record Failure(int measurement, String tool, String cause, String message) {}

    /** The failure of measurement {@code index}, or null when it is a result. */
    public Failure failureOf(int index) {
        return failures.stream().filter(f -> f.measurement() == index).findFirst().orElse(null);
    }

    /** Non-blank lines outside every recognized block, over all pieces. */
    @JsonIgnore
    public int unrecognizedLines() {
        return pieces.stream().mapToInt(p -> p.unrecognized() == null ? 0 : p.unrecognized().lines()).sum();
    }

    /** True when nothing at all was recognized. */
    @JsonIgnore
    public boolean nothingRecognized() {
        return summary.recognized() == 0;
    }
}
