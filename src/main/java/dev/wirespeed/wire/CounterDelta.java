package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * What moved on one subject of a side's path during a test, as {@link Message.Results} carries it:
 * the protocol's own record, so the host fact model is not part of the protocol (issue 27).
 * Its JSON is the one servers have sent since issue 18 ({@code {scope, subject, values: {NAME:
 * {status, value, raw, source}}}}, docs/PROTOCOL.md), so older clients still read what a newer
 * server sends and the reverse.
 *
 * @param scope   "netdev", "rdma-port" or "host" (host-wide: every process of that host counts there)
 * @param subject the netdev, the RDMA port as "DEV/PORT", or "host"
 * @param values  counter name → its delta (after − before); only counters that moved
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"scope", "subject", "values"})
public record CounterDelta(String scope, String subject, Map<String, Count> values) {

    /**
     * @param status "ok" (older clients require it)
     * @param value  the delta
     * @param raw    the delta as text
     * @param source "delta of" the file or command it was read from
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"status", "value", "raw", "source"})
    public record Count(String status, Long value, String raw, String source) {
        public static Count of(long delta, String source) {
            return new Count("ok", delta, Long.toString(delta), source);
        }
    }
}
