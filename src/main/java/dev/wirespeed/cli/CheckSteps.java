package dev.wirespeed.cli;

import dev.wirespeed.check.HostCheck;
import dev.wirespeed.check.HostCheckListener;
import dev.wirespeed.report.DoctorText;
import dev.wirespeed.report.LimitsText;
import dev.wirespeed.units.Numbers;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * check's text between its steps ({@link HostCheck#run}): doctor's inventory and findings, the
 * limits, then for each test a line saying what runs and, on a terminal, a progress line while it does.
 */
final class CheckSteps implements HostCheckListener, AutoCloseable {
    private final PrintWriter out;
    private final String where;
    private final double seconds;
    private ProgressLine progress;

    /**
     * @param where   "loopback" or HOST
     * @param seconds the TCP test's -t
     */
    CheckSteps(PrintWriter out, String where, double seconds) {
        this.out = out;
        this.where = where;
        this.seconds = seconds;
    }

    @Override
    public void doctor(HostCheck.Doctor doctor) {
        DoctorText text = new DoctorText(out);
        text.inventory(doctor.facts());
        out.println();
        text.findings(doctor.report().findings());
        out.println();
    }

    @Override
    public void limits(HostCheck.Limits limits) {
        new LimitsText(out).print(limits.report());
        out.println();
    }

    @Override
    public void testing(HostCheck.Step step, int detail) {
        switch (step) {
            case TCP -> out.printf(Locale.ROOT, "check: TCP to %s, %d %s (%s), %s s…%n", where, detail,
                    detail == 1 ? "stream" : "streams", BwOptions.defaultStreamsRule(), Numbers.plain(seconds));
            case ZERO_COPY -> out.printf(Locale.ROOT, "check: CPU-bound below the ceiling; %d s with -Z --skip-rx-copy"
                    + " to see whether copies are the bottleneck…%n", detail);
            case UDP -> out.printf(Locale.ROOT, "check: UDP to %s, %d B datagrams, unpaced, %d s…%n", where, detail,
                    HostCheck.UDP_MILLIS / 1000);
        }
        out.flush();
        long startNanos = System.nanoTime();
        progress = ProgressLine.on(out, false);
        progress.show(() -> switch (step) {
            case TCP -> measuring(startNanos);
            case ZERO_COPY -> String.format(Locale.ROOT, "check: -Z --skip-rx-copy test, %.1f s…", since(startNanos));
            case UDP -> String.format(Locale.ROOT, "check: UDP test, %.1f s…", since(startNanos));
        });
    }

    @Override
    public void tested(HostCheck.Step step) {
        close();
    }

    /** "check: TCP test, 2.1 of 5 s…", then "check: 64 B latency ping-pong, 0.8 s…" (by the clock: the test says nothing). */
    private String measuring(long startNanos) {
        double elapsed = since(startNanos);
        if (elapsed <= seconds) {
            return String.format(Locale.ROOT, "check: TCP test, %.1f of %s s…", elapsed, Numbers.plain(seconds));
        }
        return String.format(Locale.ROOT, "check: TCP test done; 64 B latency ping-pong, %.1f s…", elapsed - seconds);
    }

    private static double since(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public void close() {
        if (progress != null) {
            progress.close();
            progress = null;
        }
    }
}
