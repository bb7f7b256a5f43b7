package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** `results list --json` and `results export --json`: schema docs/json/results.schema.json. */
@JsonPropertyOrder({"schema", "results"})
public record ResultsDocument(String schema, List<StoredResult> results) {
    public static final String SCHEMA = "wirespeed.results/1";

    public static ResultsDocument of(List<StoredResult> results) {
        return new ResultsDocument(SCHEMA, results);
    }
}
