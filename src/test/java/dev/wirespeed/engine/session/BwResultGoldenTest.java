package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.stream.IntervalSampler;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seals the JSON of `bw --json`: a fixed two-way test assembled from both sides' data must print
 * exactly the golden file, and the golden file must satisfy the documented schema. A deliberate
 * schema change updates docs/json/bw.schema.json, docs/JSON.md and this file together
 * (regenerate with -Dwirespeed.golden.update=true).
 */
public class BwResultGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/bw-bidir.json");
    private static final long S = 1_000_000_000L;

    public static BwResult fixedResult() {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(2).durationMillis(2000)
                .omitMillis(1000).intervalMillis(1000).bufferBytes(131072).congestion("cubic").zeroCopy(true).build();
        ResultAssembler a = new ResultAssembler(spec, "default: one per core of this host, up to 8");
        // the server receives upload streams 0 and 1; the client receives download streams 2 and 3
        a.remoteInterval(new Message.Interval(0, S, true, false, new int[] {0, 1}, new long[] {100, 200}));
        a.remoteInterval(new Message.Interval(S, 2 * S, false, false, new int[] {0, 1}, new long[] {1000, 2000}));
        a.remoteInterval(new Message.Interval(2 * S, 3 * S, false, true, new int[] {0, 1}, new long[] {1500, 2500}));
        a.localInterval(new IntervalSampler.Sample(0, S, true, false, new long[] {0, 0, 300, 400}));
        a.localInterval(new IntervalSampler.Sample(S, 2 * S, false, false, new long[] {0, 0, 3000, 4000}));
        a.localInterval(new IntervalSampler.Sample(2 * S, 3 * S, false, true, new long[] {0, 0, 3500, 4500}));
        Message.Results client = new Message.Results(List.of(
                new Message.StreamTotal(0, true, 2600, 2500, 2 * S, new Message.TcpStats(1, 50, 10, 40, 65483, "cubic")),
                new Message.StreamTotal(1, true, 4700, 4500, 2 * S, new Message.TcpStats(0, 60, 12, 42, 65483, "cubic")),
                new Message.StreamTotal(2, false, 6800, 6500, 2 * S, null),
                new Message.StreamTotal(3, false, 8900, 8500, 2 * S, null)),
                new Message.CpuTime(S / 10, S / 2, 3 * S), 1L,
                new Message.DataPathUsed("sendfile", "read", List.of()));
        Message.Results server = new Message.Results(List.of(
                new Message.StreamTotal(0, false, 2600, 2500, 2 * S, null),
                new Message.StreamTotal(1, false, 4700, 4500, 2 * S, null),
                new Message.StreamTotal(2, true, 6800, 6500, 2 * S, new Message.TcpStats(2, 55, 11, 41, 65483, "cubic")),
                new Message.StreamTotal(3, true, 8900, 8500, 2 * S, new Message.TcpStats(0, 58, 9, 43, 65483))),
                new Message.CpuTime(S / 5, S, 3 * S), 2L,
                new Message.DataPathUsed("write", "read", List.of("-Z: sendfile refused (Invalid argument); wrote instead")));
        BwResult.Peer clientPeer = new BwResult.Peer("client-host", null, null, "wirespeed test", 4, "Linux 6.1");
        BwResult.Peer serverPeer = new BwResult.Peer("server-host", "10.0.0.2", 5301, "wirespeed test", 8, "Linux 6.1");
        return a.build(Instant.parse("2026-11-30T10:00:00Z"), clientPeer, serverPeer, client, server,
                BwResult.Outcome.OK);
    }

    @Test
    void jsonMatchesTheGoldenFile() throws IOException {
        String json = Json.pretty(fixedResult()) + "\n";
        if (Boolean.getBoolean("wirespeed.golden.update")) {
            Files.writeString(GOLDEN, json, StandardCharsets.UTF_8);
        }
        assertThat(json).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void goldenFileSatisfiesTheDocumentedSchema() throws IOException {
        assertThat(JsonSchemas.errors("bw.schema.json", Files.readString(GOLDEN))).isEmpty();
    }

    @Test
    void schemaRejectsDrift() {
        String json = Json.pretty(fixedResult()).replace("\"bitsPerSecond\"", "\"gbps\"");
        assertThat(JsonSchemas.errors("bw.schema.json", json)).isNotEmpty();
    }

    @Test
    void summariesExcludeTheWarmUpAndUseEachSidesCounts() {
        BwResult r = fixedResult();
        BwResult.DirectionResult up = r.directions().get(0);
        assertThat(up.direction()).isEqualTo("upload");
        assertThat(up.receiverSummary().bytes()).isEqualTo(7000);
        assertThat(up.receiverSummary().bitsPerSecond()).isEqualTo(28000.0);
        assertThat(up.senderSummary().retransmits().sockets()).isEqualTo(1);
        assertThat(up.senderSummary().retransmits().hostWide()).isEqualTo(1);
        assertThat(up.intervals()).hasSize(3);
        assertThat(up.intervals().getFirst().omitted()).isTrue();
        BwResult.DirectionResult down = r.directions().get(1);
        assertThat(down.sender()).isEqualTo("server");
        assertThat(down.senderSummary().retransmits().sockets()).isEqualTo(2);
        assertThat(down.senderSummary().retransmits().hostWide()).isEqualTo(2);
        assertThat(down.streams()).extracting(BwResult.StreamResult::stream).containsExactly(3, 4);
        assertThat(up.congestion()).as("both sending sockets ran cubic: named once").isEqualTo("cubic");
        assertThat(down.congestion()).as("a stream without TCP_CONGESTION adds nothing").isEqualTo("cubic");
        assertThat(r.cpu().client().totalPercent()).isEqualTo(20.0);
        assertThat(r.cpu().server().totalPercent()).isEqualTo(40.0);
    }
}
