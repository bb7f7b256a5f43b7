package dev.wirespeed.report;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.ServerOutput;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * --json-stream: one JSON object per line, {"event": NAME, "data": …}, with iperf3's event names
 * (iperf_api.c JSONStream_Output): "start" when connected, "interval" per report, "end" with the
 * result of --json, "error" on failure (written by {@code cli.Errors}).
 */
public final class JsonStream {
    private JsonStream() {}

    /** One event per line: the shared mapper without its indentation. */
    private static final tools.jackson.databind.ObjectWriter LINE =
            Json.MAPPER.writer().without(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    public static void event(PrintWriter out, String name, Object data) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        event.put("data", data);
        out.println(LINE.writeValueAsString(event));
        out.flush();
    }

    /**
     * --get-server-output: the server's report as its own event before "end", as iperf3 3.17+ writes
     * it (iperf_api.c, iperf_json_finish): "server_output_json" with an iperf3 -J server's
     * document, else "server_output_text" with the lines, each ending in a line feed.
     */
    public static void serverOutput(PrintWriter out, ServerOutput output) {
        if (output == null) {
            return;
        }
        if (output.json() != null) {
            event(out, "server_output_json", output.json());
        } else if (output.lines() != null) {
            StringBuilder text = new StringBuilder();
            output.lines().forEach(line -> text.append(line).append('\n'));
            event(out, "server_output_text", text.toString());
        }
    }

    /** "start": the server that answered and the test's parameters, as --json prints them. */
    public static void start(PrintWriter out, Object server, Object params) {
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("server", server);
        start.put("params", params);
        event(out, "start", start);
    }

    /**
     * Every mode's live events: "start" when connected, "interval" per report (a sweep's and lat's
     * reports are their rows: one per message size, as each size finishes).
     */
    public static <P, I> TestListener<P, I> listener(PrintWriter out) {
        return new TestListener<>() {
            @Override
            public void connected(BwResult.Peer server, P params) {
                start(out, server, params);
            }

            @Override
            public void interval(I report) {
                event(out, "interval", report);
            }
        };
    }
}
