package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.LenientJson;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.results.Json;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A piece of an iperf3 {@code -J} document pasted without the document around it (issue 31): the "intervals"
 * member with no opening brace (esnet/iperf#774), an excerpt that begins inside a stream object and ends at the
 * next interval (#1684), one interval object (#613), the "end" member cut inside its streams (#1491), or jq's
 * pick of the end's sums (#1784). The run of JSON lines is read leniently ({@link LenientJson}) and each piece
 * put where iperf3 prints it (iperf_api.c): an object holding "streams" and a "sum" is an interval, and so is a
 * bare sum with "omitted" (iperf3 writes "omitted" in every interval's sum and stream, never in the end's
 * sums); "sum_sent", "sum_received" and a "sum" without "omitted", or streams of "sender"/"receiver"/"udp"
 * objects, belong to "end". A stream object alone (its "socket", "snd_cwnd", "rtt", "pmtu") is one stream's
 * share, not the interval's sum: not read as one.
 */
final class Iperf3JsonFragment {
    private Iperf3JsonFragment() {}

    /** A line of pasted JSON: a member, an object's opening, or only brackets and commas. */
    private static final Pattern JSON_LINE = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"\\s*:.*|\\{.*|[\\[\\]{},\\s]+");
    /** An elision a paste put between the document's lines. */
    private static final Pattern ELISION = Pattern.compile("\\.\\.\\.|…");
    private static final Pattern RATE = Pattern.compile("\"bits_per_second\"\\s*:");
    /** How far a fragment's first line looks for iperf3's rate member. */
    private static final int LOOK_AHEAD = 120;
    /** Members only a stream object has, beside the sum's. */
    private static final List<String> STREAM_ONLY = List.of("socket", "snd_cwnd", "snd_wnd", "rtt", "rttvar", "pmtu");

    static boolean jsonLine(Lines in, int i) {
        return !in.blank(i) && in.matches(JSON_LINE, i);
    }

    /** Line i begins a run of JSON lines (the line before is none) that holds iperf3's "bits_per_second". */
    static boolean startsAt(Lines in, int i) {
        if (!jsonLine(in, i) || (i > 0 && jsonLine(in, i - 1))) {
            return false;
        }
        for (int k = i; k < Math.min(in.size(), i + LOOK_AHEAD) && (jsonLine(in, k) || in.matches(ELISION, k)); k++) {
            if (RATE.matcher(in.get(k)).find()) {
                return true;
            }
        }
        return false;
    }

    /** The index after the run of JSON lines from {@code from} (elisions inside it included). */
    static int end(Lines in, int from) {
        int k = from;
        while (k < in.size() && (jsonLine(in, k) || (k > from && in.matches(ELISION, k)))) {
            k++;
        }
        return k;
    }

    /** The -J document the pieces make: "intervals" and "end" as far as the paste printed them. */
    static ObjectNode document(Lines in, int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int k = from; k < to; k++) {
            if (!in.matches(ELISION, k)) {
                text.append(in.raw(k)).append('\n');
            }
        }
        ObjectNode doc = Json.MAPPER.createObjectNode();
        ArrayNode intervals = doc.putArray("intervals");
        ObjectNode end = Json.MAPPER.createObjectNode();
        for (JsonNode piece : LenientJson.read(text.toString())) {
            place(piece, doc, intervals, end);
        }
        if (!end.isEmpty()) {
            doc.set("end", end);
        }
        return doc;
    }

    private static void place(JsonNode piece, ObjectNode doc, ArrayNode intervals, ObjectNode end) {
        if (piece.isArray()) { // the inside of "intervals": [ … ] with its name cut away
            piece.forEach(p -> place(p, doc, intervals, end));
            return;
        }
        if (!piece.isObject()) {
            return;
        }
        if (piece.path("start").isObject()) {
            doc.set("start", piece.get("start"));
        }
        if (piece.path("intervals").isArray()) {
            piece.get("intervals").forEach(iv -> { if (iv.isObject()) intervals.add(iv); });
        }
        if (piece.path("end").isObject()) {
            end.setAll((ObjectNode) piece.get("end"));
        }
        if (piece.has("start") || piece.has("intervals") || piece.has("end")) {
            if (!piece.path("start").isObject() && !piece.path("intervals").isArray() && !piece.path("end").isObject()
                    && piece.has("bits_per_second")) {
                placeSum(piece, intervals); // "start": 0 is a sum's member, not the document's
            }
            return;
        }
        if (interval(piece)) {
            intervals.add(piece);
        } else if (piece.has("sum_sent") || piece.has("sum_received") || piece.has("sum") || endStreams(piece)) {
            end.setAll((ObjectNode) piece);
        } else if (piece.has("bits_per_second")) {
            placeSum(piece, intervals);
        }
    }

    /** A bare sum: an interval's when it carries "omitted" and no stream's own member; else not placed. */
    private static void placeSum(JsonNode sum, ArrayNode intervals) {
        if (sum.has("omitted") && STREAM_ONLY.stream().noneMatch(sum::has)) {
            ObjectNode iv = Json.MAPPER.createObjectNode();
            iv.set("sum", sum);
            intervals.add(iv);
        }
    }

    /** An interval object: its sum carries "omitted", or its streams are flat stream objects. */
    private static boolean interval(JsonNode piece) {
        if (!piece.has("sum") && !piece.has("streams")) {
            return false;
        }
        if (piece.has("sum_sent") || piece.has("sum_received") || endStreams(piece)) {
            return false;
        }
        JsonNode first = piece.path("streams").path(0);
        return piece.path("sum").has("omitted") || first.has("socket") || first.has("omitted");
    }

    /** The end's streams: each a "sender" and "receiver" object (TCP) or a "udp" one. */
    private static boolean endStreams(JsonNode piece) {
        JsonNode first = piece.path("streams").path(0);
        return first.path("sender").isObject() || first.path("receiver").isObject() || first.path("udp").isObject();
    }
}
