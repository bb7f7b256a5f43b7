package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.Loopback;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** doctor, limits and check on the machine running the tests (whatever it has), and a capture of it. */
class DoctorIT {
    @Test
    void doctorOnThisMachineSucceeds(@TempDir Path tmp) throws Exception {
        Path capture = tmp.resolve("capture");
        Cli.Run r = Cli.run("doctor", "--json", "--capture", capture.toString());
        assertThat(r.exitCode()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.get("schema").asString()).isEqualTo("wirespeed.doctor/1");
        assertThat(n.get("facts").get("interfaces").size()).isGreaterThan(0); // at least lo
        assertThat(n.get("summary").get("healthy").asBoolean()).isEqualTo(r.exitCode() == ExitCode.OK);
        assertThat(Files.isDirectory(capture.resolve("sys/class/net"))).isTrue();

        Cli.Run again = Cli.run("doctor", "--json", "--root", capture.toString());
        JsonNode m = Json.MAPPER.readTree(again.out());
        assertThat(m.get("findings")).isEqualTo(n.get("findings"));
        assertThat(m.get("facts").get("interfaces")).isEqualTo(n.get("facts").get("interfaces"));
    }

    @Test
    void limitsOnThisMachineSucceeds() {
        assertThat(Cli.run("limits").exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void checkOverLoopbackGivesAVerdict() throws Exception {
        Cli.Run r = Cli.run("check", "--no-save", "-t", "1", "--json");
        assertThat(r.exitCode()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.get("schema").asString()).isEqualTo("wirespeed.check/2");
        assertThat(JsonSchemas.errors("check.schema.json", r.out())).isEmpty();
        // The parts are checked through check's schema: a broken part or a version-1 verdict is refused.
        assertThat(JsonSchemas.errors("check.schema.json",
                r.out().replace("\"schema\" : \"wirespeed.bw/1\"", "\"schema\" : \"wirespeed.bw/0\""))).isNotEmpty();
        ((tools.jackson.databind.node.ObjectNode) n).put("verdict", n.get("verdict").get("text").asString());
        assertThat(JsonSchemas.errors("check.schema.json", n.toString())).isNotEmpty();
        n = Json.MAPPER.readTree(r.out());
        assertThat(JsonSchemas.errors("doctor.schema.json", n.get("doctor").toString())).isEmpty();
        assertThat(JsonSchemas.errors("limits.schema.json", n.get("limits").toString())).isEmpty();
        assertThat(JsonSchemas.errors("lat.schema.json", n.get("latency").toString())).isEmpty();
        assertThat(n.get("verdict").get("measuredBitsPerSecond").asDouble()).isGreaterThan(0);
        assertThat(n.get("verdict").get("text").asString()).startsWith("loopback ");
        assertThat(n.get("doctor").get("schema").asString()).isEqualTo("wirespeed.doctor/1");
    }

    @Test
    void checkToAHostJudgesThePathThroughItsInterface() throws Exception {
        try (Server server = Loopback.server(0)) {
            String port = Integer.toString(server.port());
            Cli.Run plain = Cli.run("check", "127.0.0.1", "-p", port, "-t", "1");
            assertThat(plain.exitCode()).as(plain.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
            assertThat(plain.out()).contains("check: TCP to 127.0.0.1", "latency: 127.0.0.1 TCP 64 B", "verdict: loopback ");
            // the fixture's 25G port named as the interface: the verdict compares with its 24.8 Gbit/s ceiling
            Cli.Run via = Cli.run("check", "127.0.0.1", "-p", port, "-t", "1",
                    "--root", "src/test/resources/hosts/r86s-004", "--via", "enp4s0f0np0", "--json", "--no-save");
            assertThat(JsonSchemas.errors("check.schema.json", via.out())).isEmpty();
            JsonNode v = Json.MAPPER.readTree(via.out()).get("verdict");
            assertThat(v.get("ceilingBitsPerSecond").asDouble()).isBetween(24.7e9, 24.8e9);
            assertThat(v.get("bottleneck").asString()).isEqualTo("25GbE, TCP at MTU 9000");
            assertThat(v.get("percentOfCeiling").asDouble()).isPositive();
        }
    }

    @Test
    void checkWithAFixtureComparesLoopbackWithItsNics() {
        Cli.Run r = Cli.run("check", "-t", "1", "--root",
                "src/test/resources/hosts/r86s-004");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).contains("0000:04:00 ConnectX-4 Lx: mlx5_0 port 1 (enp4s0f0np0), mlx5_1 port 1 (enp4s0f1np1)",
                "verdict: loopback ", "fastest NIC path", "doctor: 0 error(s), 1 warning(s) above.");
    }
}
