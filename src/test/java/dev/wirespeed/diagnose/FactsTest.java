package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.results.Json;
import org.junit.jupiter.api.Test;

/** Two sources about one device (ibstat then ibv_devinfo, seed 003 l.15-73) make one device. */
class FactsTest {
    @Test
    void sameKeyRecordsMergeAttributeByAttribute() {
        RdmaDevice fromIbstat = RdmaDevice.builder("mlx5_0")
                .hcaType(Observed.of("MT4119", "MT4119", "ibstat line 16"))
                .port(RdmaPort.builder("mlx5_0", 1)
                        .state(Observed.parse("Active", "ibstat line 23", PortState::parse))
                        .rate(Observed.parse("100", "ibstat line 25", IbRate::parse))
                        .build())
                .build();
        RdmaDevice fromDevinfo = RdmaDevice.builder("mlx5_0")
                .partId(Observed.of(0x1017, "4119", "ibv_devinfo line 62"))
                .port(RdmaPort.builder("mlx5_0", 1)
                        .state(Observed.parse("PORT_ACTIVE (4)", "ibv_devinfo line 67", PortState::parse))
                        .smLid(Observed.of(117, "117", "ibv_devinfo line 70"))
                        .build())
                .build();
        Facts facts = Facts.builder("explain").add(fromIbstat).add(fromDevinfo).build();
        assertThat(facts.rdmaDevices()).hasSize(1);
        RdmaDevice d = facts.rdmaDevices().getFirst();
        assertThat(d.hcaType().value()).isEqualTo("MT4119");
        assertThat(d.partId().value()).isEqualTo(0x1017);
        assertThat(d.ports()).hasSize(1);
        RdmaPort p = d.ports().getFirst();
        assertThat(p.state().source()).isEqualTo("ibstat line 23");
        assertThat(p.smLid().value()).isEqualTo(117);
        assertThat(p.rate().value().reportedGbps()).isEqualTo(100.0);
        assertThat(facts.rdmaPorts()).containsExactly(p);

        String json = Json.pretty(facts);
        assertThat(json).contains("\"status\" : \"ok\"", "\"value\" : \"ACTIVE\"", "\"raw\" : \"Active\"",
                "\"source\" : \"ibstat line 23\"", "\"reportedGbps\" : 100.0");
    }
}
