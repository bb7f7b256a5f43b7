package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lines set each in inline code (the real sample is parse/nccl's rccl-tests run in a reStructuredText guide, with key
 * facts): what stays and what goes.
 */
class CodeSpanLinesTest {
    private static List<PasteRepair.Row> rows(String... lines) {
        List<PasteRepair.Row> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            out.add(new PasteRepair.Row(i + 1, lines[i], ""));
        }
        return out;
    }

    private static List<String> texts(List<PasteRepair.Row> rows) {
        return rows.stream().map(PasteRepair.Row::text).toList();
    }

    @Test
    void spansAWrapSplitAndRolesGoWhereThreeLinesAreSet() {
        List<PasteRepair.Row> out = CodeSpanLines.unwrap(rows(
                ":mark:`# Out of bounds values : 0 OK`",
                "`# Avg bus bandwidth : 102.138`",
                ":mark:`8589934592 2147483648 float sum -1 47488 180.88 316.55 0 47594",
                "180.48` :mark:`315.84` :mark:`0`"));
        assertThat(texts(out)).containsExactly("# Out of bounds values : 0 OK", "# Avg bus bandwidth : 102.138",
                "8589934592 2147483648 float sum -1 47488 180.88 316.55 0 47594 180.48 315.84 0");
        assertThat(out.get(2).number()).as("the joined line keeps the first line's number").isEqualTo(3);
    }

    @Test
    void oneCommandInProseAFenceAndTextAroundASpanStay() {
        List<PasteRepair.Row> in = rows("Run `ibstat` first:", "`ibstat`", "```", "CA 'mlx5_0'", "```");
        assertThat(CodeSpanLines.unwrap(in)).isSameAs(in);
        List<PasteRepair.Row> three = rows("`ibstat`", "`ibstat` then `ibv_devinfo`, in that order", "`lspci`",
                "`root `[`#`]`qperf 10.0.10.1 tcp_bw`");
        assertThat(texts(CodeSpanLines.unwrap(three))).containsExactly("ibstat",
                "`ibstat` then `ibv_devinfo`, in that order", "lspci", "`root `[`#`]`qperf 10.0.10.1 tcp_bw`");
    }
}
