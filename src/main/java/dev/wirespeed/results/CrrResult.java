package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The result of a connection-rate test ({@code lat HOST --connect}, netperf TCP_CRR): each
 * transaction opens a TCP connection, sends a request, reads the response and closes.
 * Schema: docs/json/crr.schema.json (id {@value #SCHEMA}); change both together.
 *
 * @param connectAttempts  transactions plus failures: every connect(2) the test made, so the
 *                         kernel's Tcp ActiveOpens moved by this many (plus the control connection)
 * @param transactions     transactions that completed (connect, request, response, close)
 * @param seconds          from Start to the last transaction's end
 * @param phases           microseconds of each phase of the completed transactions
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "client", "server", "params", "transactions",
    "transactionsPerSecond", "seconds", "connectAttempts", "phases", "failures", "outcome"})
public record CrrResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                        Params params, long transactions, double transactionsPerSecond, double seconds,
                        long connectAttempts, Phases phases, Failures failures, BwResult.Outcome outcome) {
    public static final String SCHEMA = "wirespeed.crr/1";

    /**
     * @param streams         transactions in flight at once (-P), each on its own thread
     * @param durationSeconds -t
     * @param requestBytes    each request; the response has as many bytes
     */
    public record Params(int streams, double durationSeconds, int requestBytes, int responseBytes) {}

    /**
     * @param connect     connect(2) called → established (SYN → SYN-ACK)
     * @param firstByte   request written → first byte of the response read
     * @param close       our FIN sent (shutdown) → the server's FIN read
     * @param transaction connect called → the server's FIN read
     */
    public record Phases(Phase connect, Phase firstByte, Phase close, Phase transaction) {}

    public record Phase(double p50Micros, double p99Micros, double p999Micros, double maxMicros) {}

    /**
     * Transactions that did not complete, by kind. Each counts once; the test goes on.
     *
     * @param refused   connect refused (RST to the SYN: nothing listening, or a full backlog)
     * @param timedOut  connect or a read timed out
     * @param reset     the connection was reset after it was established
     * @param closed    the server closed before its whole response (its limits refused the transaction)
     * @param other     anything else, e.g. no free local port (EADDRNOTAVAIL)
     */
    public record Failures(long refused, long timedOut, long reset, long closed, long other) {
        public long total() {
            return refused + timedOut + reset + closed + other;
        }
    }
}
