package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.perftest.CpuFrequencyWarning;
import dev.wirespeed.parse.perftest.PerftestBwRow;
import dev.wirespeed.parse.perftest.PerftestError;
import dev.wirespeed.parse.perftest.PerftestLatRow;
import dev.wirespeed.parse.perftest.UnlabelledFigure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * perftest variants read by the header's columns, the --output bare numbers, the errors and the old
 * rdma_lat lines. Where a test's input says "built from", no real paste was found: the text is made
 * from the printf format in linux-rdma/perftest's history (file and commit named beside it), not
 * copied from any output; the real samples are the fixtures under parse/perftest with their facts.
 */
class PerftestVariantsTest {

    private static List<Parsed> perftest(String text) {
        return Fixture.blocksOf(text).stream().filter(b -> b.format().equals("perftest")).toList();
    }

    private static <T extends ParsedRecord> List<T> all(String text, Class<T> kind) {
        return perftest(text).stream().flatMap(b -> b.all(kind).stream()).toList();
    }

    @Test
    void aTrimmedTableIsReadByItsColumnNamesNotTheirPositions() {
        // real: the author kept t_min, t_max and t_avg only; the third value is the mean, not the median
        Parsed p = Fixture.blocks("perftest/ib_send_lat-trimmed-columns-ru-doc.txt").stream()
                .filter(b -> b.format().equals("perftest") && !b.all(PerftestLatRow.class).isEmpty())
                .filter(b -> b.all(PerftestLatRow.class).getFirst().sizeBytes() != null).findFirst().orElseThrow();
        PerftestLatRow row = p.all(PerftestLatRow.class).getFirst();
        assertThat(row.average().value()).isEqualTo(4.57);
        assertThat(row.typical()).isNull();
        assertThat(row.max().value()).isEqualTo(10.24);
    }

    @Test
    void aLatencyTableWithoutSizeColumnsStillGivesItsLatencies() {
        PerftestLatRow row = all(" t_min[usec]  t_max[usec]  t_typical[usec]  t_avg[usec]  t_stdev[usec]\n"
                + " 2.86         64.89        2.90             2.95         0.41\n", PerftestLatRow.class).getFirst();
        assertThat(row.sizeBytes()).isNull();
        assertThat(row.typical().value()).isEqualTo(2.90);
        assertThat(row.stdev().value()).isEqualTo(0.41);
    }

    @Test
    void perftestOneLatencyTableHasFiveColumns() {
        // built from write_lat.c @ 71e8e0f (2005): the header, then printf("%7d        %d        %7.2f        %7.2f          %7.2f\n")
        String text = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]\n"
                + String.format("%7d        %d        %7.2f        %7.2f          %7.2f%n", 2, 1000, 1.18, 9.71, 1.24)
                + String.format("%7d        %d        %7.2f        %7.2f          %7.2f%n", 4, 1000, 1.19, 8.02, 1.25);
        List<PerftestLatRow> rows = all(text, PerftestLatRow.class);
        assertThat(rows).hasSize(2);
        assertThat(rows.getLast().sizeBytes()).isEqualTo(4);
        assertThat(rows.getLast().min().value()).isEqualTo(1.19);
        assertThat(rows.getLast().max().value()).isEqualTo(8.02);
        assertThat(rows.getLast().typical().value()).isEqualTo(1.25);
        assertThat(rows.getLast().average()).isNull();
    }

    @Test
    void anOldDurationTableHasTheMeanWithoutTps() {
        // built from perftest_parameters.h @ 7ad8c97's successors: RESULT_FMT_LAT_DUR " #bytes        #iterations       t_avg[usec]"
        PerftestLatRow row = all(" #bytes        #iterations       t_avg[usec]\n 2             1289984            3.88\n",
                PerftestLatRow.class).getFirst();
        assertThat(row.iterations()).isEqualTo(1289984);
        assertThat(row.average().value()).isEqualTo(3.88);
        assertThat(row.transactionsPerSecond()).isNull();
    }

    @Test
    void qosAndPerPortTablesAreReadByName() {
        // built from perftest_parameters.h (HEAD) RESULT_FMT_QOS / REPORT_FMT_QOS and RESULT_FMT_PER_PORT
        PerftestBwRow qos = all(" #bytes    #sl      #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n"
                + " 65536      3           5000           11000.10            10990.55                  0.175849\n",
                PerftestBwRow.class).getFirst();
        assertThat(qos.iterations()).isEqualTo(5000);
        assertThat(qos.average().raw()).isEqualTo("10990.55 MB/sec");
        PerftestBwRow port = all(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]   BW Port1[Gb/sec]"
                + "   MsgRate Port1[Mpps]   BW Port2[Gb/sec]   MsgRate Port2[Mpps]\n"
                + " 65536      10000          190.10             189.95             0.362300        94.97              0.181150"
                + "              94.98              0.181150\n", PerftestBwRow.class).getFirst();
        assertThat(port.average().value()).isEqualTo(189.95e9, within(1.0));
        assertThat(port.messageRate().raw()).isEqualTo("0.362300 Mpps");
    }

    @Test
    void aBareNumberIsReadOnlyWithTheCommandThatAsksForIt() {
        // built from perftest_parameters.c (HEAD) print_full_bw_report: printf("%lf\n", bw_avg); no real paste was found
        PerftestBwRow bw = all("$ ib_write_bw -d mlx5_0 -s 65536 -D 30 --report_gbits --output=bandwidth 10.0.0.2\n94.210734\n",
                PerftestBwRow.class).getFirst();
        assertThat(bw.sizeBytes()).isEqualTo(65536);
        assertThat(bw.iterations()).isNull();
        assertThat(bw.average().value()).isEqualTo(94.210734e9, within(1.0));
        assertThat(all("94.210734\n", PerftestBwRow.class)).isEmpty();
        assertThat(all("$ ib_write_bw -d mlx5_0 10.0.0.2\n94.210734\n", PerftestBwRow.class)).isEmpty();
    }

    @Test
    void aBareNumberUnderAHeadingThatSaysWhatItIsIsRead() {
        // issue 31 point 5: cloud documentation prints --output's figure under a heading, no command beside it;
        // the numbers are printf("%lf\n") of print_full_bw_report / print_report_lat (perftest_parameters.c); no real paste was found
        PerftestBwRow gbits = all("RDMA write bandwidth with ib_write_bw, 4096 B messages (Gb/s):\n\n94.210734\n",
                PerftestBwRow.class).getFirst();
        assertThat(gbits.sizeBytes()).isEqualTo(4096);
        assertThat(gbits.average().value()).isEqualTo(94.210734e9, within(1.0));
        // the measurement is of the program the heading names, an RDMA write
        assertThat(perftest("RDMA write bandwidth with ib_write_bw, 4096 B messages (Gb/s):\n\n94.210734\n").getFirst()
                .measurements().getFirst().test()).isEqualTo("rdma-write-bw");
        PerftestBwRow megabytes = all("ib_send_bw bandwidth, MB/sec:\n11123.450000\n", PerftestBwRow.class).getFirst();
        assertThat(megabytes.sizeBytes()).isEqualTo(65536);
        assertThat(megabytes.average().raw()).isEqualTo("11123.450000 MB/sec");
        PerftestLatRow latency = all("Latency of ib_write_lat in usec:\n1.012000\n", PerftestLatRow.class).getFirst();
        assertThat(latency.sizeBytes()).isEqualTo(2);
        assertThat(latency.average().value()).isEqualTo(1.012);
        PerftestBwRow rate = all("ib_atomic_bw message rate (Mpps)\n4.861234\n", PerftestBwRow.class).getFirst();
        assertThat(rate.messageRate().value()).isEqualTo(4.861234e6, within(1e-3));
        // the command inside the prose, without a prompt
        PerftestBwRow prose = all("Result of ib_read_bw -s 8192 --report_gbits --output=bandwidth:\n48.120000\n", PerftestBwRow.class)
                .getFirst();
        assertThat(prose.sizeBytes()).isEqualTo(8192);
        assertThat(prose.average().value()).isEqualTo(48.12e9, within(1.0));
    }

    @Test
    void aBareNumberWhoseContextDoesNotSayWhatItIsIsAnUnlabelledFigure() {
        // MB/sec or Gb/sec, or message rate: the heading names the program but not the unit
        String text = "ib_write_bw result between the two VMs:\n94.210734\n";
        assertThat(all(text, PerftestBwRow.class)).isEmpty();
        UnlabelledFigure f = all(text, UnlabelledFigure.class).getFirst();
        assertThat(f.value()).isEqualTo("94.210734");
        assertThat(f.program()).isEqualTo("ib_write_bw");
        assertThat(f.context()).isEqualTo("ib_write_bw result between the two VMs:");
        // a typed perftest command without --output (a filter may have cut the table): kept, not typed
        assertThat(all("$ ib_write_bw -d mlx5_0 10.0.0.2\n94.210734\n", UnlabelledFigure.class))
                .extracting(UnlabelledFigure::value).containsExactly("94.210734");
        // nothing names perftest: not read at all
        assertThat(perftest("Average of the three runs:\n94.210734\n")).isEmpty();
        assertThat(perftest("94.210734\n")).isEmpty();
    }

    /** No fixture holds a heading's bare number (none was found), so RobustnessTest cannot reach it: cut and garbled here. */
    @Test
    void headingsAndBareNumbersSurviveCutsAndGarbling() {
        for (String text : List.of("RDMA write bandwidth with ib_write_bw, 4096 B messages (Gb/s):\n\n94.210734\n95.1\n",
                "Result of ib_read_bw -s 99999999999999999999 --output=bandwidth:\n48.120000\n",
                "ib_send_lat latency (usec) ib_write_bw -s\n-1.5\n", "ib_atomic_bw -s 8 B bw\n1.0\n")) {
            String[] lines = text.split("\n");
            for (int cut = 0; cut <= text.length(); cut++) {
                assertThat(Fixture.blocksOf(text.substring(0, cut))).isNotNull();
            }
            for (int drop = 0; drop < lines.length; drop++) {
                List<String> rest = new ArrayList<>(List.of(lines));
                rest.remove(drop);
                assertThat(Fixture.blocksOf(String.join("\n", rest) + "\n")).isNotNull();
            }
        }
    }

    @Test
    void bareLatenciesOfASweepTakeTheSizesOfPerftestsLoop() {
        // built from print_report_lat: printf("%lf\n", average) once per size of -a (1 << 1 … 1 << 23); no real paste was found
        List<PerftestLatRow> rows = all("$ ib_write_lat -a --output latency 10.0.0.2\n1.012000\n1.015000\n1.020000\n",
                PerftestLatRow.class);
        assertThat(rows).extracting(PerftestLatRow::sizeBytes).containsExactly(2L, 4L, 8L);
        assertThat(rows.getLast().average().value()).isEqualTo(1.02);
    }

    @Test
    void bareMessageRatesAndAtomicSizes() {
        // built from print_full_bw_report: printf("%lf\n", msgRate_avg); atomics are always 8 bytes; no real paste was found
        PerftestBwRow mr = all("$ ib_atomic_bw -d mlx5_0 --output=message_rate 10.0.0.2\n4.861234\n", PerftestBwRow.class)
                .getFirst();
        assertThat(mr.sizeBytes()).isEqualTo(8);
        assertThat(mr.average()).isNull();
        assertThat(mr.messageRate().value()).isEqualTo(4.861234e6, within(1e-3));
        PerftestBwRow mb = all("$ ib_send_bw -d mlx5_0 -s 4096 --output=bandwidth 10.0.0.2\n11123.450000\n", PerftestBwRow.class)
                .getFirst();
        assertThat(mb.sizeBytes()).isEqualTo(4096);
        assertThat(mb.average().raw()).isEqualTo("11123.450000 MB/sec");
    }

    @Test
    void completionErrorsOfBothFormats() {
        // real, joined on one line by the paste: zrlio/softiwarp#27
        PerftestError old = Fixture.blocks("perftest/ib_send_bw-completion-error-softiwarp27.txt").getFirst()
                .all(PerftestError.class).getFirst();
        assertThat(old.failure()).isEqualTo("completion");
        assertThat(old.status()).isEqualTo(12);
        // built from perftest_resources.h (HEAD) NOTIFY_COMP_ERROR_SEND: three lines, the status named
        PerftestError now = all(" Completion with error at client\n"
                + " Failed status-transport retry counter exceeded (12): wr_id 0 syndrom 0x81\n"
                + " scnt=128, ccnt=0\n", PerftestError.class).getFirst();
        assertThat(now.side()).isEqualTo("client");
        assertThat(now.status()).isEqualTo(12);
        assertThat(now.statusText()).isEqualTo("transport retry counter exceeded");
        assertThat(now.syndrome()).isEqualTo("0x81");
        assertThat(now.message()).contains("scnt=128");
    }

    @Test
    void aFailedConnectNamesThePeer() {
        List<PerftestError> errors = Fixture.blocks("perftest/ib_write_bw-couldnt-connect-pr228.txt").stream()
                .flatMap(b -> b.all(PerftestError.class).stream()).toList();
        assertThat(errors).extracting(PerftestError::failure).containsExactly("connect", "socket");
        assertThat(errors.getFirst().peer()).isEqualTo("192.168.125.211:18515");
    }

    @Test
    void rdmaLatPrintsThreeLines() {
        // built from rdma_lat.c @ 6495c7a^ print_report: printf("Latency typical: %g %s\n") and best/worst
        String text = "$ rdma_lat 10.0.0.2\nLatency typical: 2.855 usec\nLatency best   : 2.7095 usec\nLatency worst  : 15.3 usec\n";
        PerftestLatRow row = all(text, PerftestLatRow.class).getFirst();
        assertThat(row.typical().value()).isEqualTo(2.855);
        assertThat(row.min().value()).isEqualTo(2.7095);
        assertThat(row.max().value()).isEqualTo(15.3);
        assertThat(all("Latency typical: 5711 cycles\nLatency best   : 5419 cycles\n", PerftestLatRow.class)).isEmpty();
    }

    private static List<Finding> failed(String fixture) {
        return Explainer.standard().explain("p.txt", Fixture.text(fixture)).findings().stream()
                .filter(f -> f.rule().equals("perftest-failed")).toList();
    }

    @Test
    void aFailedRunIsAFindingWithItsCause() {
        assertThat(failed("perftest/ib_write_bw-couldnt-connect-pr228.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("192.168.125.211:18515"))
                .satisfies(f -> assertThat(f.fix().action()).contains("-p 18515"));
        assertThat(failed("perftest/ib_send_bw-completion-error-softiwarp27.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("transport retry counter exceeded"))
                .satisfies(f -> assertThat(f.fix().action()).contains("-x"));
        assertThat(failed("perftest/ib_send_lat-ib_read_bw-tabs-prompts-hpc-notes.txt")).as("a run that worked").isEmpty();
    }

    @Test
    void perftestsOwnFailuresWithoutABannerAreFindingsWithTheirReason() {
        assertThat(failed("perftest/perftest-4.5-debian-option-errors-and-no-device-terminal.txt"))
                .extracting(Finding::message)
                .anySatisfy(m -> assertThat(m).contains("refused its command line").contains("Multiple QPs only available on bw tests"))
                .anySatisfy(m -> assertThat(m).contains("Latency gap feature is only for latency tests"))
                .anySatisfy(m -> assertThat(m).contains("no RDMA device"));
        String prose = String.join("\n", "$ ib_write_bw -d mlx5_0 10.0.0.2", "-".repeat(87), "                    RDMA_Write BW Test",
                "-".repeat(87), " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]",
                " 65536      5000             11000.00            10990.00             0.175840", "-".repeat(87),
                "This is slower than I expected", "");
        assertThat(Explainer.standard().explain("p.txt", prose).findings()).as("a sentence after a whole run is the user's")
                .noneMatch(f -> f.rule().equals("perftest-failed"));
        assertThat(failed("perftest/ib_write_bw-failed-to-modify-qp-to-rtr-grh-required-perftest393.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Failed to modify QP 122273 to RTR"))
                .satisfies(f -> assertThat(f.fix().action()).contains("-x"));
    }

    /** bench15: a queue pair the device refused to create, and a refused rdma_cm connection, are their own failures. */
    @Test
    void aRefusedQueuePairOrRdmaCmConnectionIsAdvisedAsSuch() {
        assertThat(failed("perftest/ib_write_lat-irdma-inline-unable-to-create-qp-perftest139.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Unable to create QP"))
                .satisfies(f -> assertThat(f.fix().action()).contains("-I").doesNotContain("show_gids"));
        assertThat(failed("perftest/ib_write_bw-R-1026-qps-rdma-cm-event-rejected-cxgb4-perftest54.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("RDMA_CM_EVENT_REJECTED"))
                .satisfies(f -> assertThat(f.fix().action()).contains("refused").contains("-q"));
    }

    /** paste9: a prompt now taken (openSUSE's "host:~ # ib_send_bw --version") put a version alone under a perftest command. */
    @Test
    void aVersionAloneIsNoRefusal() {
        assertThat(failed("perftest/perftest-6.06-version-only-debian.txt")).isEmpty();
        assertThat(Fixture.blocks("perftest/perftest-6.06-version-only-debian.txt").stream().flatMap(b -> b.all(PerftestError.class).stream()))
                .isEmpty();
    }

    @Test
    void withReportCyclesTheUsecColumnsHoldCycles() {
        // built from perftest_parameters.c (HEAD) print_report_lat: with -C the header still says [usec]; the
        // values are made up around the t_avg of 8299 a user asked about (jcxue/RDMA-Tutorial#8, output not stored)
        String table = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]"
                + "   99% percentile[usec]   99.9% percentile[usec]\n"
                + " 1024    5             7904.00        9870.00      8156.00           8299.00        648.12      9870.00        9870.00\n";
        PerftestLatRow cycles = all("$ ib_write_lat -a -n 5 -F -C 10.0.0.2\n" + table, PerftestLatRow.class).getFirst();
        assertThat(cycles.average().unit()).isEqualTo("cycles");
        assertThat(perftest("$ ib_write_lat -a -n 5 -F -C 10.0.0.2\n" + table).getFirst().measurements()).isEmpty();
        assertThat(all("$ ib_write_lat -a -n 5 -F 10.0.0.2\n" + table, PerftestLatRow.class).getFirst().average().unit())
                .isEqualTo("us");
    }

    @Test
    void theCpuWarningsFrequenciesAreLowAndHighWhateverTheirOrder() {
        CpuFrequencyWarning w = all("Conflicting CPU frequency values detected: 3300.000000 != 1600.000000\n",
                CpuFrequencyWarning.class).getFirst();
        assertThat(w.lowMhz()).isEqualTo(1600.0);
        assertThat(w.highMhz()).isEqualTo(3300.0);
    }

    @Test
    void twoProcessesRowsGluedOnOneLineAreTwoRowsButAStrayNumberIsNone() {
        String header = " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n";
        // real (HNS RoCE, server and client started with & in one terminal): ten numbers for five columns
        List<PerftestBwRow> rows = all(header + " 1024       1000             0.00               7876.21            8.065242 1024"
                + "       1000             8138.01            7630.57                 7.813706\n", PerftestBwRow.class);
        assertThat(rows).extracting(r -> r.average().raw()).containsExactly("7876.21 MB/sec", "7630.57 MB/sec");
        assertThat(rows.get(1).peak().raw()).isEqualTo("8138.01 MB/sec");
        // six numbers are no whole number of rows, and ten whose second half is no row are not read either
        assertThat(all(header + " 1024 1000 0.00 7876.21 8.065242 1024\n", PerftestBwRow.class)).isEmpty();
        assertThat(all(header + " 1024 1000 0.00 7876.21 8.065242 1024 1000 0.5 x 7\n", PerftestBwRow.class)).isEmpty();
    }

    @Test
    void aValueInMarkdownBoldIsTheValue() {
        String header = "#bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n";
        PerftestBwRow row = all(header + "1024       1000             0.00               **5544.28**\t\t   5.677340\n",
                PerftestBwRow.class).getFirst();
        assertThat(row.average().raw()).isEqualTo("5544.28 MB/sec");
        assertThat(row.messageRate().value()).isCloseTo(5.67734e6, within(1.0));
        assertThat(all(header + "1024       1000             0.00               **5544.28*\t\t   5.677340\n",
                PerftestBwRow.class)).as("unbalanced marks are no emphasis").isEmpty();
    }
}
