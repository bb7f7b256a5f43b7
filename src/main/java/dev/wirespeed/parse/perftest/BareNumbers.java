package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * perftest run with --output=latency, bandwidth or message_rate prints no settings and no table,
 * only printf("%lf\n", value) per size (perftest_parameters.c print_report_lat, print_report_lat_duration,
 * print_full_bw_report): the mean latency in usec (perftest 2.x of 2014 printed the median there), the
 * average bandwidth in MB/sec (2^20 B/s) or, with --report_gbits, Gb/sec, or the message rate in Mpps.
 * A bare number means nothing without that command, so it is read only when the typed command shows
 * the option. The size is -s (default 65536 B for *_bw, 2 B for *_lat, always 8 B for atomics);
 * with -a perftest runs 2^1 … 2^23 B in order, one line each.
 */
record BareNumbers(String output, String program, Long sizeBytes, boolean all, boolean gigabits) {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+\\.\\d+");
    /** perftest's -a loop: for (i = 1; i < 24; ++i) size = 1 << i. */
    private static final int MAX_SIZE_EXPONENT = 23;

    /** The reading the command asks for, or null when it is not a perftest run with --output. */
    static BareNumbers of(Command c) {
        if (c == null || !c.program().matches("ib_(send|write|read|atomic)_(bw|lat)")) {
            return null;
        }
        String output = option(c, "--output");
        if (output == null || !output.matches("latency|bandwidth|message_rate")) {
            return null;
        }
        boolean atomic = c.program().startsWith("ib_atomic");
        String s = atomic ? null : firstNonNull(c.after("-s"), option(c, "--size"));
        Long size = atomic ? Long.valueOf(8) : s != null && s.matches("\\d{1,12}") ? Long.valueOf(s)
                : c.program().endsWith("_bw") ? Long.valueOf(65536) : Long.valueOf(2);
        boolean gigabits = c.args().stream().anyMatch(a -> a.startsWith("--report_gbit"));
        return new BareNumbers(output, c.program(), size, !atomic && c.has("-a", "--all"), gigabits);
    }

    /** "--output=x" or "--output x" (getopt_long takes both). */
    private static String option(Command c, String name) {
        for (String a : c.args()) {
            if (a.startsWith(name + "=")) {
                return a.substring(name.length() + 1).toLowerCase(Locale.ROOT);
            }
        }
        String next = c.after(name);
        return next == null ? null : next.toLowerCase(Locale.ROOT);
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }

    Parsed parse(Lines in, int from, ParseBuilder b) {
        List<PerftestBwRow> bw = new ArrayList<>();
        List<PerftestLatRow> lat = new ArrayList<>();
        int i = from;
        for (int k = 0; i < in.size() && in.matches(NUMBER, i) && (!all || k < MAX_SIZE_EXPONENT); i++, k++) {
            String v = in.get(i);
            long size = all ? 1L << (k + 1) : sizeBytes;
            b.use(i);
            switch (output) {
                case "latency" -> lat.add(new PerftestLatRow(size, null, null, null, null,
                        Quantity.micros(Units.number(v), v + " usec"), null, null, null, null, in.source(i)));
                case "bandwidth" -> bw.add(new PerftestBwRow(size, null, null,
                        PerftestParser.rate(Units.number(v), gigabits ? "Gb/sec" : "MB/sec", v), null, in.source(i)));
                default -> bw.add(new PerftestBwRow(size, null, null, null,
                        Quantity.of(Units.number(v) * 1e6, "1/s", v + " Mpps"), in.source(i)));
            }
        }
        bw.forEach(b::add);
        lat.forEach(b::add);
        String verb = PerftestParser.verb(null, in.command());
        PerftestHeader none = new PerftestHeader(null, verb, program.endsWith("_bw"), null, null, null, null, null, null,
                null, null, in.source(from));
        b.measurement(PerftestParser.measurement(none, verb, false, bw, lat));
        return b.done(i);
    }
}
