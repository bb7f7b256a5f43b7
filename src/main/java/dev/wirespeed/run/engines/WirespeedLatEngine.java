package dev.wirespeed.run.engines;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.engine.lat.LatClientConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.run.Parsing;
import dev.wirespeed.run.PlanEngine;
import dev.wirespeed.run.Point;
import dev.wirespeed.run.PointParams;
import dev.wirespeed.run.RunContext;
import dev.wirespeed.store.Item;
import dev.wirespeed.wire.ModeBounds;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * wirespeed's own ping-pong latency test, in this process: size (one message size) or all (2 B …
 * 8 MiB, UDP … 32 KiB), udp, iterations per size (default 10000, 1000 with all) or duration (seconds
 * per size), warmup, busy_poll.
 * host "loopback" (the default) starts a server in-process on 127.0.0.1.
 */
public final class WirespeedLatEngine implements PlanEngine {
    private static final Set<String> PARAMS = Set.of("host", "port", "size", "all", "udp", "iterations", "duration",
            "warmup", "busy_poll");
    private static final int TIMEOUT_MILLIS = 5000;

    @Override
    public String name() {
        return "wirespeed-lat";
    }

    @Override
    public void check(PointParams p) {
        p.onlyKnown(PARAMS);
        p.word("host", null);
        p.integer("port", null, 1, 65535);
        sizes(p);
        p.integer("iterations", null, 1, 1_000_000_000);
        p.seconds("duration", null, 0.01, 3600);
        if (p.has("iterations") && p.has("duration")) {
            throw p.bad("duration", p.text("duration", ""), "absent when iterations is given (count or time, not both)");
        }
        p.integer("warmup", null, 0, 1_000_000_000);
        p.flag("busy_poll");
    }

    private static List<Integer> sizes(PointParams p) {
        boolean udp = p.flag("udp");
        int max = ModeBounds.maxLatencyBytes(udp);
        if (p.flag("all")) {
            if (p.has("size")) {
                throw p.bad("all", "true", "false when size is given (all sweeps every size)");
            }
            List<Integer> sizes = new ArrayList<>();
            for (long s = ModeBounds.MIN_LAT_BYTES; s <= max; s *= 2) {
                sizes.add((int) s);
            }
            return sizes;
        }
        return List.of((int) (long) p.size("size", 64L, ModeBounds.MIN_LAT_BYTES, max));
    }

    @Override
    public List<Program> programs(PointParams params) {
        return List.of();
    }

    @Override
    public String describe(PointParams p) {
        String host = p.text("host", "loopback");
        return "wirespeed lat " + (host.equals("loopback") ? "--loopback" : host + " -p " + p.text("port", "" + Wire.DEFAULT_PORT))
                + (p.flag("udp") ? " --udp" : "") + (p.flag("all") ? " -a" : " -s " + sizes(p).getFirst())
                + (p.has("duration") ? " -t " + p.text("duration", "") : " -n " + iterations(p))
                + (p.has("warmup") ? " --warmup " + p.text("warmup", "") : "")
                + (p.flag("busy_poll") ? " --busy-poll" : "");
    }

    /** Round trips per size; null when the plan gives a duration per size instead. */
    private static Long iterations(PointParams p) {
        if (p.has("duration")) {
            return null;
        }
        return (long) p.integer("iterations", p.flag("all") ? 1000 : 10_000, 1, 1_000_000_000);
    }

    @Override
    public Outcome run(Point point, RunContext context) throws IOException {
        PointParams p = new PointParams(point.params(), point.title());
        String host = p.text("host", "loopback");
        long warmup = p.integer("warmup", p.flag("all") ? 100 : 1000, 0, 1_000_000_000);
        LatResult result = TestCounters.noted(WirespeedBwEngine.<LatResult>onTarget(host, p.integer("port", Wire.DEFAULT_PORT, 1, 65535),
                (h, port) -> new LatClient(LatClientConfig.builder().host(h).port(port).udp(p.flag("udp"))
                        .sizesBytes(sizes(p)).iterations(iterations(p))
                        .secondsPerSize(p.seconds("duration", null, 0.01, 3600)).warmupIterations(warmup)
                        .busyPoll(p.flag("busy_poll")).connectTimeoutMillis(TIMEOUT_MILLIS)
                        .timeoutMillis(TIMEOUT_MILLIS)
                        .interrupted(context::stopped).build())
                        .run(TestListener.none())));
        if (!result.outcome().ok() && !context.stopped()) {
            return Outcome.failed("wirespeed lat: " + result.outcome().message());
        }
        Map<String, String> planParams = new LinkedHashMap<>(point.params());
        planParams.remove("port");
        Item item = new Item(Parsing.withPlan(Measurements.of(result), planParams, null), point.labels(), describe(p),
                "wirespeed-lat-json", Json.MAPPER.writeValueAsString(result), List.copyOf(point.gridValues().keySet()))
                .withPeer(WirespeedBwEngine.peer(result.server(), host));
        // Stopped: what was measured comes back with the error; the campaign keeps it as incomplete.
        return new Outcome(result.rows().isEmpty() ? List.of() : List.of(item), result.outcome().ok() ? null : "stopped");
    }
}
