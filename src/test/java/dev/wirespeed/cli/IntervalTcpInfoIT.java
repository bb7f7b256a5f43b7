package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Per-interval Retr/Cwnd (text) and retransmits/cwnd/rtt/rttvar per stream (JSON), from the sender's TCP_INFO, over loopback. */
class IntervalTcpInfoIT {
    private static JsonNode json(String... direction) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", "--loopback", "-t", "1",
                "-i", "0.25", "-P", "2", "-J", "--no-save"));
        line.addAll(List.of(direction));
        Cli.Run r = Cli.run(line.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return Json.MAPPER.readTree(r.out());
    }

    private static void assertTcpInfo(JsonNode result) {
        for (JsonNode d : result.get("directions")) {
            JsonNode intervals = d.get("intervals");
            assertThat(intervals.size()).as(d.get("direction").asString()).isGreaterThanOrEqualTo(3);
            // every interval but possibly the last (its sender may have closed before the last read)
            for (int i = 0; i < intervals.size() - 1; i++) {
                JsonNode iv = intervals.get(i);
                assertThat(iv.has("retransmits")).as(d.get("direction").asString() + " interval " + i).isTrue();
                long cwndSum = 0;
                for (JsonNode s : iv.get("streams")) {
                    assertThat(s.get("cwndBytes").asLong()).isPositive();
                    assertThat(s.get("rttMicros").asLong()).isNotNegative();
                    assertThat(s.has("rttVarMicros")).isTrue();
                    assertThat(s.get("retransmits").asLong()).isNotNegative();
                    cwndSum += s.get("cwndBytes").asLong();
                }
                assertThat(iv.get("cwndBytes").asLong()).isEqualTo(cwndSum);
            }
        }
    }

    @Test
    void uploadIntervalsCarryTheClientSendersTcpInfo() throws Exception {
        assertTcpInfo(json());
    }

    @Test
    void downloadIntervalsCarryTheServerSendersTcpInfo() throws Exception {
        assertTcpInfo(json("-R"));
    }

    @Test
    void textHasRetrAndCwndColumnsPerStreamAndSum() {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "0.6", "-i", "0.2", "-P", "2", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("\\[ ID\\] Interval +Transfer +Bitrate +Retr +Cwnd")
                .containsPattern("\\[  1\\] +0\\.00-0\\.20 s .*bit/s +\\d+ +[\\d.]+ [KMG]?i?B")
                .containsPattern("\\[SUM\\] +0\\.00-0\\.20 s .*bit/s +\\d+ +[\\d.]+ [KMG]?i?B");
    }
}
