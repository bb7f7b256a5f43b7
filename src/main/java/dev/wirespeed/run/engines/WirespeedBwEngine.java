package dev.wirespeed.run.engines;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.server.Loopback;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.run.Parsing;
import dev.wirespeed.run.PlanEngine;
import dev.wirespeed.run.Point;
import dev.wirespeed.run.PointParams;
import dev.wirespeed.run.RunContext;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.Peer;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * wirespeed's own TCP bandwidth test, in this process: host "loopback" (the default) starts a
 * server in-process on 127.0.0.1, any other host is a running `wirespeed server`.
 */
public final class WirespeedBwEngine implements PlanEngine {
    private static final Set<String> PARAMS = Set.of("host", "port", "streams", "duration", "omit", "reverse", "bidir",
            "length", "window", "congestion", "mss", "nodelay");
    private static final int TIMEOUT_MILLIS = 5000;

    @Override
    public String name() {
        return "wirespeed-bw";
    }

    @Override
    public void check(PointParams p) {
        p.onlyKnown(PARAMS);
        spec(p);
        p.word("host", null);
        p.integer("port", null, 1, 65535);
    }

    static TestSpec spec(PointParams p) {
        boolean reverse = p.flag("reverse");
        boolean bidir = p.flag("bidir");
        if (reverse && bidir) {
            throw p.bad("reverse", "true", "false with bidir: true");
        }
        int streams = p.integer("streams", 1, 1, 128);
        double seconds = p.seconds("duration", 10.0, 0.1, 86_400);
        double omit = p.seconds("omit", 0.0, 0, 600);
        long length = p.size("length", (long) TestSpec.DEFAULT_TCP_BUFFER_BYTES, 1, TestSpec.MAX_BUFFER_BYTES);
        long window = p.size("window", 0L, 0, TestSpec.MAX_WINDOW_BYTES);
        int mss = p.integer("mss", 0, 0, 65535);
        Direction d = bidir ? Direction.BIDIR : reverse ? Direction.DOWNLOAD : Direction.UPLOAD;
        return TestSpec.tcpBandwidth().direction(d).streams(streams).durationMillis(Math.round(seconds * 1000))
                .omitMillis(Math.round(omit * 1000)).intervalMillis(1000).bufferBytes((int) length)
                .windowBytes((int) window).congestion(p.word("congestion", null)).mssBytes(mss)
                .noDelay(p.flag("nodelay")).build();
    }

    @Override
    public List<Program> programs(PointParams params) {
        return List.of();
    }

    /**
     * The command line of `wirespeed bw` that runs what this point runs: every parameter the plan
     * gives, spelled as the plan wrote it ("-l 8K"), so `results show` names exactly what ran.
     */
    @Override
    public String describe(PointParams p) {
        TestSpec s = spec(p);
        String host = p.text("host", "loopback");
        StringBuilder b = new StringBuilder("wirespeed bw ").append(host.equals("loopback") ? "--loopback"
                : host + " -p " + p.text("port", "" + Wire.DEFAULT_PORT));
        b.append(" -P ").append(s.streams()).append(" -t ").append(p.text("duration", "10"));
        if (p.has("omit")) {
            b.append(" -O ").append(p.text("omit", "0"));
        }
        if (s.direction() == Direction.DOWNLOAD) {
            b.append(" -R");
        } else if (s.direction() == Direction.BIDIR) {
            b.append(" --bidir");
        }
        if (p.has("length")) {
            b.append(" -l ").append(p.text("length", null));
        }
        if (p.has("window")) {
            b.append(" -w ").append(p.text("window", null));
        }
        if (p.has("congestion")) {
            b.append(" -C ").append(p.text("congestion", null));
        }
        if (p.has("mss")) {
            b.append(" -M ").append(p.text("mss", null));
        }
        if (p.flag("nodelay")) {
            b.append(" -N");
        }
        return b.toString();
    }

    @Override
    public Outcome run(Point point, RunContext context) throws IOException {
        PointParams p = new PointParams(point.params(), point.title());
        TestSpec spec = spec(p);
        String host = p.text("host", "loopback");
        BwResult result = TestCounters.noted(WirespeedBwEngine.<BwResult>onTarget(host, p.integer("port", Wire.DEFAULT_PORT, 1, 65535),
                (h, port) -> client(h, port, spec, context).run(TestListener.none())));
        if (!result.outcome().ok() && !context.stopped()) {
            return Outcome.failed("wirespeed bw: " + result.outcome().message());
        }
        Map<String, String> planParams = new LinkedHashMap<>(point.params());
        planParams.remove("port");
        String raw = Json.MAPPER.writeValueAsString(result);
        Peer peer = peer(result.server(), host);
        List<Item> items = Measurements.of(result).stream()
                .map(m -> new Item(Parsing.withPlan(m, planParams, null), point.labels(), describe(p),
                        "wirespeed-bw-json", raw, List.copyOf(point.gridValues().keySet())).withPeer(peer))
                .toList();
        // Stopped: what was measured comes back with the error; the campaign keeps it as incomplete.
        return new Outcome(items, result.outcome().ok() ? null : "stopped");
    }

    /**
     * The server a point ran against: an in-process loopback server served this point alone; a
     * running server does not say whether it served others at the same time.
     */
    static Peer peer(BwResult.Peer server, String host) {
        if (server == null) {
            return null;
        }
        return Peer.ofSoftware(server.address(), server.port(), server.software(),
                host.equals("loopback") ? Peer.SHARED_NO : Peer.SHARED_UNKNOWN);
    }

    /** Runs {@code test} against {@code host}, or against a server started in-process when host is "loopback". */
    static <T> T onTarget(String host, int port, Loopback.Test<T> test) throws IOException {
        boolean loopback = host.equals("loopback");
        return Loopback.orHost(loopback ? null : host, loopback ? 0 : port, test);
    }

    private static BwClient client(String host, int port, TestSpec spec, RunContext context) {
        return new BwClient(BwClientConfig.builder().host(host).port(port).spec(spec).streamsChosenBy("plan")
                .connectTimeoutMillis(TIMEOUT_MILLIS).handshakeTimeoutMillis(TIMEOUT_MILLIS)
                .interrupted(context::stopped).build());
    }

}
