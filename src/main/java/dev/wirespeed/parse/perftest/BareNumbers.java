package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Token;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * perftest run with --output=latency, bandwidth or message_rate prints no settings and no table,
 * only printf("%lf\n", value) per size (perftest_parameters.c print_report_lat, print_report_lat_duration,
 * print_full_bw_report): the mean latency in usec (perftest 2.x of 2014 printed the median there), the
 * average bandwidth in MB/sec (2^20 B/s) or, with --report_gbits, Gb/sec, or the message rate in Mpps.
 * A bare number means nothing without that command, so it is read only when the typed command shows
 * the option. The size is -s (default 65536 B for *_bw, 2 B for *_lat, always 8 B for atomics);
 * with -a perftest runs 2^1 … 2^23 B in order, one line each.
 *
 * <p>Without that command (issue 31 point 5: cloud documentation prints the figure under a heading), the
 * line just above the numbers may say what they are: a heading or note naming the perftest program
 * and the quantity ("ib_write_bw bandwidth, Gb/s:", "ib_send_lat latency (usec)"), or the command
 * itself inside prose. When the context names a perftest program but not the quantity or its unit
 * (a bandwidth heading without Gb/s or MB/s, a typed perftest command without --output), the number is
 * kept as an unlabelled figure ({@code output} null) rather than dropped.
 */
record BareNumbers(String output, String program, Long sizeBytes, boolean all, boolean gigabits, String context) {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+\\.\\d+");
    private static final Pattern PROGRAM = Pattern.compile("\\b(ib_(?:send|write|read|atomic)_(?:bw|lat))\\b");
    private static final Pattern GIGABITS = Pattern.compile("(?i)gb/s|gb/sec|gbit|gbps|report_gbit");
    private static final Pattern MEGABYTES = Pattern.compile("(?i)\\bmb/s|\\bmb/sec|\\bmib/s|mbytes");
    private static final Pattern MESSAGE_RATE = Pattern.compile("(?i)message[ _]rate|msg[ _]?rate|\\bmpps");
    private static final Pattern LATENCY = Pattern.compile("(?i)latency|\\busec|[µμ]s\\b");
    private static final Pattern BANDWIDTH = Pattern.compile("(?i)bandwidth|\\bbw\\b|throughput");
    /** A size the context states: "-s 4096", "--size=4096", "4096 B", "4096 bytes". */
    private static final Pattern SIZE = Pattern.compile("(?i)(?:-s\\s*|--size[= ])(\\d{1,12})\\b|\\b(\\d{1,12})[ -]?(?:B|bytes?)\\b");
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
        return new BareNumbers(output, c.program(), size, !atomic && c.has("-a", "--all"), gigabits, null);
    }

    /**
     * What the context of bare numbers at line {@code i} makes of them: the typed command with --output,
     * an unlabelled figure under a typed perftest command without it, or the heading just above (the
     * nearest non-blank line, one blank line allowed between); null when nothing names perftest.
     */
    static BareNumbers around(Lines in, int i) {
        BareNumbers typed = of(in.command());
        if (typed != null) {
            return typed;
        }
        Command c = in.command();
        if (c != null && PROGRAM.matcher(c.program()).matches()) {
            return new BareNumbers(null, c.program(), null, false, false, c.text());
        }
        int j = i - 1;
        while (j >= 0 && j >= i - 2 && in.blank(j)) {
            j--;
        }
        if (j < 0 || in.blank(j) || in.matches(NUMBER, j)) {
            return null;
        }
        return ofHeading(in.get(j));
    }

    /** The numbers a heading or note introduces; an unlabelled figure when it names perftest but not the quantity. */
    static BareNumbers ofHeading(String heading) {
        Matcher p = PROGRAM.matcher(heading);
        if (!p.find()) {
            return null;
        }
        String program = p.group(1);
        // The command inside the prose ("Bandwidth (ib_write_bw --report_gbits --output=bandwidth):").
        BareNumbers typed = of(Command.of(heading.substring(p.start()).replaceAll("[():,;`]", " ")));
        if (typed != null) {
            return new BareNumbers(typed.output, typed.program, typed.sizeBytes, typed.all, typed.gigabits, heading);
        }
        boolean latencyProgram = program.endsWith("_lat");
        boolean gigabits = GIGABITS.matcher(heading).find();
        String output;
        if (MESSAGE_RATE.matcher(heading).find()) {
            output = latencyProgram ? null : "message_rate";
        } else if (latencyProgram) {
            output = BANDWIDTH.matcher(heading).find() || gigabits ? null : "latency"; // a _lat program prints only latency
        } else if (LATENCY.matcher(heading).find()) {
            output = null; // a _bw program prints no latency: the heading is about something else
        } else {
            // bandwidth in MB/sec (2^20 B/s) or, with --report_gbits, Gb/sec: only the unit tells them apart
            output = gigabits != MEGABYTES.matcher(heading).find() ? "bandwidth" : null;
        }
        boolean atomic = program.startsWith("ib_atomic");
        Matcher m = SIZE.matcher(heading);
        Long size = atomic ? Long.valueOf(8) : m.find() ? Long.valueOf(m.group(1) != null ? m.group(1) : m.group(2))
                : latencyProgram ? Long.valueOf(2) : Long.valueOf(65536);
        return new BareNumbers(output, program, size, false, gigabits, heading);
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
        if (output == null) {
            int i = from;
            for (; i < in.size() && in.matches(NUMBER, i); i++) {
                b.use(i).add(new UnlabelledFigure(in.get(i), program, context, in.source(i)));
            }
            return b.done(i);
        }
        List<PerftestBwRow> bw = new ArrayList<>();
        List<PerftestLatRow> lat = new ArrayList<>();
        int i = from;
        for (int k = 0; i < in.size() && in.matches(NUMBER, i) && (!all || k < MAX_SIZE_EXPONENT); i++, k++) {
            String v = in.get(i);
            long size = all ? 1L << (k + 1) : sizeBytes;
            b.use(i);
            switch (output) {
                case "latency" -> lat.add(new PerftestLatRow(size, null, null, null, null,
                        Quantity.micros(UnitWords.number(v), v + " usec"), null, null, null, null, in.source(i)));
                case "bandwidth" -> bw.add(new PerftestBwRow(size, null, null,
                        PerftestParser.rate(UnitWords.number(v), gigabits ? "Gb/sec" : "MB/sec", v), null, in.source(i)));
                default -> bw.add(new PerftestBwRow(size, null, null, null,
                        Quantity.of(UnitWords.number(v) * 1e6, "1/s", v + " Mpps"), in.source(i)));
            }
        }
        bw.forEach(b::add);
        lat.forEach(b::add);
        // the program the context named (a heading's ib_write_bw), not a typed command of another tool
        String verb = PerftestParser.verb(null, Command.of(program));
        PerftestHeader none = new PerftestHeader(null, Token.inferred(verb), program.endsWith("_bw"), null, null, null, null, null, null,
                null, null, in.source(from));
        b.measurement(PerftestParser.measurement(none, verb, false, bw, lat));
        return b.done(i);
    }
}
