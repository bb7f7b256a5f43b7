package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.report.Iperf3JsonTest;
import dev.wirespeed.report.JqPath;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * `bw --iperf3 … --json-format iperf3` against a real iperf3 server: our document answers the query
 * table with iperf3's types, and its receiver's bytes are what the iperf3 server itself printed in its
 * own -J output (the receiver's count comes from the server's results exchange).
 */
class Iperf3JsonFormatIT {
    @Test
    void againstARealIperf3ServerTheReceivedBytesAreTheServers() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(port), "-t", "1.5", "-P", "2",
                    "--json-format", "iperf3", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode ours = Json.MAPPER.readTree(r.out());
            assertThat(server.await(30)).isZero();
            JsonNode theirs = server.json();
            assertThat(ours.get("end").get("sum_received").get("bytes").asLong())
                    .isEqualTo(theirs.get("end").get("sum_received").get("bytes").asLong()).isPositive();
            assertThat(ours.get("start").get("test_start").get("num_streams").asInt()).isEqualTo(2);
            JsonNode fixture = Json.MAPPER.readTree(Iperf3JsonTest.resource("iperf3-3.21-tcp-p2.json"));
            for (Iperf3JsonTest.Query q : Iperf3JsonTest.QUERIES) {
                if (!q.kinds().contains(Iperf3JsonTest.Kind.TCP)) {
                    continue;
                }
                String type = Iperf3JsonTest.type(JqPath.eval(fixture, q.jq()).getFirst());
                List<JsonNode> mine = JqPath.eval(ours, q.jq());
                assertThat(mine).as("%s: %s", q.jq(), mine).isNotEmpty()
                        .allMatch(v -> Iperf3JsonTest.type(v).equals(type));
            }
        }
    }
}
