package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/** Issue 26: `limits --roce`, RDMA over an Ethernet link (RoCEv2 framing), not TCP. */
class LimitsRoceTest {
    @Test
    void seed000sRoceLinkIsTheCeilingOfItsIbSendBw() {
        // seed 000 l.1482-1510: ib_send_bw over 25GbE RoCE at Mtu 1024 averaged 23.13 Gb/sec
        Cli.Run r = Cli.run("limits", "--eth", "25G", "--roce");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("25GbE, RoCEv2 at MTU 1500", "RoCE MTU 1024 (the largest that Ethernet MTU 1500 allows)",
                "92.6 %", "ceiling: 23.1 Gbit/s");
        Cli.Run json = Cli.run("limits", "--eth", "25G", "--roce", "--json");
        assertThat(json.out()).contains("\"usableBitsPerSecond\" : 2.3146", "\"kind\" : \"link\"");
    }

    @Test
    void writeAndMtuOptions() {
        Cli.Run r = Cli.run("limits", "--eth", "100G", "--mtu", "9000", "--roce=write", "--msg", "4096", "--pcie", "gen3x16");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("RDMA WRITE of 4096 B: 1 packet × 82 B of headers + RETH 16", "97.7 %");
    }

    @Test
    void whatDoesNotFitIsAUsageError() {
        Cli.Run big = Cli.run("limits", "--eth", "25G", "--roce", "--roce-mtu", "4096");
        assertThat(big.exitCode()).isEqualTo(2);
        assertThat(big.err()).contains("--roce-mtu 4096 does not fit Ethernet MTU 1500 (the kernel allows 1024; 4096 needs MTU 4192)");
        assertThat(Cli.run("limits", "--ib", "4X EDR", "--roce").err()).contains("--roce, --roce-mtu and --msg need --eth");
        assertThat(Cli.run("limits", "--eth", "25G", "--roce=read").err()).contains("--roce read is not a verb");
        assertThat(Cli.run("limits", "--eth", "25G", "--roce", "--msg", "4096").err()).contains("give --roce=write");
        assertThat(Cli.run("limits", "--eth", "25G", "--roce-mtu", "1024").err()).contains("--roce-mtu needs --roce");
        assertThat(Cli.run("limits", "--eth", "25G", "--roce", "--roce-mtu", "1000").exitCode()).isEqualTo(2);
    }
}
