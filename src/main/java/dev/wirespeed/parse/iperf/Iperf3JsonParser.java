package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.JsonBlock;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * iperf3 {@code -J} output. Public entry points for other code (the iperf3 compatibility tests):
 * {@link #parse(String)} reads one document into an {@link Iperf3Result}, and
 * {@link #toMeasurement(Iperf3Result)} converts it to the common result model.
 *
 * <p>Members used (iperf3's iperf_api.c JSON): start.version, start.connecting_to (client) or
 * start.accepted_connection (server), start.test_start.{protocol, num_streams, reverse, duration},
 * end.sum_sent / end.sum_received (TCP), end.sum (UDP: jitter_ms, lost_packets, packets),
 * end.cpu_utilization_percent, intervals[].sum, error; with --bidir intervals[].sum_bidir_reverse and
 * end.sum_received_bidir_reverse. {@code --json-stream} (iperf3 3.17+: one {"event": "start" |
 * "interval" | "end" | "error", "data": …} object a line) is read as the document those events make.
 */
public final class Iperf3JsonParser extends BaseParser {

    public Iperf3JsonParser() {
        super("iperf3-json", "iperf3");
    }

    /** Reads one iperf3 -J document; IllegalArgumentException when it is not one. */
    public static Iperf3Result parse(String json) {
        JsonBlock block = JsonBlock.read(Lines.of(json), 0);
        if (block.node() == null || !block.node().isObject()
                || (block.node().get("start") == null && block.node().get("error") == null)) {
            throw new IllegalArgumentException("not an iperf3 -J document (expected an object with \"start\")");
        }
        return read(block.node(), new Source(1, Lines.of(json).size() == 0 ? "" : Lines.of(json).raw(0)));
    }

    /** The common model: receiver's rate and bytes, sender's retransmits, UDP loss and jitter. */
    public static Measurement toMeasurement(Iperf3Result r) {
        List<Metric> summary = new ArrayList<>();
        Double bps = r.receivedBitsPerSecond() != null ? r.receivedBitsPerSecond() : r.sentBitsPerSecond();
        Double bytes = r.receivedBytes() != null ? r.receivedBytes() : r.sentBytes();
        if (bps != null) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND, bps));
        }
        if (bytes != null) {
            summary.add(Metric.of(Metrics.BYTES, bytes));
        }
        if (r.durationSeconds() != null) {
            summary.add(Metric.of(Metrics.SECONDS, r.durationSeconds()));
        }
        r.intervals().stream().filter(i -> !i.omitted()).mapToDouble(Iperf3Result.Interval::bitsPerSecond).max()
                .ifPresent(p -> summary.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, p)));
        if (r.retransmits() != null) {
            summary.add(Metric.of(Metrics.RETRANSMITS, r.retransmits()));
        }
        if (r.lostPackets() != null && r.packets() != null) {
            summary.add(Metric.of(Metrics.LOST_PACKETS, r.lostPackets()));
            summary.add(Metric.of(Metrics.TOTAL_PACKETS, r.packets()));
            if (r.packets() > 0) {
                summary.add(Metric.of(Metrics.LOSS_PERCENT, 100.0 * r.lostPackets() / r.packets()));
            }
        }
        if (r.jitterMillis() != null) {
            summary.add(Metric.of(Metrics.JITTER_MICROS, r.jitterMillis() * 1000));
        }
        if (r.cpuHostPercent() != null) {
            summary.add(Metric.of("client".equals(r.role()) ? Metrics.CPU_CLIENT_PERCENT : Metrics.CPU_SERVER_PERCENT,
                    r.cpuHostPercent()));
        }
        if (r.cpuRemotePercent() != null) {
            summary.add(Metric.of("client".equals(r.role()) ? Metrics.CPU_SERVER_PERCENT : Metrics.CPU_CLIENT_PERCENT,
                    r.cpuRemotePercent()));
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (r.role() != null) {
            params.put("role", r.role());
        }
        if (r.streams() != null) {
            params.put("streams", r.streams().toString());
        }
        if (Boolean.TRUE.equals(r.reverse())) {
            params.put("direction", "reverse");
        }
        if (r.host() != null) {
            params.put("server", r.host());
        }
        if (r.port() != null) {
            params.put("port", r.port().toString());
        }
        List<Measurement.Interval> intervals = r.intervals().stream()
                .map(i -> new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(),
                        List.of(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()), Metric.of(Metrics.BYTES, i.bytes()))))
                .toList();
        String version = r.version() == null ? null : r.version().replaceFirst("^iperf\\s+", "");
        return new Measurement("iperf3", version, "UDP".equals(r.protocol()) ? Tests.UDP_BW : Tests.TCP_BW, params,
                summary, intervals, List.of(), "parsed");
    }

    /** A --json-stream line: {"event":"interval","data":{…}}. */
    private static final Pattern EVENT =
            Pattern.compile("\\{\\s*\"event\"\\s*:\\s*\"(start|interval|end|error|server_output_json)\".*");

    @Override
    public boolean startsAt(Lines in, int i) {
        if (!in.get(i).startsWith("{")) {
            return Iperf3JsonFragment.startsAt(in, i);
        }
        if (in.matches(EVENT, i)) {
            return true;
        }
        for (int k = i; k < Math.min(in.size(), i + 4); k++) {
            if (in.get(k).contains("\"start\"") || in.get(k).contains("\"connected\"")) {
                return true;
            }
        }
        return Iperf3JsonFragment.startsAt(in, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        if (in.matches(EVENT, from)) {
            return parseStream(in, from);
        }
        ParseBuilder b = builder(in, from);
        JsonBlock block = JsonBlock.read(in, from);
        if (block.node() == null || block.node().get("start") == null) {
            Iperf3ServerOutputText whole = Iperf3ServerOutputText.read(in, from);
            return whole == null ? fragment(in, from, b) : withServerText(in, from, b, whole);
        }
        for (int k = from; k < block.end(); k++) {
            b.use(k);
        }
        Iperf3Result r = read(block.node(), in.source(from));
        b.add(r).measurement(toMeasurement(r));
        printed(b, r, from, Iperf3JsonLeaves.ofText(block.text(), ""));
        return b.done(block.end());
    }

    /**
     * A whole document whose server_output_text the splitter decoded into lines: read as the document, up to that
     * member; the server's lines after it are left to the text reader, which reads them as the server's run.
     */
    private Parsed withServerText(Lines in, int from, ParseBuilder b, Iperf3ServerOutputText whole) {
        for (int k = from; k <= whole.memberLine(); k++) {
            b.use(k);
        }
        Iperf3Result r = read(whole.node(), in.source(from));
        b.add(r).measurement(toMeasurement(r));
        printed(b, r, from, Iperf3JsonLeaves.ofText(whole.text(), ""));
        b.note("the server's output of this test (server_output_text, --get-server-output) is read as the server's run");
        return b.done(whole.memberLine() + 1);
    }

    /**
     * A document pasted in part ({@link Iperf3JsonFragment}): what its intervals' and end's sums print; an end
     * that printed only its streams keeps each stream's figures as printed ("end.streams[0].sender.bytes").
     */
    private Parsed fragment(Lines in, int from, ParseBuilder b) {
        int to = Iperf3JsonFragment.end(in, from);
        ObjectNode doc = Iperf3JsonFragment.document(in, from, to);
        JsonNode end = doc.path("end");
        boolean sums = end.has("sum_sent") || end.has("sum_received") || end.has("sum");
        Iperf3Result r = read(doc, in.source(from));
        if (r.intervals().isEmpty() && !sums && !end.path("streams").isArray() && r.version() == null) {
            b.note("the JSON document is incomplete or invalid; nothing was read from it");
            return b.done(from);
        }
        for (int k = from; k < to; k++) {
            b.use(k);
        }
        b.add(r);
        printed(b, r, from, Iperf3JsonLeaves.ofTree(doc, ""));
        String streams = sums ? "" : streamRates(end.path("streams"));
        if (!r.intervals().isEmpty() || sums) {
            b.measurement(toMeasurement(r));
        }
        b.note("read from a part of an iperf3 -J document (its opening or end not pasted)"
                + (streams.isEmpty() ? "" : "; the end's streams, no sum: " + streams));
        return b.done(to);
    }

    /**
     * Every member of the document under its path of iperf3's names ({@link Iperf3JsonLeaves}), in the record's
     * "printed" map: "end.streams[0].sender.max_rtt" → "52".
     */
    private static void printed(ParseBuilder b, Iperf3Result r, int line, List<Map.Entry<String, String>> leaves) {
        leaves.forEach(e -> b.printed(r, line, e.getKey(), e.getValue()));
    }

    /** The end's per-stream rates when the paste shows no sum of them, for the note ("stream 1 sender 11.46 Gbit/s"). */
    private static String streamRates(JsonNode streams) {
        List<String> rates = new ArrayList<>();
        for (int k = 0; k < streams.size(); k++) {
            for (String side : List.of("sender", "receiver", "udp")) {
                JsonNode o = streams.get(k).path(side);
                if (o.path("bits_per_second").isNumber()) {
                    rates.add("stream " + (k + 1) + " " + side + " " + Rate.format(o.path("bits_per_second").asDouble()));
                }
            }
        }
        return String.join(", ", rates);
    }

    /** Consecutive --json-stream events, each one line, gathered into the -J document they stand for. */
    private Parsed parseStream(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode intervals = root.putArray("intervals");
        List<Map.Entry<String, String>> leaves = new ArrayList<>();
        int i = from;
        for (; i < in.size() && in.matches(EVENT, i); i++) {
            JsonBlock one = JsonBlock.read(Lines.of(in.get(i)), 0);
            if (one.node() == null || !one.node().isObject()) {
                break;
            }
            JsonNode data = one.node().path("data");
            String event = one.node().path("event").asString();
            String path = switch (event) {
                case "interval" -> "intervals[" + intervals.size() + "]";
                case "start", "end", "error", "server_output_json" -> event;
                default -> null;
            };
            if (path != null) {
                for (Map.Entry<String, String> e : Iperf3JsonLeaves.ofText(in.get(i), "")) {
                    String name = e.getKey();
                    if (name.equals("data") || name.startsWith("data.") || name.startsWith("data[")) {
                        leaves.add(Map.entry(path + name.substring("data".length()), e.getValue()));
                    }
                }
            }
            switch (event) {
                case "start" -> root.set("start", data);
                case "interval" -> intervals.add(data);
                case "end" -> root.set("end", data);
                case "error" -> root.set("error", data);
                default -> { }
            }
            b.use(i);
        }
        Iperf3Result r = read(root, in.source(from));
        b.add(r).measurement(toMeasurement(r));
        printed(b, r, from, leaves);
        return b.done(i);
    }

    static Iperf3Result read(JsonNode root, Source source) {
        JsonNode start = root.path("start");
        JsonNode test = start.path("test_start");
        JsonNode end = root.path("end");
        String protocol = text(test.path("protocol"));
        if (protocol == null && root.path("intervals").path(0).path("sum").has("packets")) {
            protocol = "UDP"; // a --json-stream paste without its start event: only UDP counts packets
        }
        String role = start.has("connecting_to") ? "client" : start.has("accepted_connection") ? "server" : null;
        JsonNode to = start.path("connecting_to");
        JsonNode sent = end.has("sum_sent") ? end.path("sum_sent") : end.path("sum");
        JsonNode received = end.has("sum_received") ? end.path("sum_received") : end.path("sum");
        JsonNode udp = end.path("sum");
        List<Iperf3Result.Interval> intervals = new ArrayList<>();
        for (JsonNode iv : root.path("intervals")) {
            JsonNode s = iv.path("sum");
            if (s.has("bits_per_second")) {
                intervals.add(new Iperf3Result.Interval(s.path("start").asDouble(), s.path("end").asDouble(),
                        s.path("bytes").asDouble(), s.path("bits_per_second").asDouble(), s.path("omitted").asBoolean(),
                        number(iv.path("sum_bidir_reverse").path("bits_per_second"))));
            }
        }
        JsonNode cpu = end.path("cpu_utilization_percent");
        return new Iperf3Result(text(start.path("version")), role, protocol, integer(test.path("num_streams")),
                test.has("reverse") ? test.path("reverse").asInt() != 0 : null, text(to.path("host")),
                integer(to.path("port")), number(received.path("seconds")), number(sent.path("bytes")),
                number(sent.path("bits_per_second")), number(received.path("bytes")),
                number(received.path("bits_per_second")), longOf(sent.path("retransmits")),
                "UDP".equals(protocol) ? number(udp.path("jitter_ms")) : null,
                "UDP".equals(protocol) ? longOf(udp.path("lost_packets")) : null,
                "UDP".equals(protocol) ? longOf(udp.path("packets")) : null,
                number((end.has("sum_received_bidir_reverse") ? end.path("sum_received_bidir_reverse")
                        : end.path("sum_bidir_reverse")).path("bits_per_second")),
                number(cpu.path("host_total")), number(cpu.path("remote_total")), intervals, text(root.path("error")),
                source);
    }

    private static String text(JsonNode n) {
        return n == null || n.isMissingNode() || n.isNull() ? null : n.asString();
    }

    private static Double number(JsonNode n) {
        return n == null || !n.isNumber() ? null : n.asDouble();
    }

    private static Integer integer(JsonNode n) {
        return n == null || !n.isNumber() ? null : n.asInt();
    }

    private static Long longOf(JsonNode n) {
        return n == null || !n.isNumber() ? null : n.asLong();
    }
}
