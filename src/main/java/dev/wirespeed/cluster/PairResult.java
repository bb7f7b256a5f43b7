package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One pair test of the mesh, by host label.
 *
 * @param round   0-based round it ran in
 * @param status  {@value #OK}, {@value #FAILED} (the test ran and broke, or could not start),
 *                {@value #SKIPPED} (a host was already known lost), {@value #INTERRUPTED} (Ctrl-C)
 * @param message why, when not ok
 * @param flows   measured directions: one, or two with --bidir; partial on interrupted
 * @param counters what the counters that matter did on both ends during the test, with notes; null
 *                 when not read (perftest pairs, older agents)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PairResult(int round, String client, String server, String status, String message,
                         List<Flow> flows, dev.wirespeed.results.CounterReport counters) {
    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String SKIPPED = "skipped";
    public static final String INTERRUPTED = "interrupted";

    public PairResult {
        flows = flows == null ? List.of() : List.copyOf(flows);
    }

    public PairResult(int round, String client, String server, String status, String message, List<Flow> flows) {
        this(round, client, server, status, message, flows, null);
    }

    @JsonIgnore
    public boolean ok() {
        return OK.equals(status);
    }

    /**
     * One direction of data: what arrived at {@code to} per second, after the warm-up.
     *
     * @param retransmits TCP segments the sender retransmitted (its sockets), when known
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Flow(String from, String to, double bitsPerSecond, Long bytes, Double seconds, Long retransmits) {}
}
