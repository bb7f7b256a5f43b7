package dev.wirespeed.cli;

import dev.wirespeed.report.Iperf3Json;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.UdpResult;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code bw --json-format iperf3}: the result in iperf3 -J's shape (start/intervals/end) so jq and
 * Grafana queries written for iperf3 keep working (issue 29; docs/iperf3.md "iperf3's JSON shape").
 * A mixin of its own so that bw's other option groups stay as they are.
 */
final class JsonFormatOption {
    /** The JSON documents bw can print. */
    enum Shape {
        /** wirespeed's own schema (docs/json/bw.schema.json, udp.schema.json). */
        wirespeed,
        /** iperf3 -J's keys and nesting. */
        iperf3
    }

    @Option(names = "--json-format", paramLabel = "SHAPE",
            description = "JSON shape of the result: wirespeed (default; docs/json/bw.schema.json) or iperf3 "
                    + "(iperf3 -J's start/intervals/end, for existing jq and Grafana queries). Implies --json. "
                    + "Values: ${COMPLETION-CANDIDATES}.")
    Shape shape;

    boolean iperf3() {
        return shape == Shape.iperf3;
    }

    /**
     * Usage errors for what has no iperf3 shape; returns whether JSON is to be printed (the shape
     * implies --json: the first thing an iperf3 user pipes into jq is the whole document).
     */
    boolean check(CommandSpec spec, boolean json, boolean jsonStream, boolean rdma, boolean sweep) {
        if (shape == null) {
            return json;
        }
        if (jsonStream) {
            throw OptionRanges.usage(spec, "--json-format prints one document: not with --json-stream");
        }
        if (iperf3() && (rdma || sweep)) {
            throw OptionRanges.usage(spec, "--json-format iperf3 is the shape of a TCP or UDP bandwidth test: not with "
                    + (rdma ? "--rdma" : "-a"));
        }
        return true;
    }

    String render(BwResult result) {
        return iperf3() ? Json.pretty(Iperf3Json.of(result)) : Json.pretty(result);
    }

    String render(UdpResult result) {
        return iperf3() ? Json.pretty(Iperf3Json.of(result)) : Json.pretty(result);
    }
}
