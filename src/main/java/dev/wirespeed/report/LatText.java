package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.LatResult.LatStats;
import dev.wirespeed.results.Protocol;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Human output of a latency test: perftest's columns (one-way, microseconds), then 99.99 % and
 * the round trip's median and 99 %. Rows print as each size finishes; every figure comes from the
 * {@link LatResult} records that {@code --json} prints.
 */
public final class LatText {
    private static final String HEADER = String.format(Locale.ROOT,
            " %8s %11s %8s %9s %9s %8s %8s %8s %8s %8s  %9s %9s",
            "#bytes", "#iterations", "t_min", "t_max", "t_typical", "t_avg", "t_stdev", "99%", "99.9%", "99.99%",
            "RTT p50", "RTT p99");

    private final PrintWriter out;
    private boolean headerPrinted;
    private SweepProgress progress;
    private final java.util.function.LongSupplier clock;

    public LatText(PrintWriter out) {
        this(out, System::nanoTime);
    }

    /** @param clock nanoseconds for the sweep's progress (a fixed clock in golden tests) */
    public LatText(PrintWriter out, java.util.function.LongSupplier clock) {
        this.out = out;
        this.clock = clock;
    }

    public void header(BwResult.Peer server, LatResult.LatParams p) {
        out.println(BwText.connected(server));
        StringBuilder b = new StringBuilder();
        b.append(Protocol.of(p.protocol()).orElse(null) == Protocol.UDP ? "UDP ping-pong" : "TCP ping-pong (TCP_NODELAY)");
        b.append(p.busyPoll() ? ", busy-poll (both sides spin)" : ", blocking reads");
        if (p.iterations() != null) {
            b.append(", ").append(p.iterations()).append(" round trips");
        } else {
            b.append(", ").append(num(p.secondsPerSize())).append(" s");
        }
        b.append(p.sweep() ? " per size" : "").append(" after ").append(p.warmupIterations()).append(" warm-up");
        out.println(b);
        String placement = placement(p);
        if (placement != null) {
            out.println(placement);
        }
        out.println("one-way latency = RTT/2, usec (t_typical = median); RTT columns = full round trip, usec");
        if (p.sweep()) {
            progress = new SweepProgress(p.sizesBytes().size(), p.iterations() != null ? null : p.secondsPerSize(),
                    clock);
            out.println(progress.estimate());
        }
        out.flush();
    }

    public void row(LatRow r) {
        if (!headerPrinted) {
            out.println(HEADER);
            headerPrinted = true;
        }
        LatStats o = r.oneWayMicros();
        out.printf(Locale.ROOT, " %8d %11d %8.2f %9.2f %9.2f %8.2f %8.2f %8.2f %8.2f %8.2f  %9.2f %9.2f%s%s%n",
                r.sizeBytes(), r.iterations(), o.min(), o.max(), o.p50(), o.average(), o.stdev(), o.p99(), o.p999(),
                o.p9999(), r.roundTripMicros().p50(), r.roundTripMicros().p99(),
                r.lostPackets() != null && r.lostPackets() > 0 ? "  (" + r.lostPackets() + " lost)" : "",
                progress == null ? "" : "  " + progress.step());
        out.flush();
    }

    public void summary(LatResult result) {
        BwResult.Cpu cpu = result.cpu();
        if (cpu != null) {
            out.println("CPU, percent of one core: client " + cpu(cpu.client()) + " · server " + cpu(cpu.server()));
        }
        new CountersText(out).print(result.counters());
        LatResult.Fallbacks f = result.fallbacks();
        if (f != null) {
            for (List<String> side : java.util.Arrays.asList(f.client(), f.server())) {
                if (side != null) {
                    side.forEach(line -> out.println("note: " + line));
                }
            }
        }
        out.flush();
    }

    /** -A / -B as asked, one line; null when neither was given. */
    static String placement(LatResult.LatParams p) {
        List<String> parts = new java.util.ArrayList<>();
        if (p.clientCpu() != null) {
            parts.add("client on CPU " + p.clientCpu());
        }
        if (p.serverCpu() != null) {
            parts.add("server echo on CPU " + p.serverCpu());
        }
        if (p.bindAddress() != null) {
            parts.add("from " + p.bindAddress());
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    static String cpu(BwResult.CpuSide c) {
        if (c == null) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.1f %% (user %.1f, system %.1f)", c.totalPercent(), c.userPercent(),
                c.systemPercent());
    }

    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
