package dev.wirespeed.parse.iperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The head of an iperf2 or iperf3 run: which side printed it, the protocol, the peer and port.
 *
 * @param role   "client" or "server"
 * @param window the socket buffer iperf2 reports ("TCP window size: 16.0 KByte (default)")
 * @param error  iperf3's "iperf3: error - …" message without its prefix ("unable to connect to
 *               server: Connection refused", "the server is busy running a test. try again later")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IperfHeader")
public record IperfHeader(String tool, String role, String protocol, String host, Integer port, Quantity window,
                          String error, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("role", role).put("protocol", protocol).put("host", host)
                .put("port", port).put("window", window).put("error", error).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. The log rules read its errors. */
    @Override
    public void addFacts(FactSink out) {}
}
