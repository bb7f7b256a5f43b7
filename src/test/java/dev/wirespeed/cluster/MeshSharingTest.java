package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.Peer;
import dev.wirespeed.testing.JsonSchemas;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 point 5 in a mesh: each pair keeps its copy of what its receiver's server said about
 * sharing, in the JSON, the text and the store; the text says plainly whether the sharing was the
 * pattern's own (two pairs of one round into one receiver) or came from outside the mesh.
 */
class MeshSharingTest {
    /** The six-host all-pairs model of MeshReportTest, with each pair's receiver's word set. */
    private static List<PairResult> pairs(Integer sharedForN1ToN2, Integer others) {
        List<PairResult> out = new ArrayList<>();
        for (PairResult p : MeshReportTest.pairs(0, -1, -1)) {
            Integer word = p.client().equals("n1") && p.server().equals("n2") || p.client().equals("n2")
                    && p.server().equals("n1") ? sharedForN1ToN2 : others;
            out.add(new PairResult(p.round(), p.client(), p.server(), p.status(), p.message(), p.flows(), null, word));
        }
        return out;
    }

    @Test
    void aPairBesideATestFromOutsideTheMeshSaysSoAndTheOthersSayNot() {
        MeshResult r = MeshReportTest.result(MeshReportTest.hosts(-1, -1), pairs(1, 0), null);
        String json = Json.pretty(r);
        assertThat(JsonSchemas.errors("mesh.schema.json", json)).isEmpty();
        assertThat(json).contains("\"serverSharedWithTests\" : 1").contains("\"serverSharedWithTests\" : 0");
        StringWriter text = new StringWriter();
        new MeshText(new PrintWriter(text)).summary(r);
        PairResult shared = r.pairs().stream().filter(PairResult::shared).findFirst().orElseThrow();
        assertThat(text.toString())
                .contains("shared receivers: the receiver ran another test at once beside these pairs (not one of this"
                        + " mesh's: a round gives each host one pair), so their rates are their share:")
                .contains("  " + shared.client() + " → " + shared.server() + ": beside 1 other test at once")
                .doesNotContain("by design");
        assertThat(r.pairs().stream().filter(PairResult::shared)).hasSize(1);
        List<String> sharing = new ArrayList<>();
        for (Item item : MeshMeasurements.items(r, List.of())) {
            if (item.peer() != null) {
                sharing.add(item.measurement().params().get("server") + ":" + item.peer().shared());
            }
        }
        assertThat(sharing).hasSize(15).contains(shared.server() + ":" + Peer.SHARED_YES)
                .filteredOn(s -> s.endsWith(Peer.SHARED_YES)).hasSize(1);
    }

    @Test
    void twoPairsOfOneRoundIntoOneReceiverShareByDesignAndTheTextSaysSoPlainly() {
        List<PairResult> pairs = List.of(
                new PairResult(0, "n1", "n3", PairStatus.OK, null, List.of(new PairResult.Flow("n1", "n3", 5e9, null,
                        null, null)), null, 1),
                new PairResult(0, "n2", "n3", PairStatus.OK, null, List.of(new PairResult.Flow("n2", "n3", 5e9, null,
                        null, null)), null, 1));
        assertThat(MeshText.sharedByDesign(pairs)).isTrue();
        assertThat(MeshText.sharedByDesign(MeshReportTest.pairs(0, -1, -1))).as("all-pairs: disjoint rounds").isFalse();
        MeshResult r = MeshReportTest.result(MeshReportTest.hosts(-1, -1), pairs, null);
        StringWriter text = new StringWriter();
        new MeshText(new PrintWriter(text)).summary(r);
        assertThat(text.toString())
                .contains("shared receivers, by design: this all-pairs mesh runs several pairs into one receiver at"
                        + " once, so each of these pairs' rates is its share of that receiver:")
                .contains("  n1 → n3: beside 1 other test at once").contains("  n2 → n3: beside 1 other test at once")
                .doesNotContain("not one of this mesh's");
    }

    @Test
    void pairsWhoseReceiverSaidNothingAreUnknownAndPrintNothing() {
        MeshResult r = MeshReportTest.result(MeshReportTest.hosts(-1, -1), pairs(null, null), null);
        StringWriter text = new StringWriter();
        new MeshText(new PrintWriter(text)).summary(r);
        assertThat(text.toString()).doesNotContain("shared");
        assertThat(MeshMeasurements.items(r, List.of()).stream().filter(i -> i.peer() != null))
                .allSatisfy(i -> assertThat(i.peer().shared()).isEqualTo(Peer.SHARED_UNKNOWN));
    }
}
