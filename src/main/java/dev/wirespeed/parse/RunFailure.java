package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.Map;

/**
 * A benchmark run that failed although it printed figures: an iperf 2 UDP client with no server
 * ("read failed: Connection refused", "WARNING: did not receive ack of last datagram after 10
 * tries."; its rate is what it sent, nothing arrived), a receiver that counted nothing, or a ping
 * that got no reply. Its measurement is stored as failed, never as a rate or a latency (issue 26).
 *
 * @param tool    "iperf2", "iperf3", "qperf", "ping"
 * @param cause   {@value #NO_SERVER} (refused or never acknowledged: nothing listened),
 *                {@value #RECEIVER_EMPTY} (the receiver's count is zero) or {@value #NO_REPLY} (ping: no echo
 *                reply came back, only losses or ICMP errors)
 * @param message what the tool printed, summed up ("read failed: Connection refused" ×100, no ack of the last datagram)
 * @param port    the server port the client aimed at, when the header names it
 * @param run     the index of the failed run's measurement among its block's measurements; null when the
 *                run printed no result at all
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("RunFailure")
public record RunFailure(String tool, String cause, String message, String protocol, Integer port, Integer run,
                         Source source) implements LogInput {
    public static final String NO_SERVER = "no-server";
    public static final String RECEIVER_EMPTY = "receiver-empty";
    public static final String NO_REPLY = "no-reply";

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("failed", cause).put("what it printed", message).map();
    }

    /** Its measurement is left out of the facts (explain.Explainer); the log rule run-failed reads it. */
    @Override
    public void addFacts(FactSink out) {}
}
