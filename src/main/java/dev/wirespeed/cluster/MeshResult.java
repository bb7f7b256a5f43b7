package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.results.BwResult;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code wirespeed mesh}, printed by {@code --json}, rendered as text and HTML, and
 * saved. Schema: docs/json/mesh.schema.json (id {@value #SCHEMA}); change both together.
 * Rates are bit/s (decimal); times are seconds. {@code incast} is present for an incast pattern only;
 * its {@code analysis} then names no outliers (every sender shares the receiver on purpose).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "elapsedSeconds", "params", "hosts", "pairs", "matrix", "incast", "analysis",
    "consistency", "verdict", "outcome"})
public record MeshResult(
        String schema,
        BwResult.Tool tool,
        String startedAt,
        double elapsedSeconds,
        Params params,
        List<Host> hosts,
        List<PairResult> pairs,
        Matrix matrix,
        Incast incast,
        Outliers.Result analysis,
        Consistency.Result consistency,
        List<String> verdict,
        BwResult.Outcome outcome) {

    public static final String SCHEMA = "wirespeed.mesh/1";

    /** Anything to act on: a host not tested, a failed or skipped pair, a slow pair, a difference, a doctor finding. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean hasFindings() {
        return MeshVerdict.hasFindings(this);
    }

    /**
     * @param streams          TCP streams per direction, null when each client chose (its cores, up to 8)
     * @param estimatedSeconds the time announced before the start
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Params(String pattern, MeshEngine engine, double seconds, double omitSeconds, Integer streams,
                         boolean bidir, double expectPercent, int rounds, int pairs, double estimatedSeconds,
                         PerftestSpec perftest) {}

    /**
     * @param status      what is known of the agent ({@link HostStatus})
     * @param lostInRound 0-based round in which an agent that had answered was lost
     * @param doctor      the agent's full doctor facts and findings
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Host(String label, String host, int port, HostStatus status, String message, Integer lostInRound,
                       NodeFacts facts, JsonNode doctor) {
        @com.fasterxml.jackson.annotation.JsonIgnore
        public boolean ok() {
            return status == HostStatus.OK;
        }
    }

    /**
     * Rates by direction: {@code bitsPerSecond[i][j]} is what host i sent to host j, null when not
     * measured (a one-way mesh measures one direction of each pair).
     */
    public record Matrix(List<String> hosts, List<List<Double>> bitsPerSecond) {}
}
