package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** lat -A CPU[,SERVER_CPU] and -B ADDR end to end against an in-process server on loopback. */
class LatPlacementIT {
    @Test
    void pinsBothSidesAndBindsQuietlyAndRecordsIt() {
        for (boolean udp : new boolean[] {false, true}) {
            List<String> args = new ArrayList<>(List.of("lat", "--loopback", "-n", "200", "--warmup", "10",
                    "-A", "0,0", "-B", "127.0.0.1", "--json"));
            if (udp) {
                args.add("--udp");
            }
            JsonNode json = Cli.json("lat.schema.json", args);
            JsonNode params = json.get("params");
            assertThat(params.get("clientCpu").asInt()).isZero();
            assertThat(params.get("serverCpu").asInt()).isZero();
            assertThat(params.get("bindAddress").asString()).isEqualTo("127.0.0.1");
            assertThat(json.has("fallbacks")).as(json.toString()).isFalse();
            assertThat(json.get("rows").get(0).get("iterations").asLong()).isEqualTo(200);
        }
    }

    @Test
    void textSaysWhereItRan() {
        Cli.Run r = Cli.run("lat", "--loopback", "-n", "100", "--warmup", "10", "-A", "0,0", "-B", "127.0.0.1");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("client on CPU 0, server echo on CPU 0, from 127.0.0.1").doesNotContain("note:");
    }

    /** A CPU this host lacks: each side announces it, records it, and the test still runs. */
    @Test
    void aMissingCpuIsAnnouncedAndRecordedOnEachSide() {
        String missing = Integer.toString(Affinity.MAX_CPUS - 1);
        Cli.Run r = Cli.run("lat", "--loopback", "-n", "100", "--warmup", "10", "-A", missing + "," + missing,
                "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(JsonSchemas.errors("lat.schema.json", r.out())).isEmpty();
        JsonNode f = Json.MAPPER.readTree(r.out()).get("fallbacks");
        String line = "-A: cannot pin to CPU " + missing + " (Invalid argument)";
        assertThat(f.get("client").get(0).asString()).isEqualTo(line);
        assertThat(f.get("client")).hasSize(1);
        assertThat(f.get("server").get(0).asString()).isEqualTo(line);

        Cli.Run text = Cli.run("lat", "--loopback", "-n", "100", "--warmup", "10", "-A", "," + missing);
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("note: " + line);
        assertThat(text.out().lines().filter(l -> l.startsWith("note:")).count()).isEqualTo(1);
    }

    /** -B is really used: an address this host does not have cannot be bound (nothing is sent). */
    @Test
    void bindingToAForeignAddressFailsInOneLine() {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): no host of ours has it, and bind(2) fails before any packet
        Cli.Run r = Cli.run("lat", "--loopback", "-n", "10", "-B", "192.0.2.1");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("cannot bind to 192.0.2.1 (-B)");
    }

    @Test
    void badAffinityIsAUsageError() {
        for (String bad : List.of("x", "1,2,3", "-1", "1024")) {
            Cli.Run r = Cli.run("lat", "--loopback", "-A", bad);
            assertThat(r.exitCode()).as(bad + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).contains("-A");
        }
    }
}
