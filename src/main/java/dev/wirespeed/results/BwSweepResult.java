package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A message-size sweep of TCP bandwidth ({@code bw -a --json}): one short test per size, as
 * {@code ib_send_bw -a --report_gbit} prints it. Schema: docs/json/bw-sweep.schema.json
 * (id {@value #SCHEMA}).
 *
 * <p>Peak is the best receiver-side interval of {@code peakIntervalSeconds} within the size's
 * measured time; average is all bytes received over that whole time; a message is one write of
 * {@code sizeBytes} (TCP keeps no message boundaries, so the rate counts writes).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "client", "server", "params", "rows", "serverSharedWithTests",
    "outcome"})
public record BwSweepResult(
        String schema,
        BwResult.Tool tool,
        String startedAt,
        BwResult.Peer client,
        BwResult.Peer server,
        SweepParams params,
        List<SweepRow> rows,
        BwResult.Outcome outcome,
        Integer serverSharedWithTests) {

    public static final String SCHEMA = "wirespeed.bw-sweep/1";

    /**
     * Without the server's word on sharing (servers before issue 29, older results).
     *
     * <p>{@code serverSharedWithTests}: the most other tests the server ran at one moment beside
     * any size's test (0: the server ran only the sweep; null: it did not say), as bw's.
     */
    public BwSweepResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client,
                         BwResult.Peer server, SweepParams params, List<SweepRow> rows, BwResult.Outcome outcome) {
        this(schema, tool, startedAt, client, server, params, rows, outcome, null);
    }

    public record SweepParams(String protocol, String direction, int streams, double secondsPerSize,
                              double peakIntervalSeconds, List<Integer> sizesBytes) {}

    /**
     * @param messages           writes of sizeBytes the receiver got in the measured time
     * @param retransmits        TCP retransmits of the sending sockets, when known
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SweepRow(int sizeBytes, long messages, double peakBitsPerSecond, double averageBitsPerSecond,
                           double messagesPerSecond, Long retransmits) {}
}
