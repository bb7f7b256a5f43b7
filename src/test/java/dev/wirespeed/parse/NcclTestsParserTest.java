package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.nccl.NcclRow;
import dev.wirespeed.parse.nccl.NcclSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** nccl-tests tables (parse/nccl/README.md names the sources) and the bus-bandwidth ceiling from the fabric. */
class NcclTestsParserTest {
    private static Parsed only(String file) {
        return Fixture.only("nccl/" + file, "nccl-tests");
    }

    @Test
    void aTableCutToFourColumnsIsReadByItsHeaderNames() {
        Parsed p = only("all_gather-16G-four-columns-dgx-spark-roce.txt");
        NcclRow row = p.all(NcclRow.class).getFirst();
        assertThat(row.sizeBytes()).isEqualTo(17179869184L);
        assertThat(row.timeMicros()).isEqualTo(387603.0);
        assertThat(row.busbwGBps()).isEqualTo(22.16);
        assertThat(row.inPlaceBusbwGBps()).as("one time/algbw/busbw set: no in-place column").isNull();
        assertThat(p.all(NcclSummary.class).getFirst().test()).as("named by the mpirun line above").isEqualTo("all_gather_perf");
        String shortRow = String.join("\n", "#       size      time   algbw   busbw", " 17179869184   387603   44.32");
        assertThat(Fixture.blocksOf(shortRow).stream().flatMap(b -> b.all(NcclRow.class).stream()))
                .as("a row with fewer fields than its header").isEmpty();
    }

    @Test
    void twoNodeAllReduceHeaderRanksAndRows() {
        Parsed p = only("all_reduce-2nodes-gb10-dgx-spark103.txt");
        List<NcclRow> rows = p.all(NcclRow.class);
        assertThat(rows).extracting(NcclRow::sizeBytes).containsExactly(8192L, 16384L, 32768L, 65536L);
        NcclRow last = rows.getLast();
        assertThat(last.timeMicros()).isEqualTo(67.93);
        assertThat(last.algbwGBps()).isEqualTo(0.96);
        assertThat(last.busbwGBps()).isEqualTo(0.96);
        assertThat(last.inPlaceBusbwGBps()).isEqualTo(1.01);
        assertThat(last.redop()).isEqualTo("sum");
        NcclSummary s = p.all(NcclSummary.class).getFirst();
        assertThat(s.test()).isEqualTo("all_reduce_perf");
        assertThat(s.ranks()).isEqualTo(2);
        assertThat(s.hosts()).containsExactly("spark-d708", "spark-dbf4");
        assertThat(s.peakBusbwGBps()).isEqualTo(1.01);
        assertThat(s.avgBusbwGBps()).isNull();
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void tailWithAverageAndOutOfBounds() {
        NcclSummary s = only("all_reduce-tail-avg-nccl-tests119.txt").all(NcclSummary.class).getFirst();
        assertThat(s.rows()).isEqualTo(6);
        assertThat(s.avgBusbwGBps()).isEqualTo(84.8558);
        assertThat(s.peakBusbwGBps()).isEqualTo(96.69);
        assertThat(s.outOfBounds()).isZero();
    }

    @Test
    void mpirunTagsAndOldLayout() {
        assertThat(only("all_reduce-mpirun-tags-aws-k8s-tester503.txt").all(NcclRow.class))
                .extracting(NcclRow::timeMicros).containsExactly(12.90, 12.88, 22.25);
        Parsed b = only("broadcast-old-layout-nccl-tests82.txt");
        NcclRow r = b.all(NcclRow.class).getFirst();
        assertThat(r.sizeBytes()).isEqualTo(8);
        assertThat(r.redop()).isNull();
        assertThat(r.timeMicros()).isEqualTo(45.82);
        assertThat(r.wrong()).isEqualTo("N/A");
        assertThat(r.inPlaceTimeMicros()).isEqualTo(38.17);
        assertThat(b.all(NcclSummary.class).getFirst().hosts()).containsExactly("v100-gpu-1", "v100-gpu-5");
    }

    /** The seed's BlueField-2 ibstat (two ACTIVE 200G ports) beside a two-host run: ceiling 2 × 200 × 0.96 / 8 = 48 GB/s. */
    @Test
    void busBandwidthAgainstTheFabricOfTheSameLog() {
        Map<String, String> in = new LinkedHashMap<>();
        in.put("ibstat.txt", Fixture.text("ib/ibstat-seed002-two-cas.txt"));
        in.put("nccl.txt", Fixture.text("nccl/all_reduce-2nodes-gb10-dgx-spark103.txt"));
        List<Finding> f = Explainer.standard().explain(in).findings().stream()
                .filter(x -> x.rule().equals("nccl-bus-bandwidth")).toList();
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.WARN);
            assertThat(x.message()).contains("all_reduce_perf on 2 nodes", "peak bus bandwidth 1.0 GB/s", "2 %",
                    "48.0 GB/s", "200 + 200 Gbit/s");
        });
        List<Finding> alone = Explainer.standard().explain("nccl.txt", in.get("nccl.txt")).findings().stream()
                .filter(x -> x.rule().equals("nccl-bus-bandwidth")).toList();
        assertThat(alone).as("no port facts, no ceiling").isEmpty();
    }

    @Test
    void outOfBoundsFailedIsAnError() {
        String text = Fixture.text("nccl/all_reduce-tail-avg-nccl-tests119.txt")
                .replace("Out of bounds values : 0 OK", "Out of bounds values : 248 FAILED");
        assertThat(Explainer.standard().explain("x.txt", text).findings()).filteredOn(x -> x.rule().equals("nccl-wrong-results"))
                .singleElement().satisfies(x -> assertThat(x.message()).contains("248 out-of-bounds"));
    }
}
