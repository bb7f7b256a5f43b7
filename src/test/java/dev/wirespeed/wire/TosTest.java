package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** -S and --dscp as iperf3 reads them (strtol base 0; dscp.c names). */
class TosTest {
    @Test
    void tosNumbersInEveryBase() {
        assertThat(Tos.parseTos("0x88")).isEqualTo(0x88);
        assertThat(Tos.parseTos("136")).isEqualTo(136);
        assertThat(Tos.parseTos("0210")).isEqualTo(0x88); // octal, as strtol base 0
        assertThat(Tos.parseTos("0")).isZero();
        for (String bad : new String[] {"256", "-1", "0x", "af41", "", "0x1ff"}) {
            assertThatThrownBy(() -> Tos.parseTos(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void dscpNamesAndNumbers() {
        assertThat(Tos.parseDscp("AF41")).isEqualTo(0x88);
        assertThat(Tos.parseDscp("af41")).isEqualTo(0x88);
        assertThat(Tos.parseDscp("EF")).isEqualTo(0xb8);
        assertThat(Tos.parseDscp("CS3")).isEqualTo(0x60);
        assertThat(Tos.parseDscp("AF11")).isEqualTo(0x28);
        assertThat(Tos.parseDscp("CS7")).isEqualTo(0xe0);
        assertThat(Tos.parseDscp("LE")).isEqualTo(0x04);
        assertThat(Tos.parseDscp("34")).isEqualTo(0x88);
        assertThat(Tos.parseDscp("0x22")).isEqualTo(0x88);
        for (String bad : new String[] {"64", "AF44", "CS8", "x"}) {
            assertThatThrownBy(() -> Tos.parseDscp(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void described() {
        assertThat(Tos.describe(0x88)).isEqualTo("0x88 (DSCP 34 AF41)");
        assertThat(Tos.describe(0xb8)).isEqualTo("0xb8 (DSCP 46 EF)");
        assertThat(Tos.describe(0x8a)).isEqualTo("0x8a (DSCP 34 AF41, ECN 2)");
        assertThat(Tos.describe(0)).isEqualTo("0x00 (DSCP 0)");
    }
}
