package dev.wirespeed.engine.udp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.session.BwResultGoldenTest;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.stream.IntervalSampler;
import dev.wirespeed.report.BwText;
import dev.wirespeed.report.LatText;
import dev.wirespeed.report.SweepText;
import dev.wirespeed.report.UdpText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.testing.Golden;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The text of bw (TCP upload, -R, --bidir, UDP, -a sweep) and lat, rendered from fixed results
 * assembled the way the clients assemble them, pinned by golden files (see {@link Golden}).
 */
class BwTextGoldenTest {
    private static final long S = 1_000_000_000L;
    private static final Instant STARTED = Instant.parse("2026-11-30T10:00:00Z");
    private static final BwResult.Peer CLIENT = new BwResult.Peer("client-host", null, null, "wirespeed test", 4,
            "Linux 6.1");
    private static final BwResult.Peer SERVER = new BwResult.Peer("server-host", "10.0.0.2", 5301, "wirespeed test",
            8, "Linux 6.1");

    /** One stream each way of {@code d}; the receiver's counts per second grow by a fixed step. */
    static BwResult oneWay(Direction d, List<BwResult.IntervalReport> printed) {
        TestSpec spec = TestSpec.tcpBandwidth().direction(d).streams(1).durationMillis(3000).intervalMillis(1000)
                .build();
        ResultAssembler a = new ResultAssembler(spec, "-P");
        long[] bytes = {1_150_000_000L, 1_175_000_000L, 1_162_500_000L};
        for (int i = 0; i < 3; i++) {
            boolean last = i == 2;
            if (d == Direction.UPLOAD) {
                printed.add(a.remoteInterval(new Message.Interval(i * S, (i + 1) * S, false, last, new int[] {0},
                        new long[] {bytes[i]})));
            } else {
                printed.add(a.localInterval(new IntervalSampler.Sample(i * S, (i + 1) * S, false, last,
                        new long[] {bytes[i]})));
            }
        }
        long total = bytes[0] + bytes[1] + bytes[2];
        boolean up = d == Direction.UPLOAD;
        Message.Results sender = new Message.Results(List.of(new Message.StreamTotal(0, true, total, total, 3 * S,
                new Message.TcpStats(12, 48, 9, 40, 65483))), new Message.CpuTime(S / 10, S / 2, 3 * S), 12L);
        Message.Results receiver = new Message.Results(List.of(new Message.StreamTotal(0, false, total, total, 3 * S,
                null)), new Message.CpuTime(S / 5, S, 3 * S), 0L);
        return a.build(STARTED, CLIENT, SERVER, up ? sender : receiver, up ? receiver : sender, BwResult.Outcome.OK);
    }

    static String text(BwResult r, List<BwResult.IntervalReport> printed, boolean bidir) {
        return Golden.render(out -> {
            BwText t = new BwText(out, bidir);
            t.header(SERVER, r.params());
            printed.forEach(t::interval);
            t.summary(r);
        });
    }

    @Test
    void tcpUpload() {
        List<BwResult.IntervalReport> printed = new ArrayList<>();
        BwResult r = oneWay(Direction.UPLOAD, printed);
        assertThat(printed).hasSize(3);
        Golden.assertMatches("bw-tcp.txt", text(r, printed, false));
    }

    @Test
    void tcpReverse() {
        List<BwResult.IntervalReport> printed = new ArrayList<>();
        BwResult r = oneWay(Direction.DOWNLOAD, printed);
        assertThat(printed).hasSize(3);
        Golden.assertMatches("bw-tcp-reverse.txt", text(r, printed, false));
    }

    @Test
    void tcpBidir() {
        BwResult r = BwResultGoldenTest.fixedResult();
        List<BwResult.IntervalReport> printed = r.directions().stream().flatMap(d -> d.intervals().stream()).toList();
        Golden.assertMatches("bw-tcp-bidir.txt", text(r, printed, true));
    }

    @Test
    void udpUpload() {
        TestSpec spec = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(2000)
                .intervalMillis(1000).bufferBytes(1400).rateBitsPerSecond(100_000_000).build();
        UdpAssembler a = new UdpAssembler(spec);
        List<UdpResult.UdpInterval> printed = new ArrayList<>();
        printed.add(a.remote(new Message.UdpInterval(0, S, false, false, new int[] {0},
                List.of(new Message.UdpCounts(8929, 12_500_600, 3, 1, 12.5)))));
        printed.add(a.remote(new Message.UdpInterval(S, 2 * S, false, true, new int[] {0},
                List.of(new Message.UdpCounts(8928, 12_499_200, 0, 0, 10.25)))));
        Message.UdpCounts sent = new Message.UdpCounts(17_860, 25_004_000, 0, 0, 0);
        Message.UdpCounts received = new Message.UdpCounts(17_857, 24_999_800, 3, 1, 10.25);
        Message.UdpResults local = new Message.UdpResults(List.of(new Message.UdpTotal(0, true, sent, sent, 2 * S)),
                new Message.CpuTime(S / 20, S / 10, 2 * S));
        Message.UdpResults remote = new Message.UdpResults(List.of(new Message.UdpTotal(0, false, received, received,
                2 * S)), new Message.CpuTime(S / 10, S / 5, 2 * S));
        UdpResult r = a.build(STARTED, SERVER, local, remote, BwResult.Outcome.OK);
        String text = Golden.render(out -> {
            UdpText t = new UdpText(out, false);
            t.header(SERVER, spec);
            printed.forEach(t::interval);
            t.summary(r);
        });
        Golden.assertMatches("bw-udp.txt", text);
    }

    @Test
    void sizeSweep() {
        BwSweepResult r = new BwSweepResult(BwSweepResult.SCHEMA, new BwResult.Tool("wirespeed", "test"),
                STARTED.toString(), CLIENT, SERVER, new BwSweepResult.SweepParams("tcp", "upload", 2, 1.0, 0.1,
                List.of(2, 1024, 65536)), List.of(
                new BwSweepResult.SweepRow(2, 1_000_000, 16.5e6, 16e6, 1_000_000, 0L),
                new BwSweepResult.SweepRow(1024, 2_000_000, 16.9e9, 16.4e9, 2_000_000, 3L),
                new BwSweepResult.SweepRow(65536, 100_000, 52.1e9, 51.3e9, 97_850.5, null)),
                BwResult.Outcome.OK);
        String text = Golden.render(out -> {
            long[] now = {0};
            // a size every 1.5 s of this clock: the progress column is the same on every machine
            SweepText t = new SweepText(out, () -> now[0] += 1_500_000_000L);
            t.header(SERVER, r.params());
            r.rows().forEach(t::row);
        });
        Golden.assertMatches("bw-sweep.txt", text);
    }

    @Test
    void latencySweep() {
        LatResult r = new LatResult(LatResult.SCHEMA, new BwResult.Tool("wirespeed", "test"), STARTED.toString(),
                CLIENT, SERVER, new LatResult.LatParams("tcp", true, List.of(2, 64, 4096), 10_000L, null, 1000, false),
                List.of(row(2, 11.25), row(64, 11.5), row(4096, 14.75)),
                new BwResult.Cpu(new BwResult.CpuSide(12.5, 37.5, 50), new BwResult.CpuSide(10, 30, 40)),
                BwResult.Outcome.OK);
        String text = Golden.render(out -> {
            long[] now = {0};
            LatText t = new LatText(out, () -> now[0] += 1_500_000_000L);
            t.header(SERVER, r.params());
            r.rows().forEach(t::row);
            t.summary(r);
        });
        Golden.assertMatches("lat-tcp-sweep.txt", text);
    }

    private static LatResult.LatRow row(int size, double p50) {
        LatResult.LatStats oneWay = new LatResult.LatStats(p50 * 0.9, p50 * 4, p50, p50 * 1.05, p50 * 0.1, p50 * 1.5,
                p50 * 2.5, p50 * 3.5);
        LatResult.LatStats rtt = new LatResult.LatStats(p50 * 1.8, p50 * 8, p50 * 2, p50 * 2.1, p50 * 0.2, p50 * 3,
                p50 * 5, p50 * 7);
        return new LatResult.LatRow(size, 10_000, null, oneWay, rtt, 1e6 / (p50 * 2));
    }
}
