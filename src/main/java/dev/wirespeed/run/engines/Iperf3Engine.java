package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** iperf3 -c … -J; a server the plan starts is iperf3 -s -1 bound to the host (one test, then it exits). */
public final class Iperf3Engine extends ExternalEngine {
    @Override
    public String name() {
        return "iperf3";
    }

    @Override
    Set<String> parameters() {
        return Set.of("host", "port", "server", "streams", "duration", "omit", "reverse", "bidir", "length", "window",
                "udp", "bitrate", "zerocopy", "congestion");
    }

    @Override
    String defaultBinary(PointParams p) {
        return "iperf3";
    }

    @Override
    String debianPackage() {
        return "iperf3";
    }

    @Override
    void checkValues(PointParams p) {
        checkCommon(p);
        p.seconds("omit", null, 0, 600);
        p.flag("bidir");
        p.flag("zerocopy");
        p.word("congestion", null);
    }

    /** The checks of what iperf 2 and iperf3 share (see {@link #commonClientArgs}). */
    static void checkCommon(PointParams p) {
        host(p);
        p.choice("server", "start", "start", "running");
        p.integer("streams", null, 1, 128);
        p.seconds("duration", null, 1, 86_400);
        p.flag("udp");
        p.flag("reverse");
        p.size("length", null, 1, 1L << 30);
        p.size("window", null, 1024, 1L << 30);
        p.word("bitrate", null);
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = commonClientArgs(p, port);
        a.add("-J");
        option(a, "-O", p.text("omit", null));
        option(a, "-C", p.text("congestion", null));
        flag(a, p, "bidir", "--bidir");
        flag(a, p, "zerocopy", "-Z");
        return a;
    }

    /** What iperf 2 and iperf3 spell alike: -c HOST [-p PORT] -P -t -l -w -b, -u, -R. */
    static List<String> commonClientArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>(List.of("-c", host(p)));
        option(a, "-p", port);
        option(a, "-P", p.text("streams", null));
        option(a, "-t", p.text("duration", null));
        option(a, "-l", p.text("length", null));
        option(a, "-w", p.text("window", null));
        option(a, "-b", p.text("bitrate", null));
        flag(a, p, "udp", "-u");
        flag(a, p, "reverse", "-R");
        return a;
    }

    /** The port a running server of this tool listens on unless told otherwise. */
    @Override
    Integer defaultPort() {
        return 5201;
    }

    @Override
    List<String> serverArgs(PointParams p, String port) {
        return List.of("-s", "-1", "-B", host(p), "-p", port);
    }

    @Override
    double expectedSeconds(PointParams p) {
        return p.seconds("duration", 10.0, 1, 86_400) + p.seconds("omit", 0.0, 0, 600);
    }

    @Override
    Parser parser() {
        return new Iperf3JsonParser();
    }

    @Override
    String rawFormat() {
        return "iperf3-json";
    }
}
