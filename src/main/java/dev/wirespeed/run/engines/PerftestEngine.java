package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.perftest.PerftestProcess;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * perftest (Debian package perftest): ib_{write,read,send,atomic}_{bw,lat} with device (-d), ib_port
 * (-i), gid_index (-x, RoCE), size (-s) or all (-a), connection (-c RC/UC/UD/XRC/DC), iterations
 * (-n), duration (-D), qps (-q), mtu (-m), the exchange port (-p). A server the plan starts is
 * the same program without a host, on this machine; with server: running it already runs at host.
 * -F is always given: perftest otherwise refuses to run when the CPU frequency is not at its
 * maximum, and the parser records that warning instead. Bandwidth tests report in Gbit/s
 * (--report_gbit) so no MB/MiB question arises.
 */
public final class PerftestEngine extends ExternalEngine {
    static final List<String> TESTS = PerftestArgs.ALL;
    private static final Pattern WAITING = Pattern.compile(Pattern.quote(PerftestProcess.WAITING));
    private static final Pattern VERSION = Pattern.compile("Version:\\s*(\\S+)");

    @Override
    public String name() {
        return "perftest";
    }

    @Override
    Set<String> parameters() {
        return Set.of("test", "host", "port", "server", "device", "ib_port", "gid_index", "size", "all", "connection",
                "iterations", "duration", "qps", "mtu");
    }

    @Override
    String defaultBinary(PointParams p) {
        return p.text("test", "ib_write_bw");
    }

    @Override
    String debianPackage() {
        return "perftest";
    }

    @Override
    void checkValues(PointParams p) {
        p.choice("test", "ib_write_bw", TESTS.toArray(String[]::new));
        host(p);
        server(p);
        p.word("device", null);
        p.integer("ib_port", null, 1, 255);
        p.integer("gid_index", null, 0, 255);
        p.size("size", null, 1, 1L << 30);
        p.flag("all");
        if (p.has("size") && p.flag("all")) {
            throw p.bad("all", "true", "false when size is given (-a sweeps every size)");
        }
        p.choice("connection", null, "RC", "UC", "UD", "XRC", "DC", "SRD");
        p.integer("iterations", null, 5, 100_000_000);
        p.integer("duration", null, 1, 86_400);
        p.integer("qps", null, 1, 16_384);
        p.choice("mtu", null, "256", "512", "1024", "2048", "4096");
    }

    private static boolean bandwidth(PointParams p) {
        return p.text("test", "ib_write_bw").endsWith("_bw");
    }

    /** Options both sides must agree on. */
    private static List<String> common(PointParams p, String port) {
        List<String> a = new ArrayList<>();
        option(a, "-d", p.text("device", null));
        option(a, "-i", p.text("ib_port", null));
        option(a, "-x", p.text("gid_index", null));
        option(a, "-c", p.text("connection", null));
        if (p.has("size")) {
            a.addAll(List.of("-s", Long.toString(p.size("size", null, 1, 1L << 30))));
        }
        flag(a, p, "all", "-a");
        option(a, "-n", p.text("iterations", null));
        option(a, "-D", p.text("duration", null));
        option(a, "-q", p.text("qps", null));
        option(a, "-m", p.text("mtu", null));
        option(a, "-p", port);
        a.add("-F");
        if (bandwidth(p)) {
            a.add("--report_gbit");
        }
        return a;
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = common(p, port);
        a.add(host(p));
        return a;
    }

    /** The port a running server of this tool listens on unless told otherwise. */
    @Override
    Integer defaultPort() {
        return 18515;
    }

    @Override
    List<String> serverArgs(PointParams p, String port) {
        return common(p, port);
    }

    @Override
    Ready ready(PointParams p, int port) {
        return Ready.line(WAITING);
    }

    @Override
    double expectedSeconds(PointParams p) {
        Integer d = p.integer("duration", null, 1, 86_400);
        if (d != null) {
            return p.flag("all") ? 23.0 * d : d;
        }
        // -a runs 23 sizes (2 B … 8 MiB) of 1000 iterations: seconds on any working fabric.
        return p.flag("all") ? 120 : 20;
    }

    @Override
    Parser parser() {
        return new PerftestParser();
    }

    @Override
    String rawFormat() {
        return "perftest-text";
    }

    @Override
    String version(String binary) {
        return askVersion(binary, List.of("--version"), VERSION);
    }
}
