package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.fio.FioDiskUtil;
import dev.wirespeed.parse.fio.FioJob;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.parse.perftest.CpuFrequencyWarning;
import dev.wirespeed.parse.perftest.PerftestBwRow;
import dev.wirespeed.parse.perftest.PerftestHeader;
import dev.wirespeed.parse.perftest.PerftestLatRow;
import dev.wirespeed.parse.sockperf.SockperfResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Benchmarks: the records and their conversion to the common result model. */
class BenchParsersTest {
    static double metric(Measurement m, String name) {
        return m.metric(name).orElseThrow(() -> new AssertionError("no " + name + " in " + m)).value();
    }

    static Measurement measurement(String path, String format) {
        Parsed p = Fixture.only(path, format);
        assertThat(p.measurements()).as("measurements of %s", path).hasSize(1);
        return p.measurements().getFirst();
    }

    /** iperf2 -d: the stream on the client's own listening port is the peer's, not a second stream of this test. */
    @Test
    void iperf2DualTestKeepsTheReverseStreamApart() {
        List<Parsed> blocks = Fixture.blocks("iperf/iperf2-udp-b1000m-and-d-linode-guide.txt").stream()
                .filter(b -> b.format().equals("iperf2")).toList();
        assertThat(blocks).hasSize(2);
        Measurement dual = blocks.get(1).measurements().getFirst();
        assertThat(metric(dual, Metrics.BITS_PER_SECOND)).isEqualTo(1.08e9);
        assertThat(dual.params()).containsEntry("streams", "1");
        assertThat(blocks.get(1).all(IperfInterval.class)).filteredOn(r -> "reverse".equals(r.role()))
                .extracting(IperfInterval::stream).containsExactly("5");
        Measurement udp = blocks.get(0).measurements().getFirst();
        assertThat(metric(udp, Metrics.LOST_PACKETS)).isZero();
        assertThat(metric(udp, Metrics.TOTAL_PACKETS)).isEqualTo(688896.0);
    }

    @Test
    void iperf2ServerAndClientSums() {
        Measurement server = measurement("iperf/iperf2-server-P8-seed004.txt", "iperf2");
        Measurement client = measurement("iperf/iperf2-client-P8-seed004.txt", "iperf2");
        assertThat(metric(server, Metrics.BITS_PER_SECOND)).isEqualTo(24.7e9);
        assertThat(metric(client, Metrics.BITS_PER_SECOND)).isEqualTo(24.8e9);
        assertThat(metric(client, Metrics.BYTES)).isEqualTo(28.8 * (1L << 30), within(1.0));
        assertThat(metric(client, Metrics.SECONDS)).isEqualTo(10.0049);
        assertThat(client.params()).containsEntry("streams", "8").containsEntry("role", "client")
                .containsEntry("server", "10.10.0.1");
        assertThat(client.tool()).isEqualTo("iperf2");
        assertThat(client.test()).isEqualTo(Measurement.Tests.TCP_BW);
        assertThat(client.source()).isEqualTo("parsed");
        IperfInterval sum = Fixture.only("iperf/iperf2-client-P8-seed004.txt", "iperf2").all(IperfInterval.class).getLast();
        assertThat(sum.isSum()).isTrue();
        assertThat(sum.rate().raw()).isEqualTo("24.8 Gbits/sec");
        assertThat(sum.source().text()).contains("[SUM] 0.0000-10.0049 sec");
    }

    @Test
    void iperf2OldVersionOneDecimalAndInterruptedHeader() {
        Measurement m = measurement("iperf/iperf2-2.0.5-client-55G-seed001.txt", "iperf2");
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isEqualTo(55.0e9);
        assertThat(m.params()).containsEntry("streams", "8");
        assertThat(metric(measurement("iperf/iperf2-client-97G-seed001.txt", "iperf2"), Metrics.BITS_PER_SECOND)).isEqualTo(97.9e9);
    }

    @Test
    void iperf2OutputUnderAnIperf3CommandIsReadAsIperf2() {
        List<Parsed> blocks = Fixture.blocks("iperf/iperf2-labelled-iperf3-seed003.txt");
        assertThat(blocks).extracting(Parsed::format).containsExactly("iperf2", "iperf2");
        assertThat(blocks.getFirst().notes()).containsExactly("the command is iperf3, but this is iperf2 output");
        assertThat(metric(blocks.get(1).measurements().getFirst(), Metrics.BITS_PER_SECOND)).isEqualTo(12.6e9);
    }

    @Test
    void iperf3BidirIsTwoMeasurementsOneEachWay() {
        Parsed p = Fixture.only("iperf/iperf3-3.8.1-apple-V-bidir-thunderbolt.txt", "iperf3");
        assertThat(p.skipped()).as("-V's two-line header and congestion lines are read").isEmpty();
        assertThat(p.measurements()).hasSize(2);
        Measurement out = p.measurements().get(0);
        Measurement back = p.measurements().get(1);
        assertThat(out.params()).doesNotContainKey("direction");
        assertThat(metric(out, Metrics.BITS_PER_SECOND)).isEqualTo(9.96e9);
        assertThat(back.params()).containsEntry("direction", "reverse");
        assertThat(metric(back, Metrics.BITS_PER_SECOND)).isEqualTo(11.7e9);
        assertThat(p.all(IperfInterval.class).stream().filter(IperfInterval::summary).map(IperfInterval::direction))
                .containsExactly("TX-C", "TX-C", "RX-C", "RX-C");
    }

    @Test
    void iperf2UdpEnhancedPacketsPerSecondAreNotRetransmits() {
        List<Parsed> blocks = Fixture.blocks("iperf/iperf2-2.2-e-udp-fullduplex-reverse-notes.txt").stream()
                .filter(b -> b.format().equals("iperf2")).toList();
        Measurement udp = blocks.get(1).measurements().getFirst();
        assertThat(udp.test()).isEqualTo(Measurement.Tests.UDP_BW);
        assertThat(udp.metric(Metrics.RETRANSMITS)).as("'0/0  90 pps' is Write/Err and PPS").isEmpty();
        assertThat(metric(udp, Metrics.TOTAL_PACKETS)).isEqualTo(449);
        Measurement reverse = blocks.get(5).measurements().getFirst();
        assertThat(reverse.params()).containsEntry("direction", "reverse");
        assertThat(metric(reverse, Metrics.BITS_PER_SECOND)).isEqualTo(72.5e9);
        assertThat(blocks.get(3).all(IperfInterval.class).stream().filter(r -> "reverse".equals(r.role())))
                .as("the [ *1] stream of --full-duplex").hasSize(4);
        assertThat(blocks.get(4).skipped()).as("-P 4: streams connected before the header, the [ CT] line").isEmpty();
        assertThat(blocks.get(4).firstLine()).as("the block starts at the first stream's 'connected with' line, after WARN")
                .isEqualTo(87);
    }

    @Test
    void iperf3ErrorsAreReadAndNamedWithTheirCause() {
        List<Finding> errors = Explainer.standard()
                .explain("f.txt", Fixture.text("iperf/iperf3-3.7-error-unable-to-connect-forum.txt")).findings().stream()
                .filter(f -> f.rule().equals("iperf3-error")).toList();
        assertThat(errors).hasSize(2).allSatisfy(f -> {
            assertThat(f.subject()).isEqualTo("iperf3 to hadar");
            assertThat(f.message()).contains("No such device or address").contains("does not resolve");
            // the name does not resolve: starting a server is no fix (on main the command was "iperf3 -s")
            assertThat(f.fix().command()).isEqualTo("getent hosts hadar");
        });
        String busy = "$ iperf3 -c 10.0.0.2\niperf3: error - the server is busy running a test. try again later\n";
        assertThat(Explainer.standard().explain("b.txt", busy).findings())
                .filteredOn(f -> f.rule().equals("iperf3-error")).singleElement()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("iperf3 -s -p 5202"));
        assertThat(Explainer.standard().explain("c.txt", Fixture.text("iperf/iperf3-3.12-client-udp.txt"))
                .findings()).filteredOn(f -> f.rule().equals("iperf3-error")).as("a run that finished").isEmpty();
    }

    @Test
    void iperf2CsvRowsWithTheSumAsStreamMinusOne() {
        List<IperfInterval> csv = Fixture.blocks("iperf/iperf2-fullduplex-and-csv-server-epoptes233.txt").getFirst()
                .all(IperfInterval.class);
        assertThat(csv).extracting(IperfInterval::stream).containsExactly("1", "1", "SUM");
        assertThat(csv.getLast().rate().value()).isEqualTo(1864417892);
        assertThat(csv.getFirst().transfer().value()).isEqualTo(1153957948);
        List<Parsed> cut = Fixture.blocksOf("20250918213536,10.161.254.11,58696,10.161.254.10,5001,1,0.0-10.0,11539");
        assertThat(cut.stream().flatMap(b -> b.all(IperfInterval.class).stream())).as("a row cut short").isEmpty();
    }

    @Test
    void iperf2EnhancedTcpAndUdp() {
        Measurement e = measurement("iperf/iperf2-2.1.8-client-e.txt", "iperf2");
        assertThat(metric(e, Metrics.BITS_PER_SECOND)).isEqualTo(10.1e9);
        assertThat(metric(e, Metrics.RETRANSMITS)).isEqualTo(4);
        assertThat(e.intervals()).hasSize(2);
        Measurement udp = measurement("iperf/iperf2-2.1.8-udp-client-e.txt", "iperf2");
        assertThat(udp.test()).isEqualTo(Measurement.Tests.UDP_BW);
        assertThat(metric(udp, Metrics.TOTAL_PACKETS)).isEqualTo(17836);
        assertThat(metric(udp, Metrics.LOST_PACKETS)).isZero();
        assertThat(metric(udp, Metrics.JITTER_MICROS)).isEqualTo(1.0, within(1e-9));
        Measurement server = measurement("iperf/iperf2-2.1.8-udp-server-e.txt", "iperf2");
        assertThat(metric(server, Metrics.JITTER_MICROS)).isEqualTo(2.0, within(1e-9));
        assertThat(Fixture.only("iperf/iperf2-2.1.8-server.txt", "iperf2").measurements()).hasSize(1);
    }

    @Test
    void iperf3SixteenStreamsOn200G() {
        Parsed p = Fixture.only("iperf/iperf3-client-P16-seed002.txt", "iperf3");
        Measurement m = p.measurements().getFirst();
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).as("receiver's SUM").isEqualTo(17.1e9, within(1.0));
        assertThat(metric(m, Metrics.RETRANSMITS)).isZero();
        assertThat(metric(m, Metrics.SECONDS)).isEqualTo(30.02, within(1e-9));
        assertThat(m.params()).containsEntry("streams", "16");
        assertThat(m.intervals()).hasSize(1);
        assertThat(p.all(IperfInterval.class).stream().filter(i -> "sender".equals(i.role()) && i.isSum()).toList())
                .singleElement().satisfies(i -> assertThat(i.rate().value()).isEqualTo(17.2e9));
    }

    @Test
    void iperf3GeneratedTcpUdpReverseAndServer() {
        Measurement tcp = measurement("iperf/iperf3-3.12-client-P2.txt", "iperf3");
        assertThat(metric(tcp, Metrics.BITS_PER_SECOND)).isEqualTo(12.9e9);
        assertThat(metric(tcp, Metrics.RETRANSMITS)).isEqualTo(2);
        Measurement udp = measurement("iperf/iperf3-3.12-client-udp.txt", "iperf3");
        assertThat(udp.test()).isEqualTo(Measurement.Tests.UDP_BW);
        assertThat(metric(udp, Metrics.LOST_PACKETS)).isEqualTo(60);
        assertThat(metric(udp, Metrics.TOTAL_PACKETS)).isEqualTo(1520);
        assertThat(metric(udp, Metrics.JITTER_MICROS)).isEqualTo(30.0, within(1e-9));
        assertThat(measurement("iperf/iperf3-3.12-client-R.txt", "iperf3").params()).containsEntry("direction", "reverse");
        List<Measurement> tests = Fixture.only("iperf/iperf3-3.12-server.txt", "iperf3").measurements();
        assertThat(tests).hasSize(5);
        assertThat(metric(tests.getFirst(), Metrics.BITS_PER_SECOND)).isEqualTo(12.9e9, within(1.0));
        assertThat(tests.getLast().params()).containsEntry("role", "server");
        assertThat(tests.get(1).test()).isEqualTo(Measurement.Tests.UDP_BW);
    }

    @Test
    void qperfBandwidthAndLatency() {
        Measurement bw = measurement("qperf/qperf-tcp_bw-seed004.txt", "qperf");
        assertThat(bw.test()).isEqualTo(Measurement.Tests.TCP_BW);
        assertThat(metric(bw, Metrics.BITS_PER_SECOND)).isEqualTo(13.8e9);
        Measurement lat = measurement("qperf/qperf-vvs-tcp_lat-seed004.txt", "qperf");
        assertThat(metric(lat, Metrics.LATENCY_AVG_MICROS)).isEqualTo(16);
        assertThat(metric(lat, Metrics.MESSAGES_PER_SECOND)).isEqualTo(62.5e3);
        List<Measurement> two = Fixture.only("qperf/qperf-0.4.11-tcp_bw-tcp_lat.txt", "qperf").measurements();
        assertThat(two).extracting(Measurement::test).containsExactly("tcp-bw", "tcp-lat");
        assertThat(metric(two.getFirst(), Metrics.BITS_PER_SECOND)).as("1.28 GB/sec, decimal").isEqualTo(1.28e9 * 8);
        List<Measurement> v = Fixture.only("qperf/qperf-0.4.11-v-bits.txt", "qperf").measurements();
        assertThat(v).extracting(Measurement::test).containsExactly("tcp-bw", "udp-bw", "udp-lat");
        assertThat(metric(v.get(1), Metrics.BITS_PER_SECOND)).as("udp_bw uses recv_bw").isEqualTo(4.55e9);
        assertThat(measurement("qperf/qperf-0.4.11-vv-tcp_bw.txt", "qperf").params()).containsEntry("sizeBytes", "65536");
    }

    @Test
    void perftestNdr200SweepAt8MiB() {
        Parsed p = Fixture.only("perftest/ib_send_bw-ndr200-sweep-seed000.txt", "perftest");
        List<PerftestBwRow> rows = p.all(PerftestBwRow.class);
        assertThat(rows).hasSize(23);
        assertThat(rows.getLast().sizeBytes()).isEqualTo(8388608);
        assertThat(rows.getLast().average().value()).isEqualTo(196.69e9);
        assertThat(rows.getFirst().average().value()).isEqualTo(0.050794e9, within(1.0));
        PerftestHeader h = p.all(PerftestHeader.class).getFirst();
        assertThat(h.device()).isEqualTo("mlx5_2");
        assertThat(h.connection()).isEqualTo("RC");
        assertThat(h.mtuBytes()).isEqualTo(4096);
        Measurement m = p.measurements().getFirst();
        assertThat(m.test()).isEqualTo("rdma-send-bw");
        assertThat(m.rows()).hasSize(23);
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isEqualTo(196.69e9);
        assertThat(m.params()).containsEntry("device", "mlx5_2").containsEntry("sizeBytes", "8388608");
    }

    @Test
    void perftestWriteSweepFromNvidiasDocs() {
        Parsed p = Fixture.only("perftest/ib_write_bw-a-roce-nvidia-doc.txt", "perftest");
        List<PerftestBwRow> rows = p.all(PerftestBwRow.class);
        assertThat(rows).hasSize(23);
        assertThat(rows.get(10).sizeBytes()).isEqualTo(2048);
        assertThat(rows.get(10).average().value()).isEqualTo(91.47e9);
        assertThat(rows.get(10).messageRate().value()).isEqualTo(5.582931e6, within(1e-3));
        PerftestHeader h = p.all(PerftestHeader.class).getFirst();
        assertThat(h.gidIndex()).isEqualTo(5);
        assertThat(h.mtuBytes()).isEqualTo(1024);
        Measurement m = p.measurements().getFirst();
        assertThat(m.test()).isEqualTo("rdma-write-bw");
        assertThat(m.params()).doesNotContainKey("direction").containsEntry("linkType", "Ethernet");
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isEqualTo(92.39e9);
    }

    @Test
    void perftestBidirectionalSweepIsItsOwnTestWithItsSettingsRead() {
        Parsed p = Fixture.only("perftest/ib_write_bw-b-a-ionic-readme.txt", "perftest");
        // one block: the newer settings lines (Lock-free, CQE Poll Batch) do not cut the table off its header
        assertThat(p.measurements()).hasSize(1);
        PerftestHeader h = p.all(PerftestHeader.class).getFirst();
        assertThat(h.title()).isEqualTo("RDMA_Write Bidirectional BW Test");
        assertThat(h.device()).isEqualTo("ionic_1");
        assertThat(h.qps()).isEqualTo(4);
        Measurement m = p.measurements().getFirst();
        assertThat(m.test()).isEqualTo("rdma-write-bw-bidir");
        assertThat(m.params()).containsEntry("direction", "both").containsEntry("qps", "4");
        assertThat(m.rows()).hasSize(23);
        assertThat(m.rows().getFirst().keyValue()).isEqualTo(2);
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isEqualTo(779.21e9);
        assertThat(p.all(PerftestBwRow.class).getFirst().average().value()).isEqualTo(0.146472e9, within(1.0));
    }

    @Test
    void perftestMegabytesPerSecondAreMebibytes() {
        Parsed p = Fixture.only("perftest/ib_write_bw-roce-cpufreq-seed002.txt", "perftest");
        PerftestBwRow row = p.all(PerftestBwRow.class).getFirst();
        assertThat(row.average().value()).isEqualTo(16826.73 * 1024 * 1024 * 8, within(1.0));
        assertThat(p.all(PerftestHeader.class).getFirst().gidIndex()).isEqualTo(3);
        assertThat(p.all(PerftestHeader.class).getFirst().linkType()).isEqualTo("Ethernet");
        CpuFrequencyWarning w = p.all(CpuFrequencyWarning.class).getFirst();
        assertThat(w.lowMhz()).isEqualTo(1500.0);
        assertThat(w.highMhz()).isEqualTo(3518.545);
        assertThat(p.measurements().getFirst().test()).isEqualTo("rdma-write-bw");
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void perftestUdLatencyPercentiles() {
        Parsed p = Fixture.only("perftest/ib_send_lat-ud-client-seed003.txt", "perftest");
        List<PerftestLatRow> rows = p.all(PerftestLatRow.class);
        assertThat(rows).hasSize(12);
        PerftestLatRow last = rows.getLast();
        assertThat(last.sizeBytes()).isEqualTo(4096);
        assertThat(last.p99().value()).isEqualTo(5.04);
        assertThat(last.p999().value()).isEqualTo(7.95);
        assertThat(last.typical().value()).isEqualTo(3.73);
        Measurement m = p.measurements().getFirst();
        assertThat(m.test()).isEqualTo("rdma-send-lat");
        assertThat(metric(m, Metrics.LATENCY_P99_MICROS)).isEqualTo(5.04);
        assertThat(Fixture.only("perftest/ib_send_lat-ud-server-seed003.txt", "perftest").all(PerftestLatRow.class)
                .getLast().p99().value()).isEqualTo(5.04);
        assertThat(Fixture.only("perftest/ib_send_lat-ud-seed001.txt", "perftest").all(PerftestLatRow.class)
                .get(5).p99().value()).as("64 B, 99%% at 0.87 us").isEqualTo(0.87);
    }

    @Test
    void perftestDurationModeLatencyHasMeanAndTps() {
        Parsed p = Fixture.only("perftest/ib_send_lat-D-mlx4.txt", "perftest");
        PerftestLatRow row = p.all(PerftestLatRow.class).getFirst();
        assertThat(row.sizeBytes()).isEqualTo(2);
        assertThat(row.iterations()).isEqualTo(1289984);
        assertThat(row.average().value()).isEqualTo(3.88);
        assertThat(row.transactionsPerSecond().value()).isEqualTo(128993.46);
        assertThat(row.min()).isNull();
        assertThat(row.p99()).isNull();
        assertThat(p.all(CpuFrequencyWarning.class)).hasSize(2);
        assertThat(p.skipped()).isEmpty();
        Measurement m = p.measurements().getFirst();
        assertThat(m.test()).isEqualTo("rdma-send-lat");
        assertThat(metric(m, Metrics.LATENCY_AVG_MICROS)).isEqualTo(3.88);
        assertThat(metric(m, Metrics.TRANSACTIONS_PER_SECOND)).isEqualTo(128993.46);
        assertThat(m.metric(Metrics.LATENCY_P99_MICROS)).isEmpty();
        Parsed roce = Fixture.only("perftest/ib_write_lat-D-roce.txt", "perftest");
        PerftestLatRow w = roce.all(PerftestLatRow.class).getFirst();
        assertThat(w.iterations()).isEqualTo(58732912);
        assertThat(w.average().value()).isEqualTo(1.28);
        assertThat(w.transactionsPerSecond().value()).isEqualTo(391518.70);
        assertThat(roce.measurements().getFirst().test()).isEqualTo("rdma-write-lat");
        assertThat(roce.all(PerftestHeader.class).getFirst().linkType()).isEqualTo("Ethernet");
    }

    @Test
    void perftestServerPrintsNoPeak() {
        Parsed server = Fixture.only("perftest/ib_send_bw-ud-server-seed003.txt", "perftest");
        assertThat(server.all(PerftestBwRow.class)).hasSize(12).allSatisfy(r -> assertThat(r.peak()).isNull());
        assertThat(server.measurements().getFirst().metric(Metrics.PEAK_BITS_PER_SECOND)).isEmpty();
        Parsed client = Fixture.only("perftest/ib_send_bw-ud-client-seed003.txt", "perftest");
        assertThat(client.all(PerftestBwRow.class).getLast().peak().value()).isEqualTo(7301.40 * 1024 * 1024 * 8, within(1.0));
        PerftestBwRow roce = Fixture.only("perftest/ib_send_bw-roce-report_gbit-seed000.txt", "perftest")
                .all(PerftestBwRow.class).getFirst();
        assertThat(roce.average().value()).isEqualTo(23.13e9);
        assertThat(Fixture.only("perftest/ib_send_bw-ud-seed001.txt", "perftest").all(PerftestBwRow.class).getLast()
                .average().value()).isEqualTo(9582.67 * 1024 * 1024 * 8, within(1.0));
        assertThat(Fixture.only("perftest/cpu-frequency-warning-seed003.txt", "perftest").all(CpuFrequencyWarning.class))
                .singleElement().satisfies(w -> assertThat(w.highMhz()).isEqualTo(2000.0));
    }

    @Test
    void sockperfPingPongThroughputUnderLoad() {
        SockperfResult pp = Fixture.only("sockperf/sockperf-3.7-ping-pong.txt", "sockperf").all(SockperfResult.class).getFirst();
        assertThat(pp.version()).isEqualTo("3.7-no.git");
        assertThat(pp.protocol()).isEqualTo("UDP");
        assertThat(pp.averageLatency().value()).isEqualTo(18.047);
        assertThat(pp.percentiles().get("99.000").value()).isEqualTo(38.451);
        assertThat(pp.max().value()).isEqualTo(3602.087);
        Measurement m = measurement("sockperf/sockperf-3.7-ping-pong.txt", "sockperf");
        assertThat(m.test()).isEqualTo("udp-lat");
        assertThat(metric(m, Metrics.LATENCY_P50_MICROS)).isEqualTo(8.831);
        Measurement tp = measurement("sockperf/sockperf-3.7-throughput.txt", "sockperf");
        assertThat(metric(tp, Metrics.MESSAGES_PER_SECOND)).isEqualTo(49275);
        assertThat(metric(tp, Metrics.BITS_PER_SECOND)).isEqualTo(5.263e6);
        assertThat(measurement("sockperf/sockperf-3.7-under-load.txt", "sockperf").test()).isEqualTo("udp-lat");
        assertThat(measurement("sockperf/sockperf-3.7-ping-pong-tcp.txt", "sockperf").test()).isEqualTo("tcp-lat");
    }

    @Test
    void fio2TextLinesInBinaryUnitsAndMillisecondLatencies() {
        List<FioJob> guest = Fixture.blocks("fio/fio-3.3-and-2.2.10-randrw-nbd-host-guest.txt").stream()
                .flatMap(b -> b.all(FioJob.class).stream()).filter(j -> j.source().text().contains("iops=")).toList();
        assertThat(guest).extracting(FioJob::direction).containsExactly("read", "write");
        assertThat(guest.getFirst().bandwidth().value()).as("KB/s = 1024 B/s").isEqualTo(116279 * 1024 * 8.0);
        FioJob slow = Fixture.blocks("fio/fio-2.2.8-seqwrite-randwrite-8M-msec-nvme.txt").getFirst().all(FioJob.class).getFirst();
        assertThat(slow.clatAvg().value()).isEqualTo(4228.70e3, within(1e-6));
        assertThat(slow.blockSize()).isEqualTo("8M");
        assertThat(Fixture.blocks("fio/fio-2.2.8-seqwrite-randwrite-8M-msec-nvme.txt").stream()
                .flatMap(b -> b.all(FioDiskUtil.class).stream()).map(FioDiskUtil::utilPercent)).containsExactly(69.63, 64.79);
    }

    /** Issue 31 point 3: a git build's version (git describe) and a job line a mail wrapped before "ioengine=io_uring". */
    @Test
    void fioGitDescribeVersionAndAWrappedIoUringJobLine() {
        List<Parsed> blocks = Fixture.blocks("fio/fio-3.41-git-io_uring-hipri-wrapped-linux-raid-mail.txt");
        assertThat(blocks).hasSize(2).allSatisfy(p -> {
            FioJob j = p.all(FioJob.class).getFirst();
            assertThat(j.ioengine()).isEqualTo("io_uring");
            assertThat(j.iodepth()).isEqualTo(64);
            assertThat(p.measurements()).singleElement().satisfies(m -> assertThat(m.toolVersion()).isEqualTo("fio-3.41-49-gde3d"));
        });
        assertThat(Fixture.only("fio/fio-3.33-randread.txt", "fio").measurements().getFirst().toolVersion()).isEqualTo("fio-3.33");
    }

    @Test
    void fioTextAndJson() {
        FioJob text = Fixture.only("fio/fio-3.33-randread.txt", "fio").all(FioJob.class).getFirst();
        assertThat(text.rw()).isEqualTo("randread");
        assertThat(text.iops().value()).isEqualTo(10600);
        assertThat(text.bandwidth().value()).isEqualTo(41.3 * 1024 * 1024 * 8, within(1.0));
        assertThat(text.latencyAvg().value()).isEqualTo(91.85);
        assertThat(text.clatP99().value()).isEqualTo(693);
        List<FioJob> rw = Fixture.only("fio/fio-3.33-randrw-group.txt", "fio").all(FioJob.class);
        assertThat(rw).extracting(FioJob::direction).containsExactly("read", "write");
        assertThat(rw.get(1).iops().value()).isEqualTo(3295);
        assertThat(rw.getFirst().numjobs()).isEqualTo(2);
        Measurement json = measurement("fio/fio-3.33-randread.json", "fio-json");
        assertThat(json.toolVersion()).isEqualTo("fio-3.33");
        assertThat(metric(json, Metrics.IOPS)).isEqualTo(12414.792604);
        assertThat(metric(json, Metrics.BITS_PER_SECOND)).isEqualTo(49659.0 * 1024 * 8);
        assertThat(json.params()).containsEntry("rw", "randread").containsEntry("bs", "4k");
    }

    @Test
    void fioJsonClatAndLatMeansAndDiskUtil() {
        Parsed json = Fixture.only("fio/fio-3.42-json-normal-nvme.txt", "fio-json");
        FioJob w = json.all(FioJob.class).getFirst();
        assertThat(w.direction()).isEqualTo("write");
        assertThat(w.latencyAvg().value()).isEqualTo(3027313.139295 / 1000, within(1e-9));
        assertThat(w.clatAvg().value()).isEqualTo(2932268.086513 / 1000, within(1e-9));
        assertThat(metric(json.measurements().getFirst(), Metrics.CLAT_AVG_MICROS)).isEqualTo(2932.268086513, within(1e-9));
        FioDiskUtil disk = json.all(FioDiskUtil.class).getFirst();
        assertThat(disk.device()).isEqualTo("nvme8n4");
        assertThat(disk.writeIos()).isEqualTo(68752);
        assertThat(disk.inQueueMillis()).isEqualTo(193865);
        assertThat(disk.utilPercent()).isEqualTo(99.504140);
        // the same run's text part after the JSON: clat avg and "Disk stats" too
        List<Parsed> text = Fixture.blocks("fio/fio-3.42-json-normal-nvme.txt").stream()
                .filter(b -> b.format().equals("fio")).toList();
        FioJob t = text.stream().flatMap(b -> b.all(FioJob.class).stream()).findFirst().orElseThrow();
        assertThat(t.clatAvg().value()).isEqualTo(2932.27);
        assertThat(t.latencyAvg().value()).isEqualTo(3027.31);
        assertThat(text.stream().flatMap(b -> b.all(FioDiskUtil.class).stream()).toList()).singleElement()
                .satisfies(d -> assertThat(d.utilPercent()).isEqualTo(99.50));
        Parsed rw = Fixture.only("fio/fio-3.33-rw-interrupted-bensonjohnson.json", "fio-json");
        assertThat(rw.all(FioJob.class)).extracting(FioJob::direction).containsExactly("read", "write");
        assertThat(rw.all(FioJob.class).getFirst().clatAvg().value()).isEqualTo(7881155.058386 / 1000, within(1e-9));
        assertThat(rw.all(FioJob.class).get(1).latencyAvg().value()).isEqualTo(902253.681286 / 1000, within(1e-9));
        assertThat(rw.all(FioJob.class).getFirst().iodepth()).isEqualTo(16);
        assertThat(rw.all(FioDiskUtil.class)).isEmpty();
    }

    @Test
    void sockperfTotalsAddressAndRoundTrip() {
        Parsed rtt = Fixture.only("sockperf/sockperf-3.8-full-rtt-tcp-issue172.txt", "sockperf");
        SockperfResult r = rtt.all(SockperfResult.class).getFirst();
        assertThat(r.version()).isEqualTo("3.8-0.git31ee322aa82a");
        assertThat(r.address()).isEqualTo("10.12.0.4");
        assertThat(r.port()).isEqualTo(12345);
        assertThat(r.protocol()).isEqualTo("TCP");
        assertThat(r.roundTrip()).isTrue();
        assertThat(r.averageLatency().value()).isEqualTo(1892.600);
        assertThat(r.stdDev().value()).isEqualTo(422.741);
        assertThat(r.max().value()).isEqualTo(11541.068);
        assertThat(r.observations()).isEqualTo(105413);
        assertThat(r.sentMessages()).isEqualTo(105413);
        assertThat(r.receivedMessages()).isEqualTo(105413);
        assertThat(r.runSeconds()).isEqualTo(199.999);
        assertThat(r.validSeconds()).isEqualTo(199.548);
        assertThat(rtt.skipped()).isEmpty();
        Measurement m = rtt.measurements().getFirst();
        assertThat(m.test()).isEqualTo("tcp-lat");
        assertThat(m.params()).containsEntry("server", "10.12.0.4").containsEntry("port", "12345")
                .containsEntry("latency", "round-trip");
        SockperfResult old = Fixture.only("sockperf/sockperf-old-avg-lat-tcp-issue106.txt", "sockperf")
                .all(SockperfResult.class).getFirst();
        assertThat(old.averageLatency().value()).isEqualTo(121.880);
        assertThat(old.roundTrip()).isFalse();
        assertThat(old.port()).isEqualTo(8302);
        assertThat(old.min().value()).isEqualTo(121.880);
        assertThat(old.sentMessages()).isEqualTo(1);
        assertThat(old.runSeconds()).isEqualTo(1.450);
        Parsed tp = Fixture.only("sockperf/sockperf-3.7-throughput-tcp-issue140.txt", "sockperf");
        SockperfResult t = tp.all(SockperfResult.class).getFirst();
        assertThat(t.messageRate().value()).isEqualTo(155961);
        assertThat(t.packetRate().value()).isEqualTo(3587103);
        assertThat(t.sentMessages()).isEqualTo(1559669);
        assertThat(t.runSeconds()).isEqualTo(10.000);
        assertThat(t.bandwidth().value()).isEqualTo(38990.250e6);
        assertThat(tp.measurements().getFirst().test()).isEqualTo("tcp-bw");
    }
}
