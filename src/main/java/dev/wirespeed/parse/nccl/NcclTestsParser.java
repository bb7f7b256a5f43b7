package dev.wirespeed.parse.nccl;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nccl-tests ({@code all_reduce_perf}, {@code all_gather_perf} … from github.com/NVIDIA/nccl-tests):
 * the "# nThread … nGpus …" line, "#  Rank  0 Group  0 Pid 1887 on worker-1 device 0 [0x8d] …"
 * lines, the two-row header ("size count type redop root time algbw busbw #wrong …"), one row
 * per size, "# Out of bounds values : 0 OK" and "# Avg bus bandwidth : 92.3405". Rows are read
 * by the position of time/algbw/busbw: 13 columns (with "root", nccl-tests ≥ 2.10) or 12 (older
 * versions, and broadcast's "root" instead of "redop") or 11 (neither). mpirun's "[1,0]<stdout>:" tags are
 * removed; NCCL INFO/WARN lines inside the run are skipped. mscclpp-test prints the same table with "in-place"
 * first and leaves the half it did not run blank: such rows are read by where each value ends under the header.
 */
public final class NcclTestsParser extends BaseParser {
    private static final Pattern TAG = Pattern.compile("^\\[\\d+,\\d+]<std(?:out|err)>:");
    private static final Pattern THREADS = Pattern.compile("#?\\s*nThread \\d+ nGpus \\d+ .*");
    private static final Pattern START = Pattern.compile("#\\s*(?:nccl-tests version .*|Collective test starting: (\\S+).*)");
    private static final Pattern RANK = Pattern.compile("#?\\s*Rank\\s+(\\d+)((?: Group\\s+\\d+)? Pid\\s+\\d+ on\\s+(\\S+) device.*)");
    /** One setting of the "# nThread 1 nGpus 1 minBytes 8 … step: 2(factor) warmup iters: 5 …" line. */
    private static final Pattern SETTING = Pattern.compile("([A-Za-z]+(?: [A-Za-z]+)*?):?\\s+(-?\\d[\\w().]*)");
    /** The GPU after the device number and bus id: "device  0 [000f:01:00] NVIDIA GB10". */
    private static final Pattern GPU = Pattern.compile(".* device\\s+\\d+\\s+\\[[^\\]]*]\\s+(\\S.*)");
    private static final Pattern HEADER = Pattern.compile("#?\\s*size\\s+.*\\balgbw\\s+busbw.*");
    private static final Pattern ROW = Pattern.compile("\\d+\\s+\\d+\\s+[a-z]\\w*\\s+.*");
    /** A row under a header whose columns a user cut ("size time algbw busbw"): read by the header's names. */
    private static final Pattern ROW_ANY = Pattern.compile("\\d+(?:\\s+\\S+)+");
    private static final Pattern OOB = Pattern.compile("#?\\s*Out of bounds values\\s*:\\s*(\\d+)\\s*(OK|FAILED)?");
    private static final Pattern AVG = Pattern.compile("#?\\s*Avg bus bandwidth\\s*:\\s*([\\d.]+)\\s*");
    /** The line over the header naming its two halves; mscclpp-test prints "in-place" first. */
    private static final Pattern HALVES = Pattern.compile("#?\\s*(in-place|out-of-place)\\s+(?:in-place|out-of-place)\\s*");
    private static final Pattern TOKEN = Pattern.compile("\\S+");
    /**
     * nccl-tests prints a row's size, count, type, redop and root before it runs that size (common.cu), its
     * figures after: a run that fails or hangs there leaves the row cut ("524288  131072  float  sum  -1").
     */
    private static final Pattern CUT_ROW = Pattern.compile("(\\d+)\\s+(\\d+)\\s+([a-z]\\w*)(?:\\s+([a-z]\\w*))?(?:\\s+(-?\\d+))?");
    /** common.cu's failure lines: "Test CUDA failure common.cu:516 'an illegal memory access …'", "host: Test NCCL failure …". */
    private static final Pattern FAILURE = Pattern.compile("(?:\\S+: |\\.\\. \\S+ pid \\d+: )?(Test (?:NCCL |CUDA )?failure) (\\S.*)");
    private static final Pattern OTHER = Pattern.compile("#.*|\\S+:\\d+:\\d+ \\[\\d+] .*NCCL (?:INFO|WARN).*|NCCL version .*|rccl-tests: Version .*"
            + "|(?:RCCL|HIP|ROCm) version\\s*:?\\s.*|(?:Librccl path|Hostname)\\s*:\\s.*"
            + "|Blocking Enabled.*|Using devices|out-of-place\\s+in-place|\\(B\\)\\s+\\(elements\\).*");

    public NcclTestsParser() {
        super("nccl-tests", "all_reduce_perf", "all_gather_perf", "broadcast_perf", "reduce_perf",
                "reduce_scatter_perf", "alltoall_perf", "sendrecv_perf", "scatter_perf", "gather_perf",
                "hypercube_perf", "all_reduce_perf_mpi");
    }

    /** compiled once: reads() runs for every line a chunk tries (docs/PERFORMANCE.md, explain). */
    private static final Pattern PERF_BINARY = Pattern.compile(".*/?\\w+_perf(?:_mpi)?");

    @Override
    public boolean reads(Command c) {
        return c != null && (programs().contains(c.program())
                || c.args().stream().anyMatch(a -> PERF_BINARY.matcher(a).matches()));
    }

    private static String line(Lines in, int i) {
        return TAG.matcher(in.get(i)).replaceFirst("").strip();
    }

    private static boolean matches(Pattern p, Lines in, int i) {
        return i >= 0 && i < in.size() && p.matcher(line(in, i)).matches();
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return matches(THREADS, in, i) || matches(HEADER, in, i) || matches(START, in, i) || ranksBeforeTable(in, i)
                || (matches(ROW, in, i) && row(line(in, i).split("\\s+"), null) != null
                        && (matches(ROW, in, i + 1) || summaryFollows(in, i + 1)))
                || matches(CUT_ROW, in, i) && matches(FAILURE, in, i + 1); // a run that failed at its first size shown
    }

    /**
     * A row alone, then only NCCL INFO/WARN lines before "Out of bounds values"/"Avg bus bandwidth": the tail of a
     * second process's run printed after the first one's summary (NVIDIA/nccl-tests#182, two hosts run without MPI).
     */
    private static boolean summaryFollows(Lines in, int i) {
        for (int k = i; k < Math.min(in.size(), i + 20) && !in.blank(k); k++) {
            if (matches(OOB, in, k) || matches(AVG, in, k)) {
                return true;
            }
            if (!matches(OTHER, in, k) || line(in, k).startsWith("#")) {
                return false;
            }
        }
        return false;
    }

    /**
     * Line i is a rank line the paste begins with (its parameter line cut: coreweave/nccl-tests#43's "#  Rank
     * 71 Group 0 Pid 14840 on slurm-gb200-207-171 device 3 [0x01] NVIDIA Graphics Device"), and the table's
     * header follows after comment lines only.
     */
    private static boolean ranksBeforeTable(Lines in, int i) {
        if (!matches(RANK, in, i) || matches(RANK, in, i - 1)) {
            return false;
        }
        for (int k = i + 1; k < Math.min(in.size(), i + 300); k++) {
            if (matches(HEADER, in, k)) {
                return true;
            }
            if (in.blank(k) || !line(in, k).startsWith("#")) {
                return false;
            }
        }
        return false;
    }

    /**
     * Where the version the program printed begins: "# nccl-tests version 2.18.3 …", "NCCL version 2.18.3+cuda12.2",
     * rccl-tests' own line without '#' ("rccl-tests: Version develop:5272cd1", ROCm/rccl#2078; ":+" from a build
     * without git), kept as its colon splits it: "rccl-tests" → "Version develop:5272cd1". RCCL's own version line,
     * printed after the rank lines with NCCL_DEBUG=VERSION or INFO, with or without a colon ("RCCL version
     * 2.20.5+hip6.2 HEAD:d380693+", ROCm/rccl#1728; "RCCL version : 2.27.7-develop:29e1567" and the "HIP version",
     * "ROCm version", "Hostname", "Librccl path" lines newer RCCL prints under it) is kept under its name the same way.
     * With NCCL_DEBUG=INFO newer NCCL prints its version as one of its INFO lines, after the process's "host:pid:tid
     * [dev] NCCL INFO " ("test-nccl-worker-0:21:21 [0] NCCL INFO NCCL version 2.22.3+cuda12.2", an EKS launcher's log
     * under mpirun's tags, parse/nccl README): the same line after that head.
     */
    private static final Pattern VERSION_LINE = Pattern.compile(
            "(?:\\S+:\\d+:\\d+ \\[\\d+] NCCL INFO )?#?\\s*((?:nccl-tests|NCCL|RCCL|HIP|ROCm) version|rccl-tests(?=: Version)|Librccl path|Hostname(?=\\s+:))\\s*:?\\s+(\\S.*)");
    /** The line nccl-tests prints after a run's summary ("# Collective test concluded: all_reduce_perf"), naming its test. */
    private static final Pattern CONCLUDED = Pattern.compile("#\\s*Collective test concluded:\\s*(\\S+)\\s*");

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String test = testName(in.command());
        if (test == null) {
            test = namedBefore(in, from);
        }
        Set<String> hosts = new LinkedHashSet<>();
        List<String> gpus = new ArrayList<>();
        int ranks = 0;
        List<NcclRow> rows = new ArrayList<>();
        Double avg = null;
        Integer oob = null;
        List<Integer> summaryLines = new ArrayList<>();
        boolean seenTable = false;
        String[] columns = null;
        String headerText = null; // the header as printed (tags removed, not stripped): where its columns end
        boolean inPlaceFirst = false;
        int i = from;
        for (; i < in.size(); i++) {
            String s = line(in, i);
            if (s.isEmpty()) { // blank, or only mpirun's tag ("[1,0]<stdout>:" on an empty line)
                continue;
            }
            Matcher m;
            if (ranks > 0 && (START.matcher(s).matches() || THREADS.matcher(s).matches())) {
                // the head of the next run after this one's rank lines (a run that failed before its table, then a
                // rerun: nccl-tests#369); two processes' heads printed before either's ranks stay one run (#213)
                break;
            }
            if ((m = START.matcher(s)).matches()) {
                test = m.group(1) != null ? m.group(1) : test;
                b.use(i);
                version(b, i, s);
            } else if ((m = RANK.matcher(s)).matches()) {
                ranks++;
                hosts.add(m.group(3));
                Matcher gpu = GPU.matcher(m.group(2));
                if (gpu.matches()) {
                    gpus.add(gpu.group(1).strip());
                }
                b.use(i).printed(i, "Rank " + m.group(1), m.group(2).strip());
            } else if ((m = OOB.matcher(s)).matches()) {
                oob = UnitWords.integer(m.group(1));
                b.use(i);
                summaryLines.add(i);
            } else if ((m = AVG.matcher(s)).matches()) {
                avg = UnitWords.number(m.group(1));
                b.use(i);
                summaryLines.add(i);
                i++;
                if (i < in.size() && line(in, i).equals("#")) {
                    b.use(i++); // the lone "#" nccl-tests prints after the summary
                }
                Matcher concluded = i < in.size() ? CONCLUDED.matcher(line(in, i)) : null;
                if (concluded != null && concluded.matches()) {
                    // 2.x names the test again after the summary: the name of a run pasted from its table on
                    test = test != null ? test : concluded.group(1);
                    b.use(i++);
                    if (i < in.size() && line(in, i).equals("#")) {
                        b.use(i++);
                    }
                }
                break; // the last line of a run
            } else if (HEADER.matcher(s).matches() || THREADS.matcher(s).matches()) {
                if (THREADS.matcher(s).matches()) {
                    Matcher setting = SETTING.matcher(s.replaceFirst("^#\\s*", ""));
                    while (setting.find()) {
                        b.printed(i, setting.group(1).strip(), setting.group(2));
                    }
                }
                if (HEADER.matcher(s).matches()) {
                    seenTable = true;
                    columns = s.replaceFirst("^#\\s*", "").split("\\s+");
                    headerText = TAG.matcher(in.raw(i)).replaceFirst("");
                    // the halves' names sit on the line above the header, which a run read from the header on did not pass
                    Matcher halves = i > 0 ? HALVES.matcher(line(in, i - 1)) : null;
                    if (halves != null && halves.matches()) {
                        inPlaceFirst = halves.group(1).equals("in-place");
                    }
                }
                b.use(i);
            } else if (ROW.matcher(s).matches() || (columns != null && ROW_ANY.matcher(s).matches())) {
                String[] t = s.split("\\s+");
                NcclRow r = row(t, in.source(i));
                if (r == null && columns != null) {
                    r = byName(columns, t, in.source(i));
                }
                if (r == null && headerText != null) {
                    r = byPosition(headerText, TAG.matcher(in.raw(i)).replaceFirst(""), inPlaceFirst, in.source(i));
                }
                Matcher cut = CUT_ROW.matcher(s);
                if (r == null && cut.matches() && !matches(ROW, in, next(in, i))) {
                    r = new NcclRow(Long.parseLong(cut.group(1)), cut.group(3), cut.group(4), null, null, null, null, null, null,
                            null, null, in.source(i)); // the last row, cut where the run stopped: what was printed
                    b.printed(r, i, "count", cut.group(2));
                }
                if (r == null) {
                    break;
                }
                rows.add(r);
                b.add(r).use(i);
                seenTable = true;
            } else if ((m = FAILURE.matcher(s)).matches() && seenTable) {
                b.use(i).printed(i, m.group(1), m.group(2)); // why the run stopped, as common.cu printed it
            } else if (OTHER.matcher(s).matches()) {
                b.use(i);
                version(b, i, s);
                if ((m = HALVES.matcher(s)).matches()) {
                    inPlaceFirst = m.group(1).equals("in-place");
                }
            } else if (seenTable) {
                break;
            }
        }
        Double peak = rows.stream().map(NcclRow::bestBusbwGBps).filter(Objects::nonNull)
                .max(Double::compare).orElse(null);
        // a run cut before its first row, or one that failed after its head, still names its ranks and GPUs
        // (nebius/soperator#428's 16 ranks on two workers, nccl-tests#131's two GPUs then NCCL INFO lines)
        if (!rows.isEmpty() || avg != null || ranks > 0) {
            NcclSummary summary = new NcclSummary(test, ranks, new ArrayList<>(hosts), rows.size(), peak, avg, oob,
                    in.source(from), gpus);
            b.add(summary);
            for (int k : summaryLines) { // "Out of bounds values : 0 OK", "Avg bus bandwidth : …": the run's, not the last row's
                String[] kv = line(in, k).replaceFirst("^#\\s*", "").split("\\s*:\\s*", 2);
                b.printed(summary, k, kv[0], kv[1].strip());
            }
        }
        return b.done(i);
    }

    /** The next line that is not blank, or the end. */
    private static int next(Lines in, int i) {
        int k = i + 1;
        while (k < in.size() && line(in, k).isEmpty()) {
            k++;
        }
        return k;
    }

    /** Keeps a version line as printed ("nccl-tests version" → "2.18.3 nccl-headers=22809 …"). */
    private static void version(ParseBuilder b, int i, String s) {
        Matcher v = VERSION_LINE.matcher(s);
        if (v.matches()) {
            b.printed(i, v.group(1), v.group(2).strip());
        }
    }

    /** A row by its column count; null when it has another shape or unreadable numbers. */
    static NcclRow row(String[] t, Source src) {
        int base;
        String redop;
        if (t.length == 13) {
            base = 5;
            redop = t[3];
        } else if (t.length == 12) {
            base = 4;
            redop = t[3].matches("-?\\d+") ? null : t[3];
        } else if (t.length == 11) {
            base = 3; // neither redop nor root: all_gather/alltoall, and older versions' tables ("0e+00" errors)
            redop = null;
        } else {
            return null;
        }
        double size = UnitWords.number(t[0]);
        if (Double.isNaN(size)) {
            return null;
        }
        Double time = num(t[base]);
        Double algbw = num(t[base + 1]);
        Double busbw = num(t[base + 2]);
        if (time == null || algbw == null || busbw == null) {
            return null;
        }
        return new NcclRow((long) size, t[2], redop, time, algbw, busbw, t[base + 3], num(t[base + 4]), num(t[base + 5]),
                num(t[base + 6]), t[base + 7], src);
    }

    /**
     * A row read by the header's column names: the first time/algbw/busbw are out-of-place, the
     * second in-place (nccl-tests prints both under one header line); null when the counts differ.
     */
    static NcclRow byName(String[] columns, String[] t, Source src) {
        if (columns.length != t.length) {
            return null;
        }
        Integer size = null;
        String type = null;
        String redop = null;
        List<String> wrongs = new ArrayList<>(); // out-of-place, then in-place
        List<Double> times = new ArrayList<>();
        List<Double> algbws = new ArrayList<>();
        List<Double> busbws = new ArrayList<>();
        for (int k = 0; k < t.length; k++) {
            switch (columns[k]) {
                case "size" -> size = k;
                case "type" -> type = t[k];
                case "redop" -> redop = t[k];
                case "time" -> times.add(num(t[k]));
                case "algbw" -> algbws.add(num(t[k]));
                case "busbw" -> busbws.add(num(t[k]));
                case "#wrong", "error" -> wrongs.add(t[k]);
                default -> { }
            }
        }
        if (size == null || busbws.isEmpty() || busbws.getFirst() == null || Double.isNaN(UnitWords.number(t[size]))) {
            return null;
        }
        return new NcclRow((long) UnitWords.number(t[size]), type, redop, at(times, 0), at(algbws, 0), busbws.getFirst(),
                at(wrongs, 0), at(times, 1), at(algbws, 1), at(busbws, 1), at(wrongs, 1), src);
    }

    /**
     * A row with blank cells (mscclpp-test prints only the half it ran, the other left as spaces): each
     * value belongs to the header column whose right edge is nearest to its own, as printf's right-aligned
     * fields put them; null when a value lands nowhere near a column, or two on one.
     */
    static NcclRow byPosition(String header, String row, boolean inPlaceFirst, Source src) {
        List<String> names = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        Matcher h = TOKEN.matcher(header);
        while (h.find()) {
            if (!h.group().equals("#")) { // "#" opens the header; "#wrong" is a column's name
                names.add(names.isEmpty() && h.group().startsWith("#size") ? "size" : h.group());
                ends.add(h.end());
            }
        }
        String[] cells = new String[names.size()];
        Matcher v = TOKEN.matcher(row);
        while (v.find()) {
            int best = -1;
            for (int k = 0; k < ends.size(); k++) {
                if (best < 0 || Math.abs(ends.get(k) - v.end()) < Math.abs(ends.get(best) - v.end())) {
                    best = k;
                }
            }
            if (best < 0 || Math.abs(ends.get(best) - v.end()) > 2 || cells[best] != null) {
                return null;
            }
            cells[best] = v.group();
        }
        Integer size = null;
        String type = null;
        String redop = null;
        String[] wrongs = new String[2]; // the first and the second half's
        int wrongsSeen = 0;
        Double[][] halves = new Double[2][3]; // time, algbw, busbw of the first and the second half
        int[] seen = new int[3];
        for (int k = 0; k < names.size(); k++) {
            int column = switch (names.get(k)) {
                case "time" -> 0;
                case "algbw" -> 1;
                case "busbw" -> 2;
                default -> -1;
            };
            if (column >= 0) {
                if (seen[column] < 2) {
                    halves[seen[column]++][column] = cells[k] == null ? null : num(cells[k]);
                }
                continue;
            }
            switch (names.get(k)) {
                case "size" -> size = cells[k] == null ? null : k;
                case "type" -> type = cells[k];
                case "redop" -> redop = cells[k];
                case "#wrong", "error" -> {
                    if (wrongsSeen < 2) {
                        wrongs[wrongsSeen++] = cells[k];
                    }
                }
                default -> { }
            }
        }
        Double[] outOfPlace = halves[inPlaceFirst ? 1 : 0];
        Double[] inPlace = halves[inPlaceFirst ? 0 : 1];
        if (size == null || Double.isNaN(UnitWords.number(cells[size])) || outOfPlace[2] == null && inPlace[2] == null) {
            return null;
        }
        return new NcclRow((long) UnitWords.number(cells[size]), type, redop, outOfPlace[0], outOfPlace[1], outOfPlace[2],
                wrongs[inPlaceFirst ? 1 : 0], inPlace[0], inPlace[1], inPlace[2], wrongs[inPlaceFirst ? 0 : 1], src);
    }

    private static <T> T at(List<T> values, int k) {
        return k < values.size() ? values.get(k) : null;
    }

    private static Double num(String s) {
        double v = UnitWords.number(s);
        return Double.isNaN(v) ? null : v;
    }

    private static final Pattern PERF_PROGRAM = Pattern.compile("(?:^|.*[/\\s])(\\w+_perf(?:_mpi)?)(?:\\s.*)?");
    /** How far above a table a command pasted without a prompt (a code block of mpirun lines) is looked for. */
    private static final int COMMAND_LOOKBACK = 15;

    /** The *_perf program of a command pasted without a prompt in the lines just above the run. */
    private static String namedBefore(Lines in, int from) {
        for (int k = from - 1; k >= 0 && k >= from - COMMAND_LOOKBACK; k--) {
            Matcher m = PERF_PROGRAM.matcher(in.get(k).strip());
            if (m.matches()) {
                return m.group(1);
            }
        }
        return null;
    }

    private static String testName(Command c) {
        if (c == null) {
            return null;
        }
        if (c.program().endsWith("_perf") || c.program().endsWith("_perf_mpi")) {
            return c.program();
        }
        return c.args().stream().filter(a -> a.matches(".*/?\\w+_perf(?:_mpi)?")).map(a -> a.substring(a.lastIndexOf('/') + 1))
                .findFirst().orElse(null);
    }
}
