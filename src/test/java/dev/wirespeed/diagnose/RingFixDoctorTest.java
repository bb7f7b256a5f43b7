package dev.wirespeed.diagnose;

import dev.wirespeed.explain.CommandFacts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Capture;
import dev.wirespeed.inspect.Inspection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring-drop fixes of doctor (issue 18) by what `ethtool -g` said: the mlx5-counters-018 tree,
 * whose enp65s0f0np0 drops for want of buffers (rx_out_of_buffer) and at the port (rx_discards_phy),
 * with a real ring reading at .wirespeed/ethtool-g/IF (where doctor's capture puts it), or without one.
 */
class RingFixDoctorTest {
    private static final String IF = "enp65s0f0np0";
    private static final String CLEAN = "enp65s0f1np1";

    @TempDir
    Path tmp;

    private Facts withRings(String dropping, String clean) throws IOException {
        Path root = RingOutputs.copyTree(Fixtures.root("mlx5-counters-018"), tmp.resolve("root"));
        Files.createDirectories(root.resolve(".wirespeed/ethtool-g"));
        Files.writeString(root.resolve(".wirespeed/ethtool-g/" + IF), dropping);
        Files.writeString(root.resolve(".wirespeed/ethtool-g/" + CLEAN), clean);
        return Inspection.read(root, (Capture) null, new CommandFacts());
    }

    private static Finding finding(Facts facts, String rule) {
        return RuleSet.standard().diagnose(facts).stream().filter(f -> f.rule().equals(rule)).findFirst().orElseThrow();
    }

    @Test
    void ringBelowItsMaximumIsRaisedToThatMaximum() throws IOException {
        Facts facts = withRings(RingOutputs.belowMaximum(IF), RingOutputs.belowMaximum(CLEAN));
        assertThat(facts.netInterface(IF).orElseThrow().ring().value().describe()).isEqualTo("RX 512 of 4096, TX 512 of 4096");
        Finding ring = finding(facts, "counter-rx-buffer");
        assertThat(ring.message()).contains("rx_out_of_buffer 1,203,411").endsWith("; the receive ring is 512 of 4096 descriptors");
        assertThat(ring.fix().command()).isEqualTo("ethtool -G " + IF + " rx 4096");
        assertThat(ring.fix().action()).startsWith("raise the receive ring to its maximum");
        assertThat(ring.evidence()).extracting(e -> e.source()).anySatisfy(s -> assertThat(s).contains("ethtool -g " + IF));
        Finding port = finding(facts, "counter-port-discard");
        assertThat(port.fix().command()).isEqualTo("ethtool -G " + IF + " rx 4096");
        assertThat(port.fix().action()).contains("flow control");
        // a ring below its maximum is no finding by itself: the clean port stays quiet
        assertThat(RuleSet.standard().diagnose(facts)).extracting(Finding::subject).doesNotContain(CLEAN);
    }

    @Test
    void ringAtItsMaximumIsNotRaisedTheLoadIsSpread() throws IOException {
        Facts facts = withRings(RingOutputs.atMaximum(IF), RingOutputs.atMaximum(CLEAN));
        for (String rule : List.of("counter-rx-buffer", "counter-port-discard")) {
            Finding f = finding(facts, rule);
            assertThat(f.message()).as(rule).endsWith("; the receive ring is 4096 of 4096 descriptors, already its maximum");
            assertThat(f.fix().command()).as(rule).isEqualTo("ethtool -L " + IF + " combined <maximum>").doesNotContain("-G");
            assertThat(f.fix().action()).as(rule).startsWith("the ring cannot grow")
                    .contains("ethtool -l " + IF, "IRQ affinity, RSS", "faster consumer").doesNotContain("raise");
        }
        assertThat(finding(facts, "counter-port-discard").fix().action()).contains("flow control");
    }

    @Test
    void withoutARingReadingTheMaximumIsLeftToEthtoolNotInvented() {
        Facts facts = Fixtures.facts("mlx5-counters-018");
        assertThat(facts.netInterface(IF).orElseThrow().ring().isPresent()).isFalse();
        for (String rule : List.of("counter-rx-buffer", "counter-port-discard")) {
            Finding f = finding(facts, rule);
            assertThat(f.message()).as(rule).doesNotContain("descriptors");
            assertThat(f.fix().command()).as(rule).isEqualTo("ethtool -G " + IF + " rx <maximum>");
            assertThat(f.fix().action()).as(rule).contains("ethtool -g " + IF + " shows the maximum");
        }
    }

    @Test
    void aRingOutputWithoutNumbersIsNoReading() throws IOException {
        // truncated after its heading, or a driver that prints n/a: the generic fix, no crash
        String truncated = RingOutputs.belowMaximum(IF).lines().limit(3).reduce("", (a, l) -> a + l + "\n");
        Facts facts = withRings(truncated, "Ring parameters for " + CLEAN + ":\nPre-set maximums:\nRX:\t\tn/a\n");
        assertThat(facts.netInterface(CLEAN).orElseThrow().ring().isPresent()).isFalse();
        assertThat(finding(facts, "counter-rx-buffer").fix().command()).isEqualTo("ethtool -G " + IF + " rx <maximum>");
    }
}
