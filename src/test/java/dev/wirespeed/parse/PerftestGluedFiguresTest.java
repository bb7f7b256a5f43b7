package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.perftest.PerftestLatRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two perftest figures printed with no blank between them are split only in a row one column short of its header
 * (the real sample is parse/perftest's Soft-RoCE notes, with key facts).
 */
class PerftestGluedFiguresTest {
    private static final String HEAD = """
            $ ib_send_lat -d rxe0 10.0.0.1
            ---------------------------------------------------------------------------------------
                                Send Latency Test
             Dual-port       : OFF          Device         : rxe0
            ---------------------------------------------------------------------------------------
             #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]
            """;

    private static List<PerftestLatRow> rows(String row) {
        List<Piece> p = LogReader.standard().read(HEAD + row + "\n");
        return p.getFirst().outputs().getFirst().all(PerftestLatRow.class);
    }

    @Test
    void aRowOneColumnShortHasItsGluedPairSplit() {
        List<PerftestLatRow> r = rows(" 2       1000          453.06         37330.73     692.41            928.05           2465.901216.65                 37330.73");
        assertThat(r).hasSize(1);
        assertThat(r.getFirst().stdev().raw()).isEqualTo("2465.90 usec");
        assertThat(r.getFirst().p99().raw()).isEqualTo("1216.65 usec");
        assertThat(r.getFirst().p999().raw()).isEqualTo("37330.73 usec");
    }

    @Test
    void aFullRowIsReadAsPrinted() {
        List<PerftestLatRow> r = rows(" 2       1000          461.98         37858.01      724.36           927.05           2486.36         1084.09               37858.01");
        assertThat(r).hasSize(1);
        assertThat(r.getFirst().stdev().raw()).isEqualTo("2486.36 usec");
        assertThat(r.getFirst().p99().raw()).isEqualTo("1084.09 usec");
    }
}
