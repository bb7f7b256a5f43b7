package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.host.QosSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** iproute2's dcb (parse/qos/README.md): PFC priorities, DSCP 26's priority and trust, as explain's host settings. */
class DcbParserTest {
    @Test
    void jsonPfcAndAppTable() {
        List<Parsed> blocks = Fixture.blocks("qos/dcb-json-pfc4-dscp-constructed.txt");
        List<QosSettings> q = blocks.stream().flatMap(b -> b.all(QosSettings.class).stream()).toList();
        assertThat(q).hasSize(2);
        assertThat(q.get(0).iface()).isEqualTo("enp2s0f0np0");
        assertThat(q.get(0).pfcPriorities()).containsExactly(4);
        assertThat(q.get(0).trust()).isNull();
        assertThat(q.get(1).trust()).isEqualTo("dscp");
        assertThat(q.get(1).dscp26Priority()).isEqualTo(3);
        assertThat(q.get(1).pfcPriorities()).isNull();
        Facts f = Explainer.standard().explain("dcb.txt", Fixture.text("qos/dcb-json-pfc4-dscp-constructed.txt")).facts()
                .getFirst();
        assertThat(f.settings()).extracting(s -> s.name() + "=" + s.value())
                .containsExactlyInAnyOrder("pfc=4", "trust=dscp", "dscp26-priority=3");
    }

    @Test
    void plainOutputWithDscpNames() {
        List<QosSettings> q = Fixture.blocks("qos/dcb-text-pfc3-constructed.txt").stream()
                .flatMap(b -> b.all(QosSettings.class).stream()).toList();
        assertThat(q).extracting(QosSettings::iface).containsOnly("eth0");
        assertThat(q.get(0).pfcPriorities()).containsExactly(3);
        assertThat(q.get(1).dscp26Priority()).isEqualTo(3);
    }

    @Test
    void cutOffJsonAndAnEmptyAppTableSayNothing() {
        String cut = "$ dcb -j pfc show dev eth0\n{\"pfc_cap\":8,\"prio_pfc\":[false,false,fal\n";
        assertThat(Explainer.standard().explain("cut", cut).facts()).allSatisfy(f -> assertThat(f.settings()).isEmpty());
        String empty = "$ dcb -j app show dev eth0\n{}\n";
        assertThat(Explainer.standard().explain("empty", empty).facts()).allSatisfy(f -> assertThat(f.settings())
                .extracting(DeviceSetting::name).doesNotContain("trust", "pfc"));
    }
}
