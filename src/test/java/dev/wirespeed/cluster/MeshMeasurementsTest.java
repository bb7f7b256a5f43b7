package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.store.Item;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeshMeasurementsTest {
    @Test
    void theMeshOnceThenOneResultPerMeasuredFlow() throws Exception {
        MeshResult r = MeshReportTest.result(MeshReportTest.hosts(-1, 5), MeshReportTest.pairs(6.1e9, 2, 5), null);
        List<Item> items = MeshMeasurements.items(r, List.of("rack-a"));
        assertThat(items).hasSize(1 + 11);
        Item mesh = items.getFirst();
        assertThat(mesh.measurement().test()).isEqualTo("mesh");
        assertThat(mesh.rawFormat()).isEqualTo("wirespeed-mesh-json");
        assertThat(Json.MAPPER.readValue(mesh.raw(), MeshResult.class)).isEqualTo(r);
        assertThat(mesh.measurement().metric("bitsPerSecond").orElseThrow().value()).isEqualTo(r.analysis().medianBitsPerSecond());
        assertThat(mesh.measurement().metric("suspects").orElseThrow().value()).isEqualTo(1);
        assertThat(mesh.measurement().params()).containsEntry("hosts", "6").containsEntry("outcome", "ok");
        Item pair = items.get(1);
        assertThat(pair.measurement().test()).isEqualTo("tcp-bw");
        assertThat(pair.labels()).containsExactly("rack-a");
        assertThat(pair.rawFormat()).isEqualTo("wirespeed-mesh-pair-json");
        assertThat(pair.measurement().params()).containsKeys("from", "to", "client", "server", "round");
        assertThat(items.stream().skip(1).map(i -> i.measurement().params().get("from") + ">" + i.measurement().params().get("to")))
                .doesNotHaveDuplicates();
        assertThat(pair.raw().length()).as("a pair's own JSON, not the whole mesh").isLessThan(mesh.raw().length() / 5);
    }
}
