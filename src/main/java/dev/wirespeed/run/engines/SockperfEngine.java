package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.sockperf.SockperfParser;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** sockperf MODE -i HOST -p PORT -t SEC -m SIZE [--tcp] [--mps RATE]; server "sockperf sr -i HOST -p PORT". */
public final class SockperfEngine extends ExternalEngine {
    @Override
    public String name() {
        return "sockperf";
    }

    @Override
    Set<String> parameters() {
        return Set.of("host", "port", "server", "mode", "tcp", "size", "duration", "mps");
    }

    @Override
    String defaultBinary(PointParams p) {
        return "sockperf";
    }

    @Override
    String debianPackage() {
        return "sockperf";
    }

    @Override
    void checkValues(PointParams p) {
        host(p);
        server(p);
        mode(p);
        p.flag("tcp");
        p.size("size", null, 14, 65_000);
        p.integer("duration", null, 1, 86_400);
        p.word("mps", null);
    }

    private static String mode(PointParams p) {
        return p.choice("mode", "ping-pong", "ping-pong", "under-load", "throughput");
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>(List.of(mode(p), "-i", host(p)));
        option(a, "-p", port);
        option(a, "-t", p.text("duration", null));
        if (p.has("size")) {
            a.addAll(List.of("-m", Long.toString(p.size("size", null, 14, 65_000))));
        }
        option(a, "--mps", p.text("mps", null));
        flag(a, p, "tcp", "--tcp");
        return a;
    }

    /** The port a running server of this tool listens on unless told otherwise. */
    @Override
    Integer defaultPort() {
        return 11111;
    }

    @Override
    List<String> serverArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>(List.of("sr", "-i", host(p), "-p", port));
        flag(a, p, "tcp", "--tcp");
        return a;
    }

    @Override
    Ready ready(PointParams p, int port) {
        return Ready.port(port, !p.flag("tcp"));
    }

    @Override
    double expectedSeconds(PointParams p) {
        return p.integer("duration", 1, 1, 86_400);
    }

    @Override
    Parser parser() {
        return new SockperfParser();
    }

    @Override
    String rawFormat() {
        return "sockperf-text";
    }
}
