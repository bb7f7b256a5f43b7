package dev.wirespeed.engine.sys;

import dev.wirespeed.explain.CommandFacts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.host.CpuList;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import dev.wirespeed.engine.session.BwResultGoldenTest;

/** The placement decision on the fixture hosts' sysfs trees (src/test/resources/hosts). */
class NumaPlacementTest {
    private static Facts host(String name) {
        return Inspection.read(Path.of("src/test/resources/hosts", name), null, new CommandFacts());
    }

    /** ndr200-node-000: two nodes (0-7, 8-15); ibp171s0 is at 0000:ab:00.0, numa_node 1. */
    @Test
    void aMultiStreamTestOnATwoNodeHostGoesToTheNicsNode() {
        NumaPlacement.Placement p = NumaPlacement.decide(host("ndr200-node-000"), "ibp171s0", 4, false).orElseThrow();
        assertThat(p.node()).isEqualTo(1);
        assertThat(p.cpus()).isEqualTo(CpuList.parse("8-15"));
        assertThat(p.line()).isEqualTo("streams placed on NUMA node 1 (CPUs 8-15), the node of ibp171s0");
        assertThat(NumaPlacement.decide(host("ndr200-node-000"), "ibp41s0", 2, false).orElseThrow().node()).isZero();
    }

    /** m02-001: ibp3s0 is mlx5_0's netdev (0000:03:00.0, node 0 = CPUs 0-9,20-29): the RDMA name is shown. */
    @Test
    void theNicIsNamedByItsRdmaDevice() {
        NumaPlacement.Placement p = NumaPlacement.decide(host("m02-001"), "ibp3s0", 8, false).orElseThrow();
        assertThat(p.line()).isEqualTo("streams placed on NUMA node 0 (CPUs 0-9,20-29), the node of mlx5_0");
    }

    /** One model for text and JSON: the result carries the placement, and the text line is made from it. */
    @Test
    void thePlacementIsInTheResultAndItsJson() throws Exception {
        NumaPlacement.Placement p = NumaPlacement.decide(host("ndr200-node-000"), "ibp171s0", 4, false).orElseThrow();
        BwResult r = BwResultGoldenTest.fixedResult().withPlacement(p.result());
        assertThat(r.placement()).isEqualTo(new BwResult.Placement(1, "8-15", "ibp171s0"));
        assertThat(r.placement().line()).isEqualTo(p.line());
        String json = Json.pretty(r);
        var node = Json.MAPPER.readTree(json).get("placement");
        assertThat(node.get("numaNode").asInt()).isEqualTo(1);
        assertThat(node.get("cpus").asText()).isEqualTo("8-15");
        assertThat(node.get("nic").asText()).isEqualTo("ibp171s0");
        assertThat(JsonSchemas.errors("bw.schema.json", json)).isEmpty();
        // kept through the counters' step, and read back from a stored result
        assertThat(r.withCounters(null).placement()).isEqualTo(r.placement());
        assertThat(Json.MAPPER.readValue(json, BwResult.class).placement()).isEqualTo(r.placement());
        // nothing placed: no field at all, and the schema refuses a half-filled one
        assertThat(Json.MAPPER.readTree(Json.pretty(BwResultGoldenTest.fixedResult())).has("placement")).isFalse();
        assertThat(JsonSchemas.errors("bw.schema.json", json.replace("\"nic\" : \"ibp171s0\"", "\"node\" : 1")))
                .isNotEmpty();
    }

    @Test
    void nothingIsPlacedOnOneNodeWithAffinityForOneStreamOrOffTheNic() {
        assertThat(NumaPlacement.decide(host("t3640-000"), "enp1s0f0np0", 4, false)).isEmpty(); // one node
        Facts two = host("ndr200-node-000");
        assertThat(NumaPlacement.decide(two, "ibp171s0", 4, true)).isEmpty(); // -A given
        assertThat(NumaPlacement.decide(two, "ibp171s0", 1, false)).isEmpty(); // one stream
        assertThat(NumaPlacement.decide(two, "lo", 4, false)).isEmpty(); // no device, no node
        assertThat(NumaPlacement.decide(two, "nosuch0", 4, false)).isEmpty();
        assertThat(NumaPlacement.decide(two, null, 4, false)).isEmpty(); // route unknown
    }

    /** The malformed tree (garbled files) yields no placement rather than an error. */
    @Test
    void aGarbledTreePlacesNothing() {
        Facts f = host("malformed");
        for (var i : f.interfaces()) {
            assertThat(NumaPlacement.decide(f, i.name(), 4, false)).isEmpty();
        }
    }
}
