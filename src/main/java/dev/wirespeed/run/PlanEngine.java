package dev.wirespeed.run;

import dev.wirespeed.store.Item;
import java.io.IOException;
import java.util.List;

/** Something a campaign can run: wirespeed's own tests, or an external tool whose output the explain parsers read. */
public interface PlanEngine {
    /** The name a plan uses ("iperf3", "perftest", "wirespeed-bw"). */
    String name();

    /** Checks a point's parameters (names and values); throws {@link PlanException}. */
    void check(PointParams params);

    /** External programs a point needs, with the Debian package that provides each. */
    List<Program> programs(PointParams params);

    /** What would run, for --dry-run: the client command line (and the server's, if the plan starts one). */
    String describe(PointParams params);

    /** Runs one point; never throws for a failed measurement — that is an {@link Outcome} with an error. */
    Outcome run(Point point, RunContext context) throws IOException, InterruptedException;

    /** A program on PATH (or an absolute path) and the Debian package that installs it. */
    record Program(String binary, String debianPackage) {}

    /** The results of a point, or why there are none. */
    record Outcome(List<Item> items, String error) {
        public static Outcome failed(String error) {
            return new Outcome(List.of(), error);
        }
    }
}
