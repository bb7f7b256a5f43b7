package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A firmware tool's "-E-" line: the device, the code and the reason it quotes, and advice only as far as the line goes. */
class MftErrorTest {
    private static List<Finding> findings(String fixture) {
        return Explainer.standard().explain("p.txt", Fixture.text(fixture)).findings().stream()
                .filter(f -> f.rule().equals("mft-error")).toList();
    }

    @Test
    void aDeviceThatIsNotThereIsAWrongAddress() {
        assertThat(findings("mlx/mstflint-4.21-dot-slash-mstconfig-mstlink-no-device-terminal.txt")).hasSize(3)
                .anySatisfy(f -> assertThat(f.message()).startsWith("mstflint could not open 01:00.0 (No such file or directory)")
                        .contains("MFE_CR_ERROR"))
                .anySatisfy(f -> assertThat(f.fix().action()).contains("does not say why"))
                .filteredOn(f -> f.message().contains("No such file")).allSatisfy(f -> assertThat(f.fix().action()).contains("lspci -d 15b3:"));
    }

    @Test
    void aReasonTheLineDoesNotExplainIsSaidToBeUnexplained() {
        assertThat(findings("mlx/mstflint-q-mfe-cr-error-infinihost-iii-lx-fedora-mstflint921.txt")).hasSize(2)
                .allSatisfy(f -> assertThat(f.message()).contains("Operation not supported"))
                .allSatisfy(f -> assertThat(f.fix().action()).startsWith("the line does not say why").doesNotContain("mst start"));
    }

    @Test
    void anUnknownArgumentIsTheErrorAsPrinted() {
        assertThat(findings("mlx/mst-status-v-bad-argument-connectx5-trex.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Unknown argument").doesNotContain("could not open"));
    }
}
