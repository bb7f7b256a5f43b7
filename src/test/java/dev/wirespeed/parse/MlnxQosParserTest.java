package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.parse.host.QosSettings;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** mlnx_qos (parse/qos/README.md): trust, PFC priorities, ETS classes, and the settings explain adds to the host facts. */
class MlnxQosParserTest {
    @Test
    void trustDscpPfcAndEts() {
        Parsed p = Fixture.only("qos/mlnx_qos-dscp-mellanox-doc2792.txt", "mlnx_qos");
        QosSettings q = p.all(QosSettings.class).getFirst();
        assertThat(q.iface()).isEqualTo("eth2");
        assertThat(q.dcbxMode()).isEqualTo("OS controlled");
        assertThat(q.trust()).isEqualTo("dscp");
        assertThat(q.pfcPriorities()).containsExactly(0, 2, 6, 7);
        assertThat(q.trafficClasses()).hasSize(8);
        QosSettings.TrafficClass tc6 = q.trafficClasses().get(6);
        assertThat(tc6.tsa()).isEqualTo("strict");
        assertThat(tc6.bwPercent()).isNull();
        assertThat(tc6.priorities()).containsExactly(6);
        assertThat(q.trafficClasses().get(0).priorities()).containsExactly(1);
        assertThat(q.trafficClasses().get(7).bwPercent()).isEqualTo(40);
        assertThat(q.trafficClasses().stream().mapToInt(t -> t.bwPercent() == null ? 0 : t.bwPercent()).sum()).isEqualTo(100);
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void pfcTableAloneAndTheHostSettings() {
        QosSettings q = Fixture.only("qos/mlnx_qos-pfc3-mellanox-doc2792.txt", "mlnx_qos").all(QosSettings.class).getFirst();
        assertThat(q.pfcPriorities()).containsExactly(3);
        assertThat(q.trust()).isNull();
        Facts f = Explainer.standard().explain("q.txt", Fixture.text("qos/mlnx_qos-dscp-mellanox-doc2792.txt")).facts().getFirst();
        assertThat(f.settings()).extracting(DeviceSetting::name, DeviceSetting::value)
                .contains(Tuple.tuple("trust", "dscp"), Tuple.tuple("pfc", "0,2,6,7"));
    }
}
