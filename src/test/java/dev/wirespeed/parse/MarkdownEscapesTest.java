package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Markdown writer's backslash escapes go only where the paste shows them and outside code blocks; a parallel shell's
 * named hosts go only where each host has lines of its own (the real samples are round 15's fixtures under parse/host,
 * parse/ib and parse/iperf, with key facts).
 */
class MarkdownEscapesTest {
    private final LogReader reader = LogReader.standard();

    private static List<String> undone(String... lines) {
        List<PasteRepair.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            rows.add(new PasteRepair.Row(i + 1, lines[i], ""));
        }
        return MarkdownEscapes.undo(rows).stream().map(PasteRepair.Row::text).toList();
    }

    @Test
    void escapesGoInAnEscapedPasteAndAHardBreakToo() {
        assertThat(undone("\\[root@localhost ~\\]# ethtool -S eth0 \\| grep crc", "rx\\_crc\\_errors: 0\\", "C:\\\\>"))
                .containsExactly("[root@localhost ~]# ethtool -S eth0 | grep crc", "rx_crc_errors: 0", "C:\\>");
    }

    @Test
    void oneShellEscapeAFenceAndATableRowsPipeStay() {
        // one "\*" is a shell's ("find -name \*.txt"), no Markdown writer's
        assertThat(undone("$ find /sys -name \\*.txt", "C:\\> iperf3 -c host \\")).containsExactly("$ find /sys -name \\*.txt", "C:\\> iperf3 -c host \\");
        // inside a fence a backslash is the text's own; in a table row an escaped pipe is a cell's
        assertThat(undone("rx\\_bytes and tx\\_bytes", "```", "grep 'a\\|b' \\[x\\]", "```", "| open\\_conf | a\\|b |"))
                .containsExactly("rx_bytes and tx_bytes", "```", "grep 'a\\|b' \\[x\\]", "```", "| open_conf | a\\|b |");
    }

    @Test
    void namedHostsOfAParallelShellGoAndAKeyValueOutputStays() {
        List<Piece> p = reader.read("""
                io: [ ID] Interval       Transfer     Bandwidth
                thebe: [ ID] Interval       Transfer     Bandwidth
                io: [  3]  0.0-60.9 sec  1.75 MBytes   241 Kbits/sec
                thebe: [  3]  0.0-61.0 sec  1.76 MBytes   242 Kbits/sec
                """);
        String records = p.getFirst().outputs().stream().map(o -> o.recordsWithPrinted().toString()).toList().toString();
        assertThat(records).contains("241 Kbits/sec", "242 Kbits/sec");
        // each key once: no host names (ethtool -g's RX and TX twice, but between other keys)
        List<Piece> q = reader.read("""
                $ ethtool -g eth0
                Ring parameters for eth0:
                Pre-set maximums:
                RX:             4096
                TX:             4096
                Current hardware settings:
                RX:             256
                TX:             256
                """);
        assertThat(q.getFirst().outputs().getFirst().recordsWithPrinted().toString()).contains("4096", "256");
    }
}
