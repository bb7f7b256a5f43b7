package dev.wirespeed.cli;

import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwSweep;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.TestSpec;
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

    /**
     * --get-server-output: the server's report as its own event before "end", as iperf3 3.17+ writes
     * it (iperf_api.c, iperf_json_finish): "server_output_json" with an iperf3 -J server's
     * document, else "server_output_text" with the lines, each ending in a line feed.
     */
    static void serverOutput(PrintWriter out, ServerOutput output) {
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
    static void start(PrintWriter out, Object server, Object params) {
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("server", server);
        start.put("params", params);
        event(out, "start", start);
    }

    static BwClient.Listener listener(PrintWriter out) {
        return new BwClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, BwResult.BwParams params) {
                start(out, server, params);
            }

            @Override
            public void interval(BwResult.IntervalReport report) {
                event(out, "interval", report);
            }
        };
    }

    static UdpBwClient.Listener udpListener(PrintWriter out) {
        return new UdpBwClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, TestSpec spec) {
                start(out, server, spec);
            }

            @Override
            public void interval(UdpResult.UdpInterval interval) {
                event(out, "interval", interval);
            }
        };
    }

    /** A sweep's "interval" events are its rows: one per message size, as each size finishes. */
    static BwSweep.Listener sweepListener(PrintWriter out) {
        return new BwSweep.Listener() {
            @Override
            public void connected(BwResult.Peer server, BwSweepResult.SweepParams params) {
                start(out, server, params);
            }

            @Override
            public void row(BwSweepResult.SweepRow row) {
                event(out, "interval", row);
            }
        };
    }

    /** lat's "interval" events are its rows: one per message size, as each size finishes. */
    static LatClient.Listener latListener(PrintWriter out) {
        return new LatClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, LatResult.LatParams params) {
                start(out, server, params);
            }

            @Override
            public void row(LatResult.LatRow row) {
                event(out, "interval", row);
            }
        };
    }
}
