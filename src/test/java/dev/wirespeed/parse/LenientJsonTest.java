package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** JSON pasted in part ({@link LenientJson}): what each kind of cut leaves readable, and nothing made up. */
class LenientJsonTest {
    @Test
    void membersBeforeAnyBraceMakeAnObjectAndWhatTheCutLeftOpenIsClosed() {
        List<JsonNode> roots = LenientJson.read("\"intervals\": [ { \"sum\": { \"bytes\": 131768, \"bits_per_second\": 1054042.72");
        assertThat(roots).hasSize(1);
        JsonNode sum = roots.getFirst().path("intervals").path(0).path("sum");
        assertThat(sum.path("bytes").asLong()).isEqualTo(131768);
        assertThat(sum.path("bits_per_second").decimalValue().toPlainString()).isEqualTo("1054042.72"); // its digits as printed
    }

    @Test
    void aCloserWhoseOpenerWasCutAwayEndsThatPieceAndTheNextMemberStartsAnother() {
        List<JsonNode> roots = LenientJson.read("\"rtt\": 51, \"sender\": true }], \"sum\": { \"start\": 0 } }, { \"streams\": [{");
        assertThat(roots).hasSize(3);
        assertThat(roots.get(0).path("rtt").asInt()).isEqualTo(51);
        assertThat(roots.get(1).path("sum").path("start").asInt()).isZero();
        assertThat(roots.get(2).path("streams").isArray()).isTrue();
        assertThat(roots.get(2).path("streams").path(0).isEmpty()).isTrue();
    }

    @Test
    void closersBeforeTheFirstOpenerAreSkipped() {
        List<JsonNode> roots = LenientJson.read("}\n}],\n\"end\": { \"streams\": [{ \"sender\": { \"bytes\": 2862612480");
        assertThat(roots).hasSize(1);
        assertThat(roots.getFirst().path("end").path("streams").path(0).path("sender").path("bytes").asLong()).isEqualTo(2862612480L);
    }

    @Test
    void printfNotANumberIsNullAndAMemberCutBeforeItsValueIsLeftOut() {
        JsonNode root = LenientJson.read("{ \"lost_percent\": -nan, \"jitter_ms\": 6.11273e+08, \"packets\":").getFirst();
        assertThat(root.path("lost_percent").isNull()).isTrue();
        assertThat(root.path("jitter_ms").asDouble()).isEqualTo(6.11273e8);
        assertThat(root.has("packets")).isFalse();
    }

    @Test
    void wholeDocumentsReadAsJacksonReadsThem() {
        List<JsonNode> roots = LenientJson.read("{\"a\": [1, 2, {\"b\": \"x \\\"y\\\"\"}], \"c\": false}\n{\"d\": null}");
        assertThat(roots).hasSize(2);
        assertThat(roots.get(0).path("a").path(2).path("b").asString()).isEqualTo("x \"y\"");
        assertThat(roots.get(0).path("c").asBoolean(true)).isFalse();
        assertThat(roots.get(1).has("d")).isTrue();
    }
}
