package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.host.TransceiverModule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ethtool -m on real dumps: what is plugged, its powers, and the transceiver-alarm finding. */
class TransceiverModuleTest {
    private static List<Finding> alarms(String fixture) {
        return Explainer.standard().explain("m.txt", Fixture.text(fixture)).findings().stream()
                .filter(f -> f.rule().equals("transceiver-alarm")).toList();
    }

    @Test
    void noLightOnAnLrOpticWrappedByAMailClient() {
        Parsed p = Fixture.only("host/ethtool-m-sfp-10g-lr-no-light-mail.txt", "ethtool-module");
        TransceiverModule m = p.all(TransceiverModule.class).getFirst();
        assertThat(m.alarmsOn()).containsExactly("Laser rx power low alarm", "Laser rx power low warning");
        assertThat(m.rxPowerDbm()).isEqualTo(-40.0);
        assertThat(p.skipped()).as("the wrapped halves of two values are read past").isEmpty();
        assertThat(alarms("host/ethtool-m-sfp-10g-lr-no-light-mail.txt")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("enp3s0f0");
            assertThat(f.message()).contains("TN-SFP-10G-LR").contains("-40.0 dBm");
            assertThat(f.fix().action()).startsWith("too little light arrives");
        });
    }

    @Test
    void quietWhenEveryFlagIsOff() {
        assertThat(alarms("host/ethtool-m-sfp-10g-sr-boyang.txt")).isEmpty();
        assertThat(alarms("host/ethtool-settings-S-m-cumulus37.txt")).isEmpty();
        TransceiverModule m = Fixture.only("host/ethtool-m-sfp-10g-sr-boyang.txt", "ethtool-module")
                .all(TransceiverModule.class).getFirst();
        assertThat(m.alarmsOn()).isEmpty();
        assertThat(m.transceiverTypes()).hasSize(4).first().isEqualTo("10G Ethernet: 10G Base-SR");
    }
}
