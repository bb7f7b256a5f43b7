package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.host.VirtualFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ip -s link} of an SR-IOV PF (issue 31): the VF lines and their counters are the VF's
 * ({@link VirtualFunction}), not the PF's, and a VF that dropped frames is a finding.
 * Fixture: parse/counters/ip-s-link-vf-tx-dropped-i40e-stable-patch.txt (i40e, before and after a fix).
 */
class VirtualFunctionExplainTest {
    private static final String FIXTURE = "counters/ip-s-link-vf-tx-dropped-i40e-stable-patch.txt";

    @Test
    void theVfCountersAreTheVfsAndNotThePfs() {
        List<Parsed> blocks = Fixture.blocks(FIXTURE);
        Parsed after = blocks.getLast();
        VirtualFunction vf = after.all(VirtualFunction.class).getFirst();
        assertThat(vf.pf()).isEqualTo("enp2s0f0");
        assertThat(vf.vf()).isZero();
        assertThat(vf.mac()).isEqualTo("4a:b7:3d:37:f7:56");
        assertThat(vf.spoofChecking()).isEqualTo("on");
        assertThat(vf.counters()).containsEntry("tx_dropped", 2L).containsEntry("rx_broadcast", 0L);
        CounterSample pf = after.all(CounterSample.class).getFirst();
        assertThat(pf.subject()).isEqualTo("enp2s0f0");
        assertThat(pf.values()).containsEntry("tx_dropped", 0L).containsEntry("rx_missed_errors", 0L);
    }

    @Test
    void aVfThatDroppedFramesIsAFindingOnceWithTheNewestReading() {
        Explanation e = Explainer.standard().explain(FIXTURE, Fixture.text(FIXTURE));
        List<Finding> vf = e.findings().stream().filter(f -> f.rule().equals("vf-dropping")).toList();
        assertThat(vf).hasSize(1);
        assertThat(vf.getFirst().subject()).isEqualTo("enp2s0f0 vf 0");
        assertThat(vf.getFirst().message()).contains("2 sent frame(s) dropped").contains("spoof checking on");
    }

    @Test
    void aVfWithoutDropsIsNoFinding() {
        String before = Fixture.text(FIXTURE);
        before = before.substring(0, before.indexOf("A packet with non-existent VLAN"));
        Explanation e = Explainer.standard().explain("before.txt", before);
        assertThat(e.findings()).noneMatch(f -> f.rule().equals("vf-dropping"));
    }
}
