package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command with its output's first line glued to it is split only where a parser of that command reads from the
 * rest (the real sample is parse/host's lspci-lsmod-ethtool-prompt-glued-to-output fixture, with key facts).
 */
class GluedOutputTest {
    private final LogReader reader = LogReader.standard();

    private List<Piece> pieces(String text) {
        return reader.read(text);
    }

    @Test
    void theGluedLineGoesBackToTheOutput() {
        List<Piece> p = pieces("""
                $ ibstatCA 'mlx5_0'
                \tCA type: MT4123
                \tNumber of ports: 1
                \tPort 1:
                \t\tState: Active
                \t\tPhysical state: LinkUp
                \t\tRate: 200
                \t\tLink layer: InfiniBand
                """);
        assertThat(p).hasSize(1);
        assertThat(p.getFirst().command()).isEqualTo("ibstat");
        assertThat(p.getFirst().outputs()).extracting(Parsed::format).containsExactly("ibstat");
        assertThat(p.getFirst().unrecognized()).isNull();

        List<Piece> root = pieces("""
                # ethtool -i eth0driver: e1000
                version: 7.3.21-k8-NAPI
                firmware-version:
                bus-info: 0000:02:00.0
                """);
        assertThat(root).hasSize(1);
        assertThat(root.getFirst().command()).isEqualTo("ethtool -i eth0");
        assertThat(root.getFirst().unrecognized()).isNull();
    }

    @Test
    void aCommandThatEndsSoStaysWhole() {
        // words inside an option or value that no reader of the command reads from
        for (String cmd : List.of("ethtool -S enp1s0f0np0", "ib_write_lat -q 2", "lspci -s 03:00.0 -vvv", "ibstat mlx5_0 1",
                "dmesg -T | grep -i mlx5_core")) {
            List<Piece> p = pieces("$ " + cmd + "\n");
            assertThat(p).as(cmd).hasSize(1);
            assertThat(p.getFirst().command()).isEqualTo(cmd);
        }
        // the rest is a format, but not the command's: "ibstat" does not print an lspci line
        assertThat(pieces("$ ibstat 03:00.0 Ethernet controller: Mellanox Technologies MT27800 Family\n").getFirst().command())
                .isEqualTo("ibstat 03:00.0 Ethernet controller: Mellanox Technologies MT27800 Family");
    }
}
