package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
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
        DoctorLimitsCommandTest.Run r = DoctorLimitsCommandTest.run("doctor", "--json", "--capture", capture.toString());
        assertThat(r.code()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.get("schema").asString()).isEqualTo("wirespeed.doctor/1");
        assertThat(n.get("facts").get("interfaces").size()).isGreaterThan(0); // at least lo
        assertThat(n.get("summary").get("healthy").asBoolean()).isEqualTo(r.code() == ExitCode.OK);
        assertThat(Files.isDirectory(capture.resolve("sys/class/net"))).isTrue();

        DoctorLimitsCommandTest.Run again = DoctorLimitsCommandTest.run("doctor", "--json", "--root", capture.toString());
        JsonNode m = Json.MAPPER.readTree(again.out());
        assertThat(m.get("findings")).isEqualTo(n.get("findings"));
        assertThat(m.get("facts").get("interfaces")).isEqualTo(n.get("facts").get("interfaces"));
    }

    @Test
    void limitsOnThisMachineSucceeds() {
        assertThat(DoctorLimitsCommandTest.run("limits").code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void checkOverLoopbackGivesAVerdict() throws Exception {
        DoctorLimitsCommandTest.Run r = DoctorLimitsCommandTest.run("check", "-t", "1", "--json");
        assertThat(r.code()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.get("schema").asString()).isEqualTo("wirespeed.check/1");
        assertThat(n.get("verdict").get("measuredBitsPerSecond").asDouble()).isGreaterThan(0);
        assertThat(n.get("verdict").get("text").asString()).startsWith("loopback ");
        assertThat(n.get("doctor").get("schema").asString()).isEqualTo("wirespeed.doctor/1");
    }

    @Test
    void checkWithAFixtureComparesLoopbackWithItsNics() {
        DoctorLimitsCommandTest.Run r = DoctorLimitsCommandTest.run("check", "-t", "1", "--root",
                "src/test/resources/hosts/r86s-004");
        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(r.out()).contains("0000:04:00 ConnectX-4 Lx: mlx5_0 port 1 (enp4s0f0np0), mlx5_1 port 1 (enp4s0f1np1)",
                "verdict: loopback ", "fastest NIC path", "doctor: 0 error(s), 2 warning(s) above.");
    }
}
