package dev.wirespeed.run;

import dev.wirespeed.parse.LogReader;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.Piece;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a tool's output with explain's parser for it, exactly as explain reads a pasted log. */
public final class Parsing {
    private Parsing() {}

    /** The measurements {@code parser} finds in {@code output}, read as if typed after "$ commandLine". */
    public static List<Measurement> measurements(Parser parser, String commandLine, String output) {
        List<Measurement> out = new ArrayList<>();
        for (Piece piece : new LogReader(List.of(parser)).read("$ " + commandLine + "\n" + output)) {
            for (Parsed p : piece.outputs()) {
                out.addAll(p.measurements());
            }
        }
        return out;
    }

    /**
     * The measurement with the plan's parameters added (they win over parsed ones of the same
     * name: the plan says what was asked) and the tool version filled in when the output lacked it.
     */
    public static Measurement withPlan(Measurement m, Map<String, String> planParams, String toolVersion) {
        Map<String, String> params = new LinkedHashMap<>(m.params());
        params.putAll(planParams);
        return new Measurement(m.tool(), m.toolVersion() != null ? m.toolVersion() : toolVersion, m.test(), params,
                m.summary(), m.intervals(), m.rows(), m.source());
    }
}
