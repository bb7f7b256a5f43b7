package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The two result lines of a libibverbs ping-pong example: "8192000 bytes in 0.01 seconds = 8635.66
 * Mbit/sec" and "1000 iters in 0.01 seconds = 7.59 usec/iter" (rc_pingpong.c: bytes are size × iters
 * × 2, Mbit is 10^6 bits). Either line may be missing from a cut paste.
 *
 * @param bytes        the bytes moved both ways
 * @param seconds      the run's time as printed (two decimals)
 * @param rate         the bit rate, raw as printed
 * @param iterations   the ping-pong round trips
 * @param perIteration microseconds per round trip, raw as printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PingpongResult")
public record PingpongResult(String tool, Long bytes, Double seconds, Quantity rate, Integer iterations, Quantity perIteration,
                             Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("rate", rate).put("per round trip", perIteration).map();
    }

    /**
     * A connectivity check, not a bandwidth test (one queue pair, 4 KiB messages by default, one in
     * flight): its rate is no measure of the link, so it gives the host no measurement to judge.
     */
    @Override
    public void addFacts(FactSink out) {}
}
