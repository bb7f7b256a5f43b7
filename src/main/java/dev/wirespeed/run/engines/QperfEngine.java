package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.qperf.QperfParser;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * qperf HOST [-lp PORT] -t SEC [-m SIZE] -vu TEST; a server the plan starts is "qperf -lp PORT"
 * (qperf has no bind option: it listens on every address of this host until stopped).
 */
public final class QperfEngine extends ExternalEngine {
    private static final Pattern VERSION = Pattern.compile("qperf (\\S+)");
    private static final Pattern TEST = Pattern.compile("[a-z][a-z0-9_]*");

    @Override
    public String name() {
        return "qperf";
    }

    @Override
    Set<String> parameters() {
        return Set.of("host", "port", "server", "test", "size", "duration");
    }

    @Override
    String defaultBinary(PointParams p) {
        return "qperf";
    }

    @Override
    String debianPackage() {
        return "qperf";
    }

    @Override
    void checkValues(PointParams p) {
        host(p);
        server(p);
        String test = p.text("test", "tcp_bw");
        if (!TEST.matcher(test).matches()) {
            throw p.bad("test", test, "a qperf test name such as tcp_bw, tcp_lat, udp_bw, udp_lat, rc_rdma_write_bw");
        }
        p.size("size", null, 1, 1L << 30);
        p.seconds("duration", null, 1, 86_400);
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>(List.of(host(p)));
        if (port != null) {
            a.addAll(List.of("-lp", port));
        }
        option(a, "-t", p.text("duration", null));
        if (p.has("size")) {
            a.addAll(List.of("-m", Long.toString(p.size("size", null, 1, 1L << 30))));
        }
        a.add("-vu");
        a.add(p.text("test", "tcp_bw"));
        return a;
    }

    /** The port a running server of this tool listens on unless told otherwise. */
    @Override
    Integer defaultPort() {
        return 19765;
    }

    @Override
    List<String> serverArgs(PointParams p, String port) {
        return List.of("-lp", port);
    }

    @Override
    double expectedSeconds(PointParams p) {
        return p.seconds("duration", 2.0, 1, 86_400);
    }

    @Override
    Parser parser() {
        return new QperfParser();
    }

    @Override
    String rawFormat() {
        return "qperf-text";
    }

    @Override
    String version(String binary) {
        return askVersion(binary, List.of("--version"), VERSION);
    }
}
