package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.results.CounterReport;
import java.util.List;

/**
 * One pair test of the mesh, by host label.
 *
 * @param round   0-based round it ran in
 * @param status  how it ended ({@link PairStatus})
 * @param message why, when not ok
 * @param flows   measured directions: one, or two with --bidir; partial on interrupted
 * @param counters what the counters that matter did on both ends during the test, with notes; null
 *                 when not read (perftest pairs, older agents)
 * @param serverSharedWithTests the pair's copy of what the receiving agent's server said (as bw's
 *                 {@code serverSharedWithTests}): the most other tests it ran at one moment beside
 *                 this pair's; null when it did not say (perftest pairs, agents before issue 29)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PairResult(int round, String client, String server, PairStatus status, String message,
                         List<Flow> flows, CounterReport counters,
                         Integer serverSharedWithTests) {

    public PairResult {
        flows = flows == null ? List.of() : List.copyOf(flows);
    }

    public PairResult(int round, String client, String server, PairStatus status, String message, List<Flow> flows) {
        this(round, client, server, status, message, flows, null, null);
    }

    public PairResult(int round, String client, String server, PairStatus status, String message, List<Flow> flows,
                      CounterReport counters) {
        this(round, client, server, status, message, flows, counters, null);
    }

    /** The same pair with another message (a retry says what its first attempt did). */
    public PairResult withMessage(String m) {
        return new PairResult(round, client, server, status, m, flows, counters, serverSharedWithTests);
    }

    /** True when the receiving server said it ran another test beside this pair's. */
    @JsonIgnore
    public boolean shared() {
        return serverSharedWithTests != null && serverSharedWithTests > 0;
    }

    @JsonIgnore
    public boolean ok() {
        return status == PairStatus.OK;
    }

    /**
     * One direction of data: what arrived at {@code to} per second, after the warm-up.
     *
     * @param retransmits TCP segments the sender retransmitted (its sockets), when known
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Flow(String from, String to, double bitsPerSecond, Long bytes, Double seconds, Long retransmits) {}
}
