package dev.wirespeed.report;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.results.Measurement;
import java.io.PrintWriter;
import java.util.List;

/** The text of {@code bw --rdma} / {@code lat --rdma}: what runs where, perftest's own output, the result and the verdict. */
public final class RdmaText {
    private RdmaText() {}

    /** The first line: the program, who runs which side, its arguments. */
    public static void start(PrintWriter out, String program, String host, int port, boolean reverse, List<String> args) {
        out.println(reverse
                ? program + " from " + host + " (-R: this host runs the perftest server, " + host
                        + "'s wirespeed server on port " + port + " runs the client): " + String.join(" ", args)
                : program + " to " + host + " (its wirespeed server on port " + port
                        + " starts the perftest server): " + String.join(" ", args));
    }

    /**
     * perftest's output as it printed it, the result's headline and the verdict lines.
     *
     * @param verdict the result-vs-link findings; none: a line saying why there is no verdict
     */
    public static void result(PrintWriter out, String output, Measurement m, boolean bandwidth, List<Finding> verdict) {
        out.print(output.endsWith("\n") ? output : output + "\n");
        out.println("result: " + ResultsText.headline(m));
        if (verdict.isEmpty()) {
            out.println("verdict: " + (m.rows().isEmpty() && !bandwidth ? "latency measured"
                    : "no RDMA port on this host below the result's link ceiling (or none found to compare with)"));
        }
        for (Finding f : verdict) {
            out.println("verdict: " + f.message());
            if (f.fix() != null) {
                out.println("  fix: " + f.fix().action() + (f.fix().command() != null ? ": " + f.fix().command() : ""));
            }
        }
    }
}
