package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/**
 * Issue 26: `limits --ib` in the words the tools print — iblinkinfo's "4X 25.78125 Gbps" (seed 001,
 * parse/ib fixtures), ibnetdiscover's "2xNDR" (seed 000 l.1779–1800), the product names NDR200/HDR100,
 * and a bare "NDR", whose width is not given and is said to be assumed.
 */
class LimitsIbSpellingsTest {
    @Test
    void iblinkinfosLaneSignallingRateNamesTheSpeed() {
        Cli.Run r = Cli.run("limits", "--ib", "4X 25.78125 Gbps");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("InfiniBand 4X EDR, RDMA", "100 Gbit/s");
        assertThat(Cli.run("limits", "--ib", "4X 14.0625 Gbps").out()).contains("InfiniBand 4X FDR");
        assertThat(Cli.run("limits", "--ib", "4X 3.0 Gbps").exitCode()).as("no speed signals at 3 Gbps").isEqualTo(2);
    }

    @Test
    void aBareSpeedAssumes4XAndSaysSo() {
        Cli.Run r = Cli.run("limits", "--ib", "NDR");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("InfiniBand 4X NDR, RDMA", "400 Gbit/s", "width not given: 4X assumed");
        assertThat(Cli.run("limits", "--ib", "2X NDR").out()).doesNotContain("assumed (NDR200");
    }

    @Test
    void ibnetdiscoverAndProductSpellings() {
        assertThat(Cli.run("limits", "--ib", "2xNDR").out()).contains("InfiniBand 2X NDR", "200 Gbit/s");
        assertThat(Cli.run("limits", "--ib", "NDR200").out()).contains("InfiniBand 2X NDR", "200 Gbit/s");
        assertThat(Cli.run("limits", "--ib", "HDR100").out()).contains("InfiniBand 2X HDR", "100 Gbit/s");
        assertThat(Cli.run("limits", "--ib", "EDR100").out()).contains("InfiniBand 4X EDR");
        assertThat(Cli.run("limits", "--ib", "NDR150").exitCode()).as("not a whole number of lanes").isEqualTo(2);
    }
}
