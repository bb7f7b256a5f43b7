package dev.wirespeed.run.engines;

import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.run.Params;
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
    String defaultBinary(Params p) {
        return "iperf3";
    }

    @Override
    String debianPackage() {
        return "iperf3";
    }

    @Override
    void checkValues(Params p) {
        host(p);
        server(p);
        p.integer("streams", null, 1, 128);
        p.seconds("duration", null, 1, 86_400);
        p.seconds("omit", null, 0, 600);
        p.flag("reverse");
        p.flag("bidir");
        p.flag("udp");
        p.flag("zerocopy");
        p.size("length", null, 1, 1L << 30);
        p.size("window", null, 1024, 1L << 30);
        p.word("bitrate", null);
        p.word("congestion", null);
    }

    @Override
    List<String> clientArgs(Params p, String port) {
        List<String> a = new ArrayList<>(List.of("-c", host(p)));
        if (port != null) {
            a.addAll(List.of("-p", port));
        }
        a.add("-J");
        add(a, "-P", p.text("streams", null));
        add(a, "-t", p.text("duration", null));
        add(a, "-O", p.text("omit", null));
        add(a, "-l", p.text("length", null));
        add(a, "-w", p.text("window", null));
        add(a, "-b", p.text("bitrate", null));
        add(a, "-C", p.text("congestion", null));
        if (p.flag("reverse")) {
            a.add("-R");
        }
        if (p.flag("bidir")) {
            a.add("--bidir");
        }
        if (p.flag("udp")) {
            a.add("-u");
        }
        if (p.flag("zerocopy")) {
            a.add("-Z");
        }
        return a;
    }

    @Override
    List<String> serverArgs(Params p, String port) {
        return List.of("-s", "-1", "-B", host(p), "-p", port);
    }

    @Override
    double expectedSeconds(Params p) {
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

    static void add(List<String> args, String option, String value) {
        if (value != null) {
            args.add(option);
            args.add(value);
        }
    }
}
