package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PFC against RoCE's priority from pasted mlnx_qos (Mellanox DOC-2792 outputs in parse/qos). */
class LosslessRoceExplainTest {
    private static List<Finding> findings(String text, String rule) {
        return Explainer.standard().explain("paste.txt", text).findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void trustDscpWithPfcOffOnPriorityThreeFires() {
        // trust dscp; PFC "enabled 1 0 1 0 0 0 1 1": priorities 0,2,6,7, RoCE's DSCP 26 is on priority 3
        assertThat(findings(Fixture.text("qos/mlnx_qos-dscp-mellanox-doc2792.txt"), "roce-pfc-priority-mismatch"))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.WARN);
                    assertThat(f.subject()).isEqualTo("eth2");
                    assertThat(f.message()).startsWith("eth2 has PFC on priority 0,2,6,7 but not 3: with trust dscp");
                    // the priorities already on stay on (on main the vector turned 0, 2, 6 and 7 off)
                    assertThat(f.fix().command()).isEqualTo("mlnx_qos -i eth2 --pfc 1,0,1,1,0,0,1,1");
                });
    }

    @Test
    void pfcOnPriorityThreeIsQuiet() {
        assertThat(findings(Fixture.text("qos/mlnx_qos-pfc3-mellanox-doc2792.txt"), "roce-pfc-priority-mismatch")).isEmpty();
    }

    @Test
    void withoutATrustLineThePcpCaseIsOnlyInfo() {
        String noTrust = Fixture.text("qos/mlnx_qos-pfc3-mellanox-doc2792.txt").replace("enabled 0 0 0 1 0 0 0 0", "enabled 0 0 0 0 1 0 0 0");
        assertThat(findings(noTrust, "roce-pfc-priority-mismatch")).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
    }
}
