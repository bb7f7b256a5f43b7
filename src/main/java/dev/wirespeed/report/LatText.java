package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.LatResult.LatStats;
import dev.wirespeed.results.Protocol;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

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
    private final LongSupplier clock;

    public LatText(PrintWriter out) {
        this(out, System::nanoTime);
    }

    /** @param clock nanoseconds for the sweep's progress (a fixed clock in golden tests) */
    public LatText(PrintWriter out, LongSupplier clock) {
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
        String tail = tailNote(result.rows());
        if (tail != null) {
            out.println(tail);
        }
        BwResult.Cpu cpu = result.cpu();
        if (cpu != null) {
            out.println("CPU, percent of one core: client " + cpu(cpu.client()) + " · server " + cpu(cpu.server()));
        }
        String shared = SharingText.line(result.serverSharedWithTests(), SharingText.LATENCY);
        if (shared != null) {
            out.println(shared);
        }
        new CountersText(out).print(result.counters());
        LatResult.Fallbacks f = result.fallbacks();
        if (f != null) {
            for (List<String> side : Arrays.asList(f.client(), f.server())) {
                if (side != null) {
                    side.forEach(line -> out.println("note: " + line));
                }
            }
        }
        out.flush();
    }

    /** The tail columns and the share of round trips above each. */
    private static final String[] TAIL_NAMES = {"99%", "99.9%", "99.99%"};
    private static final double[] TAIL_ABOVE = {0.01, 0.001, 0.0001};
    /** Fewer samples above a percentile than this, and it is a rough figure (its error ~ 1/sqrt(n above)). */
    static final long FIRM_TAIL_SAMPLES = 1000;

    /**
     * A line ("tail: …") when tail columns rest on fewer than 1,000 round trips above them
     * ("99.9% and 99.99% rest on fewer than 1,000 samples above them: 100 and 10 of 100000 round
     * trips"), naming the columns that are just the maximum (under one sample above) and the -n
     * that would make the highest of them firm; null when every tail column is firm.
     */
    static String tailNote(List<LatRow> rows) {
        if (rows.isEmpty()) {
            return null;
        }
        long n = rows.stream().mapToLong(LatRow::iterations).min().orElse(0);
        if (n <= 0) {
            return null;
        }
        List<String> names = new ArrayList<>();
        List<String> counts = new ArrayList<>();
        List<String> maximum = new ArrayList<>();
        double highest = 0;
        for (int i = 0; i < TAIL_NAMES.length; i++) {
            double above = n * TAIL_ABOVE[i];
            if (above < FIRM_TAIL_SAMPLES) {
                names.add(TAIL_NAMES[i]);
                counts.add(new BigDecimal(above).round(new MathContext(2)).stripTrailingZeros()
                        .toPlainString());
                highest = TAIL_ABOVE[i];
                if (above < 1) {
                    maximum.add(TAIL_NAMES[i]);
                }
            }
        }
        if (names.isEmpty()) {
            return null;
        }
        String round = rows.size() > 1 && rows.stream().mapToLong(LatRow::iterations).distinct().count() > 1
                ? " round trips, in the size with fewest" : " round trips" + (rows.size() > 1 ? " per size" : "");
        return "tail: " + join(names) + (names.size() == 1 ? " rests" : " rest") + " on fewer than 1,000 samples above "
                + (names.size() == 1 ? "it" : "them") + " (" + join(counts) + " of " + n + round + "): rough figures"
                + (maximum.isEmpty() ? "" : "; " + join(maximum) + (maximum.size() == 1 ? " is" : " are")
                + " just the maximum") + "; -n " + Math.round(FIRM_TAIL_SAMPLES / highest) + " makes "
                + names.getLast() + " firm";
    }

    private static String join(List<String> items) {
        if (items.size() == 1) {
            return items.getFirst();
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    /** -A / -B as asked, one line; null when neither was given. */
    static String placement(LatResult.LatParams p) {
        List<String> parts = new ArrayList<>();
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
