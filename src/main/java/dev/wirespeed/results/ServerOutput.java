package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.guard.PrintableTree;
import dev.wirespeed.wire.Message;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The server's own report of a test, asked for with {@code --get-server-output} (iperf3's option:
 * iperf_api.c sends {@code get_server_output} in the parameters, and the server answers with
 * {@code server_output_text}, the lines it printed for the test, or {@code server_output_json},
 * its whole -J document, in its results).
 *
 * <p>Every string came from a peer: each line is escaped by {@link Printable#line} and cut at
 * {@link #MAX_LINE_CHARS}, at most {@link #MAX_LINES} lines are kept (the rest are counted), and
 * a JSON document has every string escaped ({@link PrintableTree}).
 *
 * @param lines           the server's text lines for the test, as it printed them; null when it sent a document
 * @param json            an iperf3 server's -J document (server_output_json); null otherwise
 * @param linesLeftOut    lines past {@link #MAX_LINES} that were dropped; null when none were
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerOutput(List<String> lines, JsonNode json, Integer linesLeftOut) {
    /** More lines than a test's report has: its summary, the plane's notes, a warning or two. */
    public static final int MAX_LINES = Message.MAX_SERVER_OUTPUT_LINES;
    /** A server's line is shorter; a longer one is cut with a marker. */
    public static final int MAX_LINE_CHARS = Message.MAX_SERVER_OUTPUT_LINE_CHARS;

    /** A server's lines, sanitized and bounded; null when there are none (it did not send any). */
    public static ServerOutput ofLines(List<String> raw) {
        if (raw == null) {
            return null;
        }
        List<String> kept = new ArrayList<>(Math.min(raw.size(), MAX_LINES));
        for (String line : raw) {
            if (kept.size() == MAX_LINES) {
                break;
            }
            kept.add(Printable.of(line == null ? "" : line, MAX_LINE_CHARS));
        }
        return new ServerOutput(List.copyOf(kept), null, raw.size() > MAX_LINES ? raw.size() - MAX_LINES : null);
    }

    /** iperf3's server_output_text: the lines it printed, each ending in a line feed. */
    public static ServerOutput ofText(String text) {
        if (text == null) {
            return null;
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return ofLines(body.isEmpty() ? List.of() : List.of(body.split("\n", -1)));
    }

    /** iperf3's server_output_json: the server's -J document, every string escaped. */
    public static ServerOutput ofJson(JsonNode json) {
        return json == null ? null : new ServerOutput(null, PrintableTree.of(json.deepCopy()), null);
    }

    /**
     * The lines a terminal shows, as iperf3 prints them after its summary: "Server output:" and the
     * lines, or "Server JSON output:" and the document.
     */
    public List<String> text() {
        List<String> out = new ArrayList<>();
        if (json != null) {
            out.add("Server JSON output:");
            out.addAll(List.of(Json.pretty(json).split("\n")));
        } else {
            out.add("Server output:");
            out.addAll(lines == null ? List.of() : lines);
            if (linesLeftOut != null) {
                out.add("… " + linesLeftOut + " more line" + (linesLeftOut == 1 ? "" : "s") + " left out");
            }
        }
        return out;
    }
}
