package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.EthtoolSettings;
import org.junit.jupiter.api.Test;

/** ethtool's supported, advertised and link-partner mode lists (long tail of the ethtool parser). */
class EthtoolLinkModesTest {
    @Test
    void partnerAdvertisesOnlyUpTo1G() {
        Parsed p = Fixture.only("host/ethtool-link-partner-openwrt21530.txt", "ethtool");
        EthtoolSettings s = p.all(EthtoolSettings.class).getFirst();
        assertThat(s.iface()).isEqualTo("lan2");
        assertThat(s.speed().value()).isEqualTo(1e9);
        assertThat(s.speed().raw()).as("the value as printed, not the line with its name").isEqualTo("1000Mb/s");
        assertThat(s.supportedModes()).containsExactly("100baseT/Half", "100baseT/Full", "1000baseT/Full",
                "10000baseT/Full", "2500baseT/Full", "5000baseT/Full");
        assertThat(s.advertisedModes()).hasSize(6).contains("10000baseT/Full");
        assertThat(s.partnerModes()).containsExactly("10baseT/Half", "10baseT/Full", "100baseT/Half", "100baseT/Full",
                "1000baseT/Full");
        assertThat(p.skipped()).isEmpty();
        EthtoolSettings virtio = Fixture.only("host/ethtool-6.1-virtio.txt", "ethtool").all(EthtoolSettings.class).getFirst();
        assertThat(virtio.partnerModes()).isNull();
    }
}
