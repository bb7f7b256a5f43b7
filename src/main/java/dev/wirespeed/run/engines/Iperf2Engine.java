package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.iperf.Iperf2Parser;
import dev.wirespeed.run.PointParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** iperf 2 (Debian package iperf): client with -e (enhanced: retries, RTT) and 1 s intervals; server -s bound to the host. */
public final class Iperf2Engine extends ExternalEngine {
    private static final Pattern VERSION = Pattern.compile("iperf version (\\S+)");

    @Override
    public String name() {
        return "iperf2";
    }

    @Override
    Set<String> parameters() {
        return Set.of("host", "port", "server", "streams", "duration", "length", "window", "udp", "bitrate", "reverse");
    }

    @Override
    String defaultBinary(PointParams p) {
        return "iperf";
    }

    @Override
    String debianPackage() {
        return "iperf";
    }

    @Override
    void checkValues(PointParams p) {
        Iperf3Engine.checkCommon(p);
    }

    @Override
    List<String> clientArgs(PointParams p, String port) {
        List<String> a = Iperf3Engine.commonClientArgs(p, port);
        a.addAll(List.of("-i", "1", "-e"));
        return a;
    }

    /** The port a running server of this tool listens on unless told otherwise. */
    @Override
    Integer defaultPort() {
        return 5001;
    }

    @Override
    List<String> serverArgs(PointParams p, String port) {
        List<String> a = new ArrayList<>(List.of("-s", "-B", host(p), "-p", port));
        flag(a, p, "udp", "-u");
        return a;
    }

    @Override
    Ready ready(PointParams p, int port) {
        return Ready.port(port, p.flag("udp"));
    }

    @Override
    double expectedSeconds(PointParams p) {
        return p.seconds("duration", 10.0, 1, 86_400);
    }

    @Override
    Parser parser() {
        return new Iperf2Parser();
    }

    @Override
    String rawFormat() {
        return "iperf2-text";
    }

    @Override
    String version(String binary) {
        return askVersion(binary, List.of("-v"), VERSION);
    }
}
