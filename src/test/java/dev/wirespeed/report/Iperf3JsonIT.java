package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code bw --loopback --json-format iperf3} end to end: the document a live test prints answers the
 * query table of {@link Iperf3JsonTest} with iperf3 3.21's types and shape, and its figures add up
 * as iperf3's do (the streams' bytes are the sum's).
 */
class Iperf3JsonIT {
    @ParameterizedTest
    @CsvSource({"tcp-p2, -P 2", "tcp-r, -R", "tcp-bidir, --bidir", "udp, --udp -b 50M", "udp-p2-r, --udp -b 20M -P 2 -R"})
    void liveTestAnswersIperf3Queries(String fixture, String options) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", "--loopback", "-t", "1.5", "--no-save", "--json-format",
                "iperf3"));
        line.addAll(List.of(options.split(" ")));
        Cli.Run r = Cli.run(line.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode ours = Json.MAPPER.readTree(r.out());
        JsonNode iperf3 = Json.MAPPER.readTree(Iperf3JsonTest.resource("iperf3-3.21-" + fixture + ".json"));
        assertThat(ours.has("error")).isFalse();
        for (Iperf3JsonTest.Query q : Iperf3JsonTest.QUERIES) {
            if (q.kinds().stream().noneMatch(Iperf3JsonTest.kinds(fixture)::contains)) {
                continue;
            }
            List<JsonNode> theirs = JqPath.eval(iperf3, q.jq());
            List<JsonNode> mine = JqPath.eval(ours, q.jq());
            String type = Iperf3JsonTest.type(theirs.getFirst());
            assertThat(mine).as("%s (%s): %s", q.jq(), fixture, mine).isNotEmpty()
                    .allMatch(v -> Iperf3JsonTest.type(v).equals(type));
        }
        JsonNode end = ours.get("end");
        if (fixture.startsWith("tcp")) {
            long streamBytes = 0;
            for (JsonNode s : end.get("streams")) {
                if (s.get("receiver").get("sender").asBoolean() == end.get("sum_received").get("sender").asBoolean()) {
                    streamBytes += s.get("receiver").get("bytes").asLong();
                }
            }
            assertThat(streamBytes).isEqualTo(end.get("sum_received").get("bytes").asLong()).isPositive();
        } else {
            long packets = 0;
            for (JsonNode s : end.get("streams")) {
                packets += s.get("udp").get("packets").asLong();
            }
            assertThat(packets).isEqualTo(end.get("sum_sent").get("packets").asLong()).isPositive();
        }
        assertThat(end.get("sum_sent").get("sender").asBoolean()).isEqualTo(!fixture.endsWith("-r"));
    }
}
