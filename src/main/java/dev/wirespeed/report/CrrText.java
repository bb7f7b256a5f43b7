package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CrrResult;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Human output of a connection-rate test ({@code lat --connect}): transactions per second, each
 * phase's latency (microseconds) and the failures by kind. Every figure comes from the
 * {@link CrrResult} that {@code --json} prints.
 */
public final class CrrText {
    private final PrintWriter out;

    public CrrText(PrintWriter out) {
        this.out = out;
    }

    public void header(BwResult.Peer server, CrrResult.Params p) {
        out.println(BwText.connected(server));
        out.printf(Locale.ROOT, "TCP connection rate (as netperf TCP_CRR): %d stream%s, %s s; each transaction connects, "
                        + "sends %d B, reads %d B, closes%n", p.streams(), p.streams() == 1 ? "" : "s",
                num(p.durationSeconds()), p.requestBytes(), p.responseBytes());
        out.flush();
    }

    public void summary(CrrResult r) {
        out.printf(Locale.ROOT, "%d transactions in %.2f s: %s transactions/s%n", r.transactions(), r.seconds(),
                num(r.transactionsPerSecond()));
        out.printf(Locale.ROOT, "  %-12s %10s %10s %10s %10s   (usec)%n", "phase", "p50", "p99", "p99.9", "max");
        phase("connect", r.phases().connect());
        phase("first byte", r.phases().firstByte());
        phase("close", r.phases().close());
        phase("transaction", r.phases().transaction());
        CrrResult.Failures f = r.failures();
        if (f.total() == 0) {
            out.println("failures: none");
        } else {
            out.printf(Locale.ROOT, "failures: %d of %d attempts (refused %d, timed out %d, reset %d, closed early %d, "
                    + "other %d)%n", f.total(), r.connectAttempts(), f.refused(), f.timedOut(), f.reset(), f.closed(),
                    f.other());
        }
        out.flush();
    }

    private void phase(String name, CrrResult.Phase p) {
        out.printf(Locale.ROOT, "  %-12s %10.1f %10.1f %10.1f %10.1f%n", name, p.p50Micros(), p.p99Micros(),
                p.p999Micros(), p.maxMicros());
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
