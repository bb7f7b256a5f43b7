package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "Is host X in this fabric?" on seed 000's ibnetdiscover and seed 001's iblinkinfo. */
class FabricMembershipTest {
    @Test
    void aHostIsFoundByItsNodeDescriptionAsAWholeWord() {
        Explanation e = Explainer.standard().explain("f.txt", Fixture.text("ib/ibnetdiscover-seed000.txt"));
        List<FabricMembership.Answer> a = FabricMembership.find(e, List.of("tj01-4090-node005", "tj01-4090-node00",
                "TJ01-4090-NODE009"));
        assertThat(a.get(0).line()).isEqualTo("fabric: tj01-4090-node005 is in the fabric: \"tj01-4090-node005 mlx5_2\" "
                + "lid 22 on \"MF0;CNTSN-POD229-QM97-IB-02:MQM9700/U1\" port 1 at 2X NDR");
        assertThat(a.get(1).found()).as("a prefix of a name is not the name").isFalse();
        assertThat(a.get(1).line()).startsWith("fabric: tj01-4090-node00 is not in the fabric read (");
        assertThat(a.get(2).found()).as("host names are case-insensitive").isTrue();
    }

    @Test
    void iblinkinfoAndNoFabricAtAll() {
        Explanation links = Explainer.standard().explain("l.txt", Fixture.text("ib/iblinkinfo-seed001.txt"));
        assertThat(FabricMembership.find(links, List.of("m02", "m03"))).extracting(FabricMembership.Answer::found)
                .containsExactly(true, false);
        Explanation none = Explainer.standard().explain("x.txt", Fixture.text("ib/ibstat-seed003.txt"));
        assertThat(FabricMembership.find(none, List.of("m02"))).isNull();
    }
}
