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
 * @param version  the version a version line printed: iperf 2's "iperf version 2.1.8 (12 August 2022) pthreads"
 *                 (-v), iperf3's "iperf 3.12" (-V, --version); null when none was printed
 * @param role     "client" or "server"
 * @param protocol "TCP" or "UDP"; null when nothing printed or given says (a version line alone, an error line
 *                 alone with no command above it)
 * @param window   the socket buffer iperf2 reports ("TCP window size: 16.0 KByte (default)")
 * @param mssBytes iperf 2's -m: the TCP maximum segment size, "MSS size 1448 bytes (MTU 1500 bytes, ethernet)"
 *                 after the run (2.0.x) or "MSS size 536 bytes" in the head (2.1+)
 * @param mtuBytes the MTU iperf 2 infers from that MSS (2.0.x's "(MTU 1500 bytes, ethernet)"), with its guess of
 *                 the link kept as printed under "MTU"
 * @param error  iperf3's "iperf3: error - …" message without its prefix ("unable to connect to
 *               server: Connection refused", "the server is busy running a test. try again later")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IperfHeader")
public record IperfHeader(String tool, String version, String role, String protocol, String host, Integer port,
                          Quantity window, Integer mssBytes, Integer mtuBytes, String error, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("version", version).put("role", role).put("protocol", protocol)
                .put("host", host).put("port", port).put("window", window).put("MSS", mssBytes).put("MTU", mtuBytes)
                .put("error", error).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. The log rules read its errors. */
    @Override
    public void addFacts(FactSink out) {}
}
