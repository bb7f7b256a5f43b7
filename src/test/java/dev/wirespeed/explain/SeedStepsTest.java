package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 26, "seed steps nothing covers yet": a seed's step that draws a conclusion, and the rule that draws it. */
class SeedStepsTest {
    static Explanation explain(String fixture) {
        return Explainer.standard().explain(fixture, Fixture.text(fixture));
    }

    static List<Finding> findings(Explanation e, String rule) {
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void aWholeMstconfigQueryWithoutLinkTypeMeansThePortCannotBeSwitchedToInfiniband() {
        // seed 002: a BlueField-2 engineering sample; "this ES firmware does not support infiniband"
        assertThat(findings(explain("mlx/mstconfig-q-seed002.txt"), "link-type-fixed")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.message()).startsWith("21:00.0 (BlueField2 MBF2M345A-VENOT_ES_Ax): its firmware configuration "
                    + "(158 settings) has no LINK_TYPE_P1");
            assertThat(f.fix().action()).contains("VPI");
        });
        // a query that shows LINK_TYPE_P1, and one cut by grep, say nothing
        assertThat(findings(explain("mlx/mst-status-mlxconfig-link-type-proxmox.txt"), "link-type-fixed")).isEmpty();
        assertThat(findings(explain("mlx/mstconfig-e-grep-num-of-vfs-legend-dgx.txt"), "link-type-fixed")).isEmpty();
        String withLinkType = Fixture.text("mlx/mstconfig-q-seed002.txt").replace("MEMIC_BAR_SIZE 0", "LINK_TYPE_P1 ETH(2)");
        assertThat(findings(Explainer.standard().explain("vpi.txt", withLinkType), "link-type-fixed")).isEmpty();
    }
}
