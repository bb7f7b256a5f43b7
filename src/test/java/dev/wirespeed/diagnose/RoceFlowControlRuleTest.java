package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PauseFrames;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pause frames come from `ethtool -a` output only (seed 000 l.1432-1436), so these facts are built as explain builds them. */
class RoceFlowControlRuleTest {
    private static Facts facts(boolean rx, boolean tx) {
        return builder(rx, tx).build();
    }

    /** With mlnx_qos's "pfc" setting for the netdev ("3" or "none"), as explain adds it (QosSettings.addFacts). */
    private static Facts facts(boolean rx, boolean tx, String pfc) {
        return builder(rx, tx).add(new DeviceSetting("enp1s0f0np0", "pfc", pfc,
                new Evidence("mlnx_qos, paste line 9", "enabled 0 0 0 1 0 0 0 0"))).build();
    }

    private static Facts.Builder builder(boolean rx, boolean tx) {
        String src = "ethtool -a, paste line ";
        return Facts.builder("explain")
                .add(NetInterface.builder("enp1s0f0np0")
                        .type(Observed.of(1, "link/ether", "ip link"))
                        .pause(Observed.of(new PauseFrames(false, rx, tx), "RX: " + (rx ? "on" : "off"), src + 3))
                        .build())
                .add(RdmaPort.builder("mlx5_0", 1)
                        .state(Observed.parse("4: ACTIVE", "ibstatus line 5", PortState::parse))
                        .linkLayer(Observed.parse("Ethernet", "ibstatus line 8", LinkLayer::parse))
                        .netdev(Observed.of("enp1s0f0np0", "enp1s0f0np0", "show_gids"))
                        .build());
    }

    @Test
    void firesWhenPauseIsOff() {
        List<Finding> f = new RoceFlowControlRule().apply(facts(false, true), Context.of(facts(false, true)));
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.WARN);
            assertThat(x.message()).contains("RX off, TX on");
            assertThat(x.fix().command()).isEqualTo("ethtool -A enp1s0f0np0 rx on tx on");
        });
    }

    @Test
    void pfcOnSomePriorityCountsAsFlowControlAndPfcOffEverywhereIsNamed() {
        assertThat(new RoceFlowControlRule().apply(facts(false, false, "3"), Context.of(facts(false, false, "3")))).isEmpty();
        assertThat(new RoceFlowControlRule().apply(facts(false, false, "none"), Context.of(facts(false, false, "none"))))
                .singleElement().satisfies(x -> {
                    assertThat(x.message()).endsWith("RX off, TX off and PFC off on every priority: nothing prevents drops");
                    assertThat(x.evidence()).hasSize(2);
                });
    }

    @Test
    void quietWhenBothAreOn() {
        assertThat(new RoceFlowControlRule().apply(facts(true, true), Context.of(facts(true, true)))).isEmpty();
    }
}
