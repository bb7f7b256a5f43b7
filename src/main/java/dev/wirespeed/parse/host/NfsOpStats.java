package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Locale;
import java.util.Map;

/**
 * One per-op row of /proc/self/mountstats ("GETATTR: 192686 192688 0 22726724 21580832 2800 79242 83598"),
 * the fields in net/sunrpc/stats.c rpc_print_iostats' order: operations, transmissions, major timeouts,
 * bytes sent, bytes received, cumulative queue, round-trip and execute milliseconds, and (kernels ≥ 4.18)
 * operations that ended in an error.
 *
 * @param transmissions more than {@code operations} when requests were retransmitted
 * @param majorTimeouts requests that hit a major timeout ("server not responding")
 * @param rttMillis     the sum of every request's round trip, in milliseconds (divide by operations for the mean)
 * @param errors        absent on kernels that print eight fields
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsOpStats")
public record NfsOpStats(String operation, long operations, long transmissions, long majorTimeouts, long bytesSent,
                         long bytesReceived, long queueMillis, long rttMillis, long executeMillis, Long errors,
                         Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        Columns c = Columns.of().put("op", operation).put("ops", operations).put("trans", transmissions)
                .put("timeouts", majorTimeouts);
        if (operations > 0) {
            c.put("avg RTT", String.format(Locale.ROOT, "%.3f ms", (double) rttMillis / operations));
        }
        return c.put("errors", errors).map();
    }

    /** Nothing for the host model: per-operation latency is traffic, not a setting the rules judge. */
    @Override
    public void addFacts(FactSink out) {}
}
