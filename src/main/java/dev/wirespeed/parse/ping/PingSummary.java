package dev.wirespeed.parse.ping;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One ping run: the echo requests sent and answered and the round-trip times, as iputils ("rtt
 * min/avg/max/mdev"), BusyBox and BSD/macOS ("round-trip min/avg/max[/stddev]") or Windows
 * ("Minimum = 0ms, Maximum = 1ms, Average = 0ms") printed them. A paste cut before the statistics
 * keeps the replies it shows: their times give min/avg/max ({@code fromReplies}). Round-trip times
 * are whole round trips, in milliseconds as printed.
 *
 * @param variant        "iputils", "busybox" (also BSD/macOS), "windows"
 * @param target         the host as typed ("192.168.122.2", "db.example.com")
 * @param address        the address it resolved to, when printed apart from the target
 * @param payloadBytes   ICMP payload (56 on Linux, 32 on Windows)
 * @param transmitted    echo requests sent, from the statistics (null when the paste has none)
 * @param received       replies received (Windows counts "Destination host unreachable" replies too)
 * @param errors         iputils' "+N errors": ICMP errors instead of replies
 * @param lossPercent    as printed
 * @param rttMinMillis   minimum round trip
 * @param rttMdevMillis  iputils' mdev (the population standard deviation of the round trips, ping_common.c)
 *                       or BSD's stddev; null when not printed
 * @param replies        reply lines shown (with a time)
 * @param fromReplies    true when min/avg/max were computed from the reply lines, the statistics being cut
 * @param icmpError      the first ICMP error shown instead of a reply ("Destination Host Unreachable"), with
 *                       the router or host that sent it ("From 10.4.20.1"), or Windows' "Request timed out."
 * @param icmpErrors     how many such lines
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PingSummary")
public record PingSummary(String variant, String target, String address, Integer payloadBytes, Integer transmitted,
                          Integer received, Integer errors, Double lossPercent, Double rttMinMillis, Double rttAvgMillis,
                          Double rttMaxMillis, Double rttMdevMillis, int replies, boolean fromReplies, String icmpError,
                          int icmpErrors, Source source) implements LogInput {

    /** The peer as people name it: the target, and its address when that differs. */
    public String peer() {
        return address == null || address.equals(target) ? target : target + " (" + address + ")";
    }

    /** Nothing came back (every request lost, or answered only by ICMP errors). */
    public boolean noReply() {
        return transmitted != null && transmitted > 0 && (received != null && received == 0
                || received != null && received <= icmpErrors && replies == 0);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("target", peer()).put("sent", transmitted).put("received", received)
                .put("loss %", lossPercent).put("rtt avg ms", rttAvgMillis).put("rtt max ms", rttMaxMillis)
                .put("error", icmpError).map();
    }

    /** Its numbers reach the facts as the block's measurement; the log rule ping-loss reads the record. */
    @Override
    public void addFacts(FactSink out) {}
}
