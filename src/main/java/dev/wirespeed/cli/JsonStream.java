package dev.wirespeed.cli;

import dev.wirespeed.engine.BwClient;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * --json-stream: one JSON object per line, {"event": NAME, "data": …}, with iperf3's event names
 * (iperf_api.c JSONStream_Output): "start" when connected, "interval" per report, "end" with the
 * result of --json, "error" on failure (written by {@link Errors}).
 */
final class JsonStream {
    private JsonStream() {}

    /** One event per line: the shared mapper without its indentation. */
    private static final tools.jackson.databind.ObjectWriter LINE =
            Json.MAPPER.writer().without(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    static void event(PrintWriter out, String name, Object data) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        event.put("data", data);
        out.println(LINE.writeValueAsString(event));
        out.flush();
    }

    static BwClient.Listener listener(PrintWriter out) {
        return new BwClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, BwResult.BwParams params) {
                Map<String, Object> start = new LinkedHashMap<>();
                start.put("server", server);
                start.put("params", params);
                event(out, "start", start);
            }

            @Override
            public void interval(BwResult.IntervalReport report) {
                event(out, "interval", report);
            }
        };
    }
}
