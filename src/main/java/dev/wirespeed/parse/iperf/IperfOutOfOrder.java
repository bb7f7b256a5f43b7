package dev.wirespeed.parse.iperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A UDP receiver's count of datagrams that arrived out of order over an interval (iperf3 3.0–3.1
 * iperf_locale.c report_outoforder / report_sum_outoforder: "[SUM]  0.0-60.0 sec  39595 datagrams
 * received out-of-order"); the line as printed is kept in the record's "printed" map.
 *
 * @param stream    the stream number, or "SUM"
 * @param datagrams how many arrived out of order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IperfOutOfOrder")
public record IperfOutOfOrder(String stream, double startSeconds, double endSeconds, long datagrams, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("stream", stream).put("interval", startSeconds + "-" + endSeconds + " s")
                .put("out of order", datagrams).map();
    }

    /** Reordering on the path is the UDP result's context, not a host fact; the rows carry the measurement. */
    @Override
    public void addFacts(FactSink out) {}
}
