package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comment line between two fields goes; one anywhere else stays (the real sample is parse/host's
 * ethtool-commented-fields fixture, with key facts).
 */
class FieldCommentsTest {
    private final LogReader reader = LogReader.standard();

    @Test
    void aCommentBetweenIbstatFieldsKeepsThePortGuidAfterIt() {
        List<Piece> p = reader.read("""
                $ ibstat
                CA 'mlx5_0'
                \tCA type: MT4123
                \tNumber of ports: 1
                \tPort 1:
                \t\tState: Active
                \t\t# the rate we expect
                \t\tRate: 200
                \t\t// and the GUID below
                \t\tPort GUID: 0x0c42a10300b0c1d2
                \t\tLink layer: InfiniBand
                """);
        assertThat(p).hasSize(1);
        assertThat(p.getFirst().unrecognized()).isNull();
        assertThat(p.getFirst().outputs().getFirst().recordsWithPrinted().toString()).contains("0x0c42a10300b0c1d2");
    }

    @Test
    void aRootPromptAndACommentOutsideFieldsStay() {
        // "# ethtool -i eth0" is a command between two outputs, not a comment
        List<Piece> p = reader.read("""
                # ethtool eth0
                Settings for eth0:
                \tSpeed: 1000Mb/s
                \tLink detected: yes
                # ethtool -i eth0
                driver: e1000e
                version: 3.2.6-k
                """);
        assertThat(p).extracting(Piece::command).containsExactly("ethtool eth0", "ethtool -i eth0");
        // after a line that is no field, a comment is prose the piece did not read
        List<Piece> q = reader.read("""
                $ ibstat
                CA 'mlx5_0'
                # the card we bought
                \tCA type: MT4123
                """);
        assertThat(q.getFirst().unrecognized()).isNotNull();
    }
}
