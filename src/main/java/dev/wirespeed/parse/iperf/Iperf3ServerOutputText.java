package dev.wirespeed.parse.iperf;

import dev.wirespeed.guard.PrintableTree;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.results.Json;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * An iperf3 {@code -J --get-server-output} document whose last member, "server_output_text" (iperf_api.c: the
 * server's text output of the test, "Accepted connection from …\n[  5] local …\n"), the splitter decoded into lines
 * of their own so that the server's run is read (EscapedOutput). The document is whole: its opening brace, every
 * member before that one, the decoded lines, then the literal's closing quote and the document's closing brace.
 * Rebuilt here so that it is read as the whole document it is, not as a part whose opening or end was not pasted.
 *
 * @param text       the document with the server's lines put back into the member
 * @param node       its tree
 * @param memberLine index of the line holding {@code "server_output_text": "}; the decoded lines follow it
 */
record Iperf3ServerOutputText(String text, JsonNode node, int memberLine) {
    private static final Pattern MEMBER = Pattern.compile("\"server_output_text\"\\s*:\\s*\"?");
    /**
     * What is left of the member after the decoded lines: its closing quote, the document's closing brace (with a
     * label a tool put before each line, srun's " 0: ", when the splitter took it off the lines but not this one).
     */
    private static final Pattern CLOSE = Pattern.compile("\"|\"?\\s*}|.{0,8}\\s}");
    /** How far the server's lines may run before the close (a long -i 0.1 run prints many). */
    private static final int LONGEST = 5000;

    /** The document from line {@code from} ("{"), or null when it is not one of that shape. */
    static Iperf3ServerOutputText read(Lines in, int from) {
        int to = Iperf3JsonFragment.end(in, from);
        if (!in.get(from).strip().equals("{") || to <= from + 1 || to >= in.size() || !in.matches(MEMBER, to - 1)) {
            return null;
        }
        StringBuilder server = new StringBuilder();
        int close = to;
        while (close < in.size() && close < to + LONGEST && !in.matches(CLOSE, close)) {
            server.append(in.get(close)).append('\n');
            close++;
        }
        if (close >= in.size() || close == to + LONGEST) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (int k = from; k < to - 1; k++) {
            text.append(in.raw(k)).append('\n');
        }
        text.append("\"server_output_text\": ").append(Json.MAPPER.writeValueAsString(server.toString())).append("\n}\n");
        try {
            JsonNode node = PrintableTree.of(Json.MAPPER.readTree(text.toString()));
            return node.path("start").isObject() ? new Iperf3ServerOutputText(text.toString(), node, to - 1) : null;
        } catch (RuntimeException e) {
            return null; // a member before it cut or garbled: read as a part
        }
    }
}
