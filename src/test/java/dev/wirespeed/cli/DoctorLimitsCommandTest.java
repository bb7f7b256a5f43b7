package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** doctor and limits on fixture trees: exact exit codes, output from one model in text and JSON. */
class DoctorLimitsCommandTest {
    private static Cli.Run run(String... args) {
        return Cli.run(args);
    }

    static final String HOSTS = "src/test/resources/hosts/";

    @Test
    void healthyHostExitsZero() {
        Cli.Run r = run("doctor", "--root", HOSTS + "ndr200-node-000");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("ConnectX-7", "PCIe 5.0 x16 (32 GT/s)", "No findings.", "healthy");
    }

    @Test
    void findingsExitThreeAndJsonCarriesThem() {
        Cli.Run text = run("doctor", "--root", HOSTS + "r86s-004");
        assertThat(text.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(text.out()).contains("WARN  pcie-link-downgraded", "PCIe 3.0 x4 (8 GT/s) of PCIe 3.0 x8 (8 GT/s) = 31.5 Gbit/s raw");
        Cli.Run json = run("doctor", "--root", HOSTS + "r86s-004", "--json");
        assertThat(json.exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(JsonSchemas.errors("doctor.schema.json", json.out())).isEmpty();
        JsonNode n = Json.MAPPER.readTree(json.out());
        assertThat(n.get("schema").asString()).isEqualTo("wirespeed.doctor/1");
        assertThat(n.get("summary").get("warnings").asInt()).isEqualTo(1);
        assertThat(n.get("summary").get("healthy").asBoolean()).isFalse();
        JsonNode f = n.get("findings").get(0);
        assertThat(f.get("rule").asString()).isEqualTo("pcie-link-downgraded");
        assertThat(f.get("severity").asString()).isEqualTo("warn");
        assertThat(f.get("impact").get("capBitsPerSecond").asDouble()).isBetween(28.5e9, 28.7e9);
        assertThat(f.get("evidence").get(1).get("raw").asString()).isEqualTo("4");
        JsonNode width = n.get("facts").get("pciFunctions").get(3).get("link").get("currentWidth");
        assertThat(width.get("status").asString()).isEqualTo("ok");
        assertThat(width.get("source").asString()).isEqualTo("/sys/bus/pci/devices/0000:04:00.0/current_link_width");
    }

    @Test
    void badRootIsUsage() {
        Cli.Run r = run("doctor", "--root", HOSTS + "no-such-host");
        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("is not a directory");
        assertThat(run("doctor", "--root", HOSTS + "m02-001", "--test-cpus", "x").exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void limitsFromTheCommandLine() {
        Cli.Run r = run("limits", "--eth", "25G", "--ports", "2", "--mtu", "9000", "--pcie", "gen3x4");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("2 × 25GbE, TCP at MTU 9000", "50.0 Gbit/s", "49.5 Gbit/s", "31.5 Gbit/s", "28.6 Gbit/s",
                "payload size assumed", "ceiling: 28.6 Gbit/s — bottleneck: PCIe 3.0 x4");
        Cli.Run eth = run("limits", "--eth", "25G", "--ports", "2", "--mtu", "9000", "--pcie", "gen3x4", "--json");
        assertThat(eth.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(JsonSchemas.errors("limits.schema.json", eth.out())).isEmpty();
        Cli.Run ib = run("limits", "--ib", "40 Gb/sec (4X QDR)", "--json");
        assertThat(JsonSchemas.errors("limits.schema.json", ib.out())).isEmpty();
        JsonNode n = Json.MAPPER.readTree(ib.out());
        assertThat(n.get("paths").get(0).get("stages").get(0).get("rawBitsPerSecond").asDouble()).isEqualTo(32e9);
        assertThat(run("limits", "--ib", "2X NDR").out()).contains("InfiniBand 2X NDR, RDMA", "200 Gbit/s");
    }

    @Test
    void everyFixtureDoctorOutputFollowsTheSchema() {
        for (String host : new String[] {"r86s-004", "m02-001", "t3640-000", "ft2000-000", "bluefield2-002", "ib-node-003",
            "ndr200-node-000", "vm-virtio", "malformed", "mlx5-counters-018", "ib-counters-018"}) {
            Cli.Run r = run("doctor", "--json", "--root", HOSTS + host);
            assertThat(JsonSchemas.errors("doctor.schema.json", r.out())).as(host).isEmpty();
            assertThat(JsonSchemas.errors("limits.schema.json", run("limits", "--json", "--root", HOSTS + host).out()))
                    .as(host).isEmpty();
        }
    }

    @Test
    void limitsOfAHost() {
        Cli.Run r = run("limits", "--root", HOSTS + "m02-001");
        assertThat(r.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("0000:03:00 ConnectX-4: mlx5_0 port 1 (ibp3s0)", "bottleneck: PCIe 2.0 x16",
                "0000:06:00 ConnectX-3: mlx4_1 port 1 (enp6s0)");
    }

    @Test
    void limitsRejectsNonsense() {
        assertThat(run("limits", "--pcie", "gen9x4").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("limits", "--eth", "fast").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("limits", "--ib", "4X ZDR").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("limits", "--eth", "10G", "--ib", "4X EDR").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("limits", "--mtu", "9000").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run("limits", "--pcie", "gen3x4", "--mps", "300").exitCode()).isEqualTo(ExitCode.USAGE);
    }
}
