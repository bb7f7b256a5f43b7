package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.io.Programs;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.parse.iperf.Iperf3Result;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.UdpResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code bw --json-format iperf3} against real iperf3 3.21 -J output (src/test/resources/iperf3/json,
 * recorded over loopback, README there): a table of the jq queries people keep in scripts and
 * Grafana panels. Each must give, on our document, values of the same JSON type and shape as on
 * iperf3's, and values that agree with our own JSON of the same run (the wirespeed-*.json recorded
 * beside them). The jq subset is evaluated in Java ({@link JqPath}) and, where jq is installed,
 * by jq too, so the table means what jq makes of it.
 */
public class Iperf3JsonTest {
    public enum Kind { TCP, TCP_CLIENT_SENDS, BIDIR, UDP }

    /**
     * @param jq    the query on the iperf3-shaped document
     * @param ours  the same figure in wirespeed's own JSON ({P}: the direction iperf3 calls "sum",
     *              the client's sending one or the only one; {B}: the other one of --bidir); null
     *              where the figure is only checked for type and shape
     * @param scale ours × scale = the iperf3-shaped value (jitter: µs → ms)
     */
    public record Query(String jq, String ours, double scale, Set<Kind> kinds) {
        Query(String jq, String ours, Kind first, Kind... rest) {
            this(jq, ours, 1, EnumSet.of(first, rest));
        }
    }

    public static final List<Query> QUERIES = List.of(
            // TCP, every direction
            new Query(".end.sum_received.bits_per_second", ".directions[{P}].receiverSummary.bitsPerSecond", Kind.TCP),
            new Query(".end.sum_received.bytes", ".directions[{P}].receiverSummary.bytes", Kind.TCP),
            new Query(".end.sum_received.seconds", ".directions[{P}].receiverSummary.seconds", Kind.TCP),
            new Query(".end.sum_sent.bits_per_second", ".directions[{P}].senderSummary.bitsPerSecond", Kind.TCP),
            new Query(".end.sum_sent.bytes", ".directions[{P}].senderSummary.bytes", Kind.TCP),
            new Query(".end.sum_sent.retransmits", ".directions[{P}].senderSummary.retransmits.sockets", Kind.TCP),
            new Query(".end.sum_sent.sender", null, Kind.TCP),
            new Query(".intervals[].sum.bits_per_second", ".directions[{P}].intervals[].bitsPerSecond", Kind.TCP),
            new Query(".intervals[].sum.bytes", ".directions[{P}].intervals[].bytes", Kind.TCP),
            new Query(".intervals[].sum.end", ".directions[{P}].intervals[].endSeconds", Kind.TCP),
            new Query(".intervals[].sum.omitted", ".directions[{P}].intervals[].omitted", Kind.TCP),
            new Query(".intervals[].streams[0].bits_per_second",
                    ".directions[{P}].intervals[].streams[0].bitsPerSecond", Kind.TCP),
            new Query(".intervals[].streams[].socket", null, Kind.TCP),
            new Query(".end.streams[0].sender.bytes", ".directions[{P}].streams[0].sentBytes", Kind.TCP),
            new Query(".end.streams[0].receiver.bytes", ".directions[{P}].streams[0].receivedBytes", Kind.TCP),
            new Query(".end.streams[0].sender.bits_per_second", null, Kind.TCP),
            new Query(".end.streams[].sender.socket", null, Kind.TCP),
            new Query(".start.connected[0].remote_host", ".server.address", Kind.TCP, Kind.UDP),
            new Query(".start.connected[0].remote_port", ".server.port", Kind.TCP, Kind.UDP),
            new Query(".start.connected[].socket", null, Kind.TCP, Kind.UDP),
            new Query(".start.connecting_to.host", ".server.address", Kind.TCP, Kind.UDP),
            new Query(".start.connecting_to.port", ".server.port", Kind.TCP, Kind.UDP),
            new Query(".start.version", null, Kind.TCP, Kind.UDP),
            new Query(".start.system_info", null, Kind.TCP, Kind.UDP),
            new Query(".start.timestamp.timesecs", null, Kind.TCP, Kind.UDP),
            new Query(".start.timestamp.time", null, Kind.TCP, Kind.UDP),
            new Query(".start.test_start.protocol", null, Kind.TCP, Kind.UDP),
            new Query(".start.test_start.num_streams", ".params.streams", Kind.TCP, Kind.UDP),
            new Query(".start.test_start.duration", ".params.durationSeconds", Kind.TCP, Kind.UDP),
            new Query(".start.test_start.reverse", null, Kind.TCP, Kind.UDP),
            new Query(".start.test_start.bidir", null, Kind.TCP, Kind.UDP),
            new Query(".start.test_start.blksize", ".params.bufferBytes", Kind.TCP),
            new Query(".end.cpu_utilization_percent.host_total", ".cpu.client.totalPercent", Kind.TCP, Kind.UDP),
            new Query(".end.cpu_utilization_percent.host_user", ".cpu.client.userPercent", Kind.TCP, Kind.UDP),
            new Query(".end.cpu_utilization_percent.host_system", ".cpu.client.systemPercent", Kind.TCP, Kind.UDP),
            new Query(".end.cpu_utilization_percent.remote_total", ".cpu.server.totalPercent", Kind.TCP, Kind.UDP),
            // TCP where this host sends: its sockets' TCP_INFO
            new Query(".intervals[].sum.retransmits", ".directions[{P}].intervals[].retransmits",
                    Kind.TCP_CLIENT_SENDS),
            new Query(".intervals[].streams[0].rtt", ".directions[{P}].intervals[].streams[0].rttMicros",
                    Kind.TCP_CLIENT_SENDS),
            new Query(".intervals[].streams[0].rttvar", ".directions[{P}].intervals[].streams[0].rttVarMicros",
                    Kind.TCP_CLIENT_SENDS),
            new Query(".intervals[].streams[0].snd_cwnd", ".directions[{P}].intervals[].streams[0].cwndBytes",
                    Kind.TCP_CLIENT_SENDS),
            new Query(".end.streams[0].sender.retransmits", ".directions[{P}].streams[0].retransmits",
                    Kind.TCP_CLIENT_SENDS),
            new Query(".end.streams[0].sender.max_rtt", null, Kind.TCP_CLIENT_SENDS),
            new Query(".end.streams[0].sender.mean_rtt", null, Kind.TCP_CLIENT_SENDS),
            new Query(".end.streams[0].sender.max_snd_cwnd", null, Kind.TCP_CLIENT_SENDS),
            // --bidir
            new Query(".end.sum_received_bidir_reverse.bits_per_second",
                    ".directions[{B}].receiverSummary.bitsPerSecond", Kind.BIDIR),
            new Query(".end.sum_sent_bidir_reverse.bytes", ".directions[{B}].senderSummary.bytes", Kind.BIDIR),
            new Query(".end.sum_sent_bidir_reverse.retransmits", ".directions[{B}].senderSummary.retransmits.sockets",
                    Kind.BIDIR),
            new Query(".intervals[].sum_bidir_reverse.bits_per_second", ".directions[{B}].intervals[].bitsPerSecond",
                    Kind.BIDIR),
            new Query(".intervals[].sum_bidir_reverse.sender", null, Kind.BIDIR),
            // UDP
            new Query(".end.sum.lost_percent", ".directions[{P}].receiverSummary.lossPercent", Kind.UDP),
            new Query(".end.sum.jitter_ms", ".directions[{P}].receiverSummary.jitterMicros", 0.001,
                    EnumSet.of(Kind.UDP)),
            new Query(".end.sum.lost_packets", ".directions[{P}].receiverSummary.lostPackets", Kind.UDP),
            new Query(".end.sum.packets", ".directions[{P}].senderSummary.packets", Kind.UDP),
            new Query(".end.sum.bits_per_second", ".directions[{P}].senderSummary.bitsPerSecond", Kind.UDP),
            new Query(".end.sum_received.packets", ".directions[{P}].receiverSummary.totalPackets", Kind.UDP),
            new Query(".end.sum_received.bits_per_second", ".directions[{P}].receiverSummary.bitsPerSecond", Kind.UDP),
            new Query(".end.sum_received.lost_percent", ".directions[{P}].receiverSummary.lossPercent", Kind.UDP),
            new Query(".end.sum_sent.packets", ".directions[{P}].senderSummary.packets", Kind.UDP),
            new Query(".end.sum_sent.bytes", ".directions[{P}].senderSummary.bytes", Kind.UDP),
            new Query(".end.streams[0].udp.jitter_ms", ".directions[{P}].streams[0].jitterMicros", 0.001,
                    EnumSet.of(Kind.UDP)),
            new Query(".end.streams[0].udp.lost_packets", ".directions[{P}].streams[0].lostPackets", Kind.UDP),
            new Query(".end.streams[].udp.packets", ".directions[{P}].streams[].sentPackets", Kind.UDP),
            new Query(".end.streams[].udp.out_of_order", null, Kind.UDP),
            new Query(".intervals[].sum.packets", ".directions[{P}].intervals[].sum.totalPackets", Kind.UDP),
            new Query(".intervals[].sum.bits_per_second", ".directions[{P}].intervals[].sum.bitsPerSecond", Kind.UDP),
            new Query(".intervals[].streams[].bytes", null, Kind.UDP),
            new Query(".start.test_start.blksize", ".params.datagramBytes", Kind.UDP),
            new Query(".start.test_start.target_bitrate", ".params.targetBitsPerSecond", Kind.UDP));

    public static Set<Kind> kinds(String name) {
        return switch (name) {
            case "tcp-p1", "tcp-p2" -> EnumSet.of(Kind.TCP, Kind.TCP_CLIENT_SENDS);
            case "tcp-r" -> EnumSet.of(Kind.TCP);
            case "tcp-bidir" -> EnumSet.of(Kind.TCP, Kind.TCP_CLIENT_SENDS, Kind.BIDIR);
            case "udp", "udp-p2-r" -> EnumSet.of(Kind.UDP);
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp-p1", "tcp-p2", "tcp-r", "tcp-bidir", "udp", "udp-p2-r"})
    void commonJqQueriesReadOursAsTheyReadIperf3(String name, @TempDir Path dir) throws IOException {
        JsonNode iperf3 = Json.MAPPER.readTree(resource("iperf3-3.21-" + name + ".json"));
        String ownText = resource("wirespeed-" + name + ".json");
        JsonNode own = Json.MAPPER.readTree(ownText);
        ObjectNode shaped = name.startsWith("udp") ? Iperf3Json.of(Json.MAPPER.readValue(ownText, UdpResult.class))
                : Iperf3Json.of(Json.MAPPER.readValue(ownText, BwResult.class));
        int primary = primary(own);
        List<Query> table = QUERIES.stream().filter(q -> q.kinds().stream().anyMatch(kinds(name)::contains)).toList();
        assertThat(table).hasSizeGreaterThan(15);
        for (Query q : table) {
            List<JsonNode> theirs = JqPath.eval(iperf3, q.jq());
            List<JsonNode> mine = JqPath.eval(shaped, q.jq());
            assertThat(theirs).as("%s on iperf3 %s", q.jq(), name).isNotEmpty()
                    .allSatisfy(v -> assertThat(v.isNull()).as("%s on iperf3 %s is null", q.jq(), name).isFalse());
            assertThat(mine).as("%s on ours %s", q.jq(), name).isNotEmpty();
            String type = type(theirs.getFirst());
            assertThat(theirs).as("%s: iperf3's values share a type", q.jq()).allMatch(v -> type(v).equals(type));
            assertThat(mine).as("%s on ours (%s): %s", q.jq(), name, mine).allMatch(v -> type(v).equals(type));
            if (theirs.size() == 1) {
                assertThat(mine).as("%s gives one value on ours, as on iperf3's", q.jq()).hasSize(1);
            }
            if (q.ours() != null) {
                String path = q.ours().replace("{P}", "" + primary).replace("{B}", "" + (1 - primary));
                List<JsonNode> expected = JqPath.eval(own, path);
                assertThat(mine).as("%s vs our own %s (%s)", q.jq(), path, name).hasSameSizeAs(expected);
                for (int i = 0; i < mine.size(); i++) {
                    assertAgrees(q.jq() + " [" + i + "] vs " + path + " (" + name + ")", mine.get(i), expected.get(i),
                            q.scale());
                }
            }
        }
        jqAgrees(dir, name, iperf3, table);
        jqAgrees(dir, name, shaped, table);
        // explain's reader of iperf3 -J reads our document as it reads iperf3's
        Iperf3Result read = Iperf3JsonParser.parse(Json.pretty(shaped));
        assertThat(read.protocol()).isEqualTo(name.startsWith("udp") ? "UDP" : "TCP");
        assertThat(read.receivedBitsPerSecond()).isEqualTo(
                own.get("directions").get(primary).get("receiverSummary").get("bitsPerSecond").doubleValue());
        assertThat(Iperf3JsonParser.parse(Json.pretty(iperf3)).protocol()).isEqualTo(read.protocol());
    }

    /** The direction iperf3 sums in "sum"/"sum_sent": the client's sending one, or the only one. */
    static int primary(JsonNode own) {
        JsonNode dirs = own.get("directions");
        for (int i = 0; i < dirs.size(); i++) {
            if ("client".equals(dirs.get(i).get("sender").asString())) {
                return i;
            }
        }
        return 0;
    }

    public static String type(JsonNode v) {
        return v.isNumber() ? "number" : v.isString() ? "string" : v.isBoolean() ? "boolean" : v.isNull() ? "null"
                : v.isArray() ? "array" : "object";
    }

    static void assertAgrees(String what, JsonNode mine, JsonNode own, double scale) {
        if (mine.isNumber()) {
            assertThat(own.isNumber()).as(what + ": ours is " + own).isTrue();
            double want = own.doubleValue() * scale;
            assertThat(mine.doubleValue()).as(what).isCloseTo(want,
                    Assertions.within(Math.abs(want) * 1e-12 + 1e-12));
        } else {
            assertThat(mine.asString()).as(what).isEqualTo(own.asString());
        }
    }

    /** Where jq is installed, jq gives on the document what {@link JqPath} gives. */
    static void jqAgrees(Path dir, String name, JsonNode doc, List<Query> table) throws IOException {
        Optional<Path> jq = Programs.find("jq");
        if (jq.isEmpty()) {
            return;
        }
        Path file = Files.writeString(dir.resolve(name + ".json"), Json.pretty(doc));
        StringBuilder program = new StringBuilder("[");
        for (Query q : table) {
            program.append(program.length() > 1 ? "," : "").append('[').append(q.jq()).append(']');
        }
        program.append(']');
        Path out = dir.resolve(name + ".jq.out");
        Process p = new ProcessBuilder(jq.get().toString(), "-c", program.toString(), file.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("jq ends").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).as("jq: %s", Files.readString(out)).isZero();
        JsonNode results = Json.MAPPER.readTree(Files.readString(out));
        for (int i = 0; i < table.size(); i++) {
            List<JsonNode> java = JqPath.eval(doc, table.get(i).jq());
            JsonNode byJq = results.get(i);
            List<JsonNode> jqValues = new ArrayList<>();
            byJq.forEach(jqValues::add);
            assertThat(jqValues).as("jq %s (%s)", table.get(i).jq(), name).hasSameSizeAs(java);
            for (int k = 0; k < java.size(); k++) {
                assertThat(type(jqValues.get(k))).isEqualTo(type(java.get(k)));
                if (java.get(k).isNumber()) {
                    assertThat(jqValues.get(k).doubleValue()).isEqualTo(java.get(k).doubleValue());
                } else {
                    assertThat(jqValues.get(k).toString()).isEqualTo(java.get(k).toString());
                }
            }
        }
    }

    public static String resource(String name) throws IOException {
        try (InputStream in = Iperf3JsonTest.class.getResourceAsStream("/iperf3/json/" + name)) {
            assertThat(in).as("fixture iperf3/json/%s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
