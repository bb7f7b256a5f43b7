package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** lat, bw --udp and bw -a end to end against an in-process server: JSON valid against docs/json, text as documented. */
class ModesCommandIT {
    @Test
    void latJsonMatchesItsSchemaForTcpAndUdp() {
        for (boolean udp : new boolean[] {false, true}) {
            List<String> args = new ArrayList<>(List.of("lat", "--loopback", "-n", "300", "--warmup", "10", "--json"));
            if (udp) {
                args.add("--udp");
            }
            JsonNode json = Cli.json("lat.schema.json", args);
            assertThat(json.get("rows").get(0).get("iterations").asLong()).isEqualTo(300);
        }
    }

    @Test
    void latTextIsOneWayWithPerftestColumns() {
        Cli.Run r = Cli.run("lat", "--loopback", "-n", "200", "--warmup", "10", "-s", "4K");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("one-way latency = RTT/2", "#bytes #iterations", "t_typical", "99.99%",
                "RTT p50", "CPU, percent of one core: client");
        assertThat(r.out()).containsPattern("\\n\\s+4096\\s+200\\s");
    }

    @Test
    void udpJsonMatchesItsSchema() {
        Cli.Run r = Cli.run("bw", "--loopback", "--udp", "-b", "20M", "-t", "1", "-R", "-P", "2", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(JsonSchemas.errors("udp.schema.json", r.out())).isEmpty();
        JsonNode d = Json.MAPPER.readTree(r.out()).get("directions").get(0);
        assertThat(d.get("direction").asString()).isEqualTo("download");
        assertThat(d.get("streams")).hasSize(2);
    }

    @Test
    void udpTextShowsLossAndJitterPerIntervalAndSummary() {
        Cli.Run r = Cli.run("bw", "--loopback", "--udp", "-b", "5M", "-t", "2", "-l", "1000");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("UDP upload: 1 stream, 2 s, 1000 B datagrams, 5.00 Mbit/s per stream",
                "Jitter", "Lost/Total Datagrams", "receiver", "jitter", "out of order");
        assertThat(r.out().lines().filter(l -> l.startsWith("[  1]")).count()).isEqualTo(2);
    }

    @Test
    void sweepPrintsEverySizeOnceInOrderAndItsJsonMatchesTheSchema() {
        Cli.Run text = Cli.run("bw", "--loopback", "-a", "-t", "0.3", "-P", "1");
        assertThat(text.exitCode()).as(text.err()).isZero();
        // a row: the five perftest columns, then the progress column "[done/all, m:ss left]" (issue 17)
        Matcher m = Pattern.compile("(?m)^\\s+(\\d+)\\s+\\d+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+"
                + "  \\[(\\d+)/(\\d+), \\d+:\\d{2} left]$").matcher(text.out());
        List<Integer> sizes = new ArrayList<>();
        List<String> progress = new ArrayList<>();
        while (m.find()) {
            sizes.add(Integer.parseInt(m.group(1)));
            progress.add(m.group(2) + "/" + m.group(3));
        }
        List<Integer> expected = new ArrayList<>();
        for (int s = 2; s <= 8 << 20; s *= 2) {
            expected.add(s);
        }
        assertThat(sizes).isEqualTo(expected);
        List<String> expectedProgress = new ArrayList<>();
        for (int done = 1; done <= expected.size(); done++) {
            expectedProgress.add(done + "/" + expected.size());
        }
        assertThat(progress).isEqualTo(expectedProgress);
        assertThat(text.out()).contains("sweep of " + expected.size() + " sizes: about ");
        assertThat(text.out()).containsPattern("\\[" + expected.size() + "/" + expected.size() + ", 0:00 left]");
        assertThat(text.out()).contains("BW peak[Gb/sec]", "BW average[Gb/sec]", "MsgRate[Mpps]");

        Cli.Run json = Cli.run("bw", "--loopback", "-a", "-t", "0.3", "-P", "1", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(JsonSchemas.errors("bw-sweep.schema.json", json.out())).isEmpty();
    }

    @Test
    void checkAddsTheLoopbackLatencyLine() {
        Cli.Run r = Cli.run("check", "-t", "0.5");
        assertThat(r.exitCode()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(r.out()).containsPattern("latency: loopback TCP 64 B one-way p50 [\\d.]+ us, p99 [\\d.]+ us "
                + "\\(RTT/2 of 10000 round trips\\)");
        Cli.Run json = Cli.run("check", "-t", "0.5", "--json");
        assertThat(json.exitCode()).as(json.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode latency = Json.MAPPER.readTree(json.out()).get("latency");
        assertThat(JsonSchemas.errors("lat.schema.json", latency.toString())).isEmpty();
    }
}
