package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.ResultMetrics;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Token;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.perftest.PerftestColumns.Column;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * perftest ib_{send,write,read,atomic}_{bw,lat}: the settings block ("Send BW Test", "Connection
 * type : UD", RoCE "GID index" and "GID:" lines), then the table. Bandwidth in "MB/sec" is
 * 2^20 B/s, with --report_gbit "Gb/sec" is 10^9 bit/s (perftest_resources.c format_factor);
 * MsgRate is in Mpps; latencies in usec. Single size or -a sweep; the CPU frequency warning
 * may appear anywhere, even inside the table. perftest 1.x (old OFED) prints "Inline data is
 * used up to N bytes message", "Mtu : 2048" and a bandwidth table without the MsgRate column.
 */
public final class PerftestParser extends BaseParser {
    /** "RDMA_Write BW Test", with -b "RDMA_Write Bidirectional BW Test", with -l "RDMA_Write Post List BW Test". */
    private static final Pattern TITLE = Pattern.compile(
            "(Send|RDMA[_ ]Write|RDMA[_ ]Read|Atomic(?:\\s+\\w+)?)\\s+(?:(?:Bidirectional|Post List)\\s+)?(BW|Latency) Test");
    /**
     * --use_cuda (cuda_memory.c) and --use_rocm (rocm_memory.c): the GPU buffer's setup before the
     * settings and its release after the table; "device name = [NVIDIA A40]" or "Using ROCm Device with
     * ID: 1, Name: AMD Instinct MI355X, PCI Bus ID: …" names the GPU. AMD's perftest build also stamps
     * the run ("Connected: DATE" before, "Completed: DATE" and "Total run time: 98.662s" after).
     */
    private static final Pattern CUDA = Pattern.compile(
            "initializing CUDA|Listing all CUDA devices in system:|CUDA device \\d+: PCIe address is .*|Picking device No\\. \\d+"
                    + "|Using ROCm Device with ID: \\d+, Name: (.+?), PCI Bus ID: .*|allocated \\d+ bytes of GPU buffer at \\S+"
                    + "|(?:Connected|Completed): \\w{3} \\w{3} +\\d+ [\\d:]+ \\d{4}|Total run time: [\\d.]+s"
                    + "|(?:\\[pid = \\d+, dev = \\d+\\] )?device name = \\[(.*)\\]|creating CUDA Ctx|making it the current CUDA Ctx"
                    + "|CUDA device integrated: \\d+|cuMemAlloc\\(\\) of a \\d+ bytes GPU buffer|allocated GPU buffer address at .*"
                    + "|deallocating (?:RX )?GPU buffer.*|destroying current CUDA Ctx|Got PCIe address of: .*"
                    + "|Perftest doesn't supports? CUDA tests with inline messages.*|Changing to active mtu.*");
    /**
     * perftest's notices before its banner when the send queue it asked for is too deep for the inline size
     * (perftest_resources.c: "Requested SQ size might be too big. Try reducing TX depth and/or inline size."
     * then "Current TX depth is 1 and  inline size is 220 ."): kept as printed, no field of their own.
     */
    private static final Pattern NOTICE = Pattern.compile(
            "Requested SQ size might be too big\\..*|Current TX depth is \\d+ and\\s+inline size is \\d+\\s*\\.?");
    /** Lines perftest prints before its banner that no other tool prints, so a block may start there. */
    private static final Pattern LEAD = Pattern.compile("WARNING: BW peak won't be measured in this run\\.?"
            + "|Using sampled CPU speed \\d+ MHz over reported speed \\d+ MHz"
            + "|Perftest doesn't supports? .*|Requested mtu is higher than active mtu\\s*|Device not recognized to implement inline feature.*");
    /** rdma_lat (perftest until 2012): three lines instead of a table, half the round trip in usec (or cycles with -C). */
    private static final Pattern RDMA_LAT = Pattern.compile("Latency (typical|best|worst)\\s*: (\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?) (usec|cycles)");
    private static final Pattern PAIR = Pattern.compile("([A-Za-z][\\w .*#-]*?)\\s*:\\s*(\\S+(?:\\[B\\])?)");
    /** --output=latency|bandwidth|message_rate: printf("%lf\\n") of one value, nothing else (perftest_parameters.c). */
    private static final Pattern BARE_NUMBER = Pattern.compile("-?\\d+\\.\\d+");
    /** NOTIFY_COMP_ERROR_SEND/RECV, on up to three lines or joined on one by a paste. */
    private static final Pattern COMPLETION = Pattern.compile("Completion with error at (client|server)\\b.*");
    private static final Pattern FAILED_STATUS = Pattern.compile(
            "Failed status(?:-(.+?) \\((\\d+)\\)| (\\d+)): wr_id -?\\d+(?: syndrom (0x[0-9a-fA-F]+))?");
    private static final Pattern COUNTS = Pattern.compile("(?:scnt=\\d+, ccnt=\\d+|rcnt=\\d+)");
    private static final Pattern CONNECT = Pattern.compile("(?:\\d+:\\w+: )?Couldn't connect to (\\S+:\\d+)");
    private static final Pattern SOCKET = Pattern.compile(
            "(?:\\w+: )?(?:Unable to open file descriptor for socket connection|Unable to init the socket connection"
                    + "|Couldn't read remote address|Couldn't listen to port \\d+).*");
    /** perftest 1.x prints the conflict alone ("… 3300.000000 != 1600.000000"), later ones add "CPU Frequency is not max.". */
    private static final Pattern CPU = Pattern.compile(
            "Conflicting CPU frequency values detected: (\\d+(?:\\.\\d+)?) != (\\d+(?:\\.\\d+)?)(?:\\.\\s*CPU Frequency is not max\\.?)?"
                    + "|CPU Frequency is not max\\.?");
    /** perftest 1.x's follow-ups to the CPU warning, printed between the table's rows. */
    private static final Pattern TABLE_NOISE = Pattern.compile(
            "Test integrity may be harmed !?|Warning: measured timestamp frequency [\\d.]+ differs from nominal [\\d.]+ MHz");
    private static final Pattern NOISE = Pattern.compile(
            "Max msg size in UD is .*|Changing to this MTU|Using sampled CPU speed .*|Min msg size for RawEth is .*|MAC attached\\s*: .*"
                    + "|\\*\\*raw ethernet header\\**|\\|.*\\||Inline data is used up to .*|Device not recognized to implement inline feature.*|(local|remote) address: .*|GID: .*|WARNING: .*"
                    + "|Requested mtu is higher than .*|Perftest doesn't support .*|RDMA_CM .*|.*Waiting for client.*"
                    // an rdma_cm server's second line under the first (perftest_parameters.c ctx_print_test_info)
                    + "|Please run the same command with the IB/RoCE interface IP"
                    + "|(Dual-port|Number of qps|Connection type|PCIe relax order|ibv_wr\\* API|TX depth|RX depth"
                    + "|CQ Moderation|Mtu|Link type|GID index|Max inline data|rdma_cm QPs|Data ex\\. method|Using SRQ"
                    + "|Outstand reads|Atomic Type|Device|Transport type|Use ODP|Using Enhanced Reorder|Post List|CQE Poll Batch"
                    + "|CPU freq|Use ROCm memory|Use CUDA memory).*");

    /** Every perftest block in one program's whole output, in order (for runs wirespeed starts itself). */
    public static List<Parsed> blocks(String output) {
        Lines lines = Lines.of(output);
        PerftestParser parser = new PerftestParser();
        List<Parsed> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (parser.startsAt(lines, i)) {
                out.add(parser.parse(lines, i));
            }
        }
        return out;
    }

    public PerftestParser() {
        super("perftest", "ib_send_bw", "ib_write_bw", "ib_read_bw", "ib_atomic_bw", "ib_send_lat", "ib_write_lat",
                "ib_read_lat", "ib_atomic_lat", "raw_ethernet_bw", "raw_ethernet_lat", "rdma_lat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(TITLE, i) || PerftestColumns.of(in.get(i)) != null || in.matches(CPU, i) || in.matches(RDMA_LAT, i)
                || in.get(i).equals("initializing CUDA") || in.matches(LEAD, i) || in.matches(NOTICE, i)
                || in.matches(COMPLETION, i) || in.match(CONNECT, i) != null || in.matches(SOCKET, i)
                || (in.get(i).startsWith("Max msg size in UD is MTU") && i + 1 < in.size())
                || (in.matches(BARE_NUMBER, i) && BareNumbers.around(in, i) != null)
                || PerftestFailures.starts(in, i, reads(in.command()));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        BareNumbers bare = in.matches(BARE_NUMBER, from) ? BareNumbers.around(in, from) : null;
        if (bare != null) {
            return bare.parse(in, from, b);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        String title = null;
        String titleVerb = null; // the verb as the title prints it ("RDMA_Write"), kept beside the normalised one
        Source titleSource = null;
        Boolean bandwidth = null;
        PerftestColumns columns = null;
        List<PerftestBwRow> bw = new ArrayList<>();
        List<PerftestLatRow> lat = new ArrayList<>();
        Map<String, Quantity> rdmaLat = new LinkedHashMap<>();
        Source rdmaLatSource = null;
        String gpu = null;
        boolean cycles = reportsCycles(in.command());
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            String s = in.get(i);
            Matcher m;
            PerftestColumns header;
            if ((m = in.match(CUDA, i)) != null) {
                gpu = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : gpu;
                b.use(i);
                continue;
            }
            if ((m = in.match(RDMA_LAT, i)) != null) {
                if (rdmaLat.containsKey(m.group(1))) {
                    break; // a second run
                }
                rdmaLatSource = rdmaLatSource == null ? in.source(i) : rdmaLatSource;
                if (m.group(3).equals("usec")) { // cycles (-C) are no time until divided by the clock
                    rdmaLat.put(m.group(1), Quantity.micros(UnitWords.number(m.group(2)), m.group(2) + " usec"));
                }
                b.use(i);
                continue;
            }
            if ((m = in.match(TITLE, i)) != null) {
                if (title != null || !bw.isEmpty() || !lat.isEmpty()) {
                    break; // a second test: its own block
                }
                title = s;
                titleVerb = m.group(1).startsWith("Atomic") ? "Atomic" : m.group(1); // not its operation (FETCH_AND_ADD)
                titleSource = in.source(i);
                bandwidth = m.group(2).equals("BW");
                b.use(i);
            } else if ((m = CPU.matcher(s)).find()) {
                b.use(i).add(cpuWarning(m, in.source(i)));
                // the warning can share a line with a row; read the row too
                String rest = s.replace(m.group(0), "").strip();
                readRow(rest, columns, cycles, bw, lat, in.source(i));
            } else if (in.matches(TABLE_NOISE, i)) {
                b.use(i);
            } else if (columns == null && in.matches(NOTICE, i)) {
                b.use(i).printed(i, "notice", s);
            } else if ((header = PerftestColumns.of(s)) != null) {
                if (columns != null && (!bw.isEmpty() || !lat.isEmpty())) {
                    break; // a second table: its own block
                }
                columns = header;
                bandwidth = header.bandwidth();
                b.use(i);
            } else if (columns != null && readRow(PerftestColumns.unpiped(s), columns, cycles, bw, lat, in.source(i))) {
                b.use(i);
            } else if (columns != null && PerftestColumns.pipeLabel(s, PerftestColumns.unpiped(s))) {
                b.use(i); // a hand-made table's rule or a writer's label row
                if (Character.isLetter(PerftestColumns.unpiped(s).charAt(0))) {
                    b.printed(i, "row label", PerftestColumns.unpiped(s)); // "Write", "read": the test of the rows below
                }
            } else if (in.matches(COMPLETION, i) || in.match(CONNECT, i) != null || in.matches(SOCKET, i)) {
                i = error(in, i, b);
            } else if (columns == null && in.matches(NOISE, i)) {
                m = PAIR.matcher(s);
                while (m.find()) {
                    settings.putIfAbsent(m.group(1).strip().toLowerCase(Locale.ROOT), m.group(2).replace("[B]", ""));
                }
                b.use(i);
            } else if (PerftestFailures.starts(in, i, reads(in.command()))) {
                i = PerftestFailures.read(in, i, b);
            } else {
                break;
            }
        }
        Command c = in.command();
        String verb = verb(title, c);
        if (bandwidth == null && c != null) {
            bandwidth = c.program().endsWith("_bw");
        }
        PerftestHeader header = new PerftestHeader(title, new Token(verb, titleVerb), Boolean.TRUE.equals(bandwidth), settings.get("device"),
                settings.get("connection type"), settings.get("transport type"), settings.get("link type"),
                UnitWords.integer(settings.get("mtu")), UnitWords.integer(settings.get("gid index")),
                UnitWords.integer(settings.get("number of qps")), gpu, titleSource != null ? titleSource : in.source(from));
        if (title != null || !settings.isEmpty() || gpu != null) {
            b.add(header);
        }
        if (!rdmaLat.isEmpty()) {
            lat.add(new PerftestLatRow(null, null, rdmaLat.get("best"), rdmaLat.get("worst"), rdmaLat.get("typical"), null,
                    null, null, null, null, rdmaLatSource));
        }
        bw.forEach(b::add);
        lat.forEach(b::add);
        if (!bw.isEmpty() || !lat.isEmpty()) {
            if (bw.isEmpty() && cycles) {
                b.note("latencies in CPU cycles (-C): no time without the clock rate");
            } else {
                b.measurement(measurement(header, verb, bidirectional(title), bw, lat));
            }
        }
        return b.done(i);
    }

    /**
     * perftest prints the two frequencies of /proc/cpuinfo that differ (get_clock.c), the first core's
     * and the other one's, in no order; low and high are their minimum and maximum.
     */
    private static CpuFrequencyWarning cpuWarning(Matcher m, Source src) {
        Double a = m.group(1) == null ? null : UnitWords.number(m.group(1));
        Double z = m.group(2) == null ? null : UnitWords.number(m.group(2));
        if (a == null || z == null) {
            return new CpuFrequencyWarning(m.group(0), a, z, src);
        }
        return new CpuFrequencyWarning(m.group(0), Math.min(a, z), Math.max(a, z), src);
    }

    /** An error message at line i (a completion error may take the next two lines); returns the last line used. */
    private static int error(Lines in, int i, ParseBuilder b) {
        String s = in.get(i);
        Matcher m;
        if ((m = CONNECT.matcher(s)).find()) {
            b.use(i).add(new PerftestError("connect", s, null, null, null, null, m.group(1), in.source(i)));
            return i;
        }
        if (!in.matches(COMPLETION, i)) {
            b.use(i).add(new PerftestError("socket", s, null, null, null, null, null, in.source(i)));
            return i;
        }
        String side = COMPLETION.matcher(s).results().findFirst().map(r -> r.group(1)).orElse(null);
        StringBuilder text = new StringBuilder(s);
        int last = i;
        b.use(i);
        if (!FAILED_STATUS.matcher(text).find() && last + 1 < in.size() && in.get(last + 1).startsWith("Failed status")) {
            text.append(' ').append(in.get(++last));
            b.use(last);
        }
        if (!COUNTS.matcher(text).find() && last + 1 < in.size() && COUNTS.matcher(in.get(last + 1)).lookingAt()) {
            text.append(' ').append(in.get(++last));
            b.use(last);
        }
        Integer status = null;
        String statusText = null;
        String syndrome = null;
        if ((m = FAILED_STATUS.matcher(text)).find()) {
            statusText = m.group(1);
            status = Integer.valueOf(m.group(2) != null ? m.group(2) : m.group(3));
            syndrome = m.group(4);
        }
        b.add(new PerftestError("completion", text.toString(), side, status, statusText, syndrome, null, in.source(i)));
        return last;
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?");
    /** Two of perftest's two-decimal figures with no blank between them ("2465.901216.65"). */
    private static final Pattern GLUED_PAIR = Pattern.compile("(-?\\d+\\.\\d{2})(\\d+\\.\\d+)");
    /** Markdown emphasis a paste put around a value to point at it ("**5544.28**"). */
    private static final Pattern EMPHASIS = Pattern.compile("(\\*{1,2}|_{2})(-?\\d+(?:\\.\\d+)?)\\1");

    /**
     * -C / --report-cycles: the latency columns keep their "[usec]" header but hold CPU cycles
     * (perftest_parameters.c print_report_lat divides by the clock only without it); 8299 "usec" of
     * a 1 KiB write on ConnectX-3 is 8299 cycles, about 2.5 us at 3.3 GHz.
     */
    static boolean reportsCycles(Command c) {
        return c != null && c.program().endsWith("_lat") && c.has("-C", "--report-cycles");
    }

    /** A table row read by the header's columns: all numbers, at least up to the first value column. */
    private static boolean readRow(String s, PerftestColumns columns, boolean cycles, List<PerftestBwRow> bw,
                                   List<PerftestLatRow> lat,
                                   Source src) {
        if (columns == null || s.isEmpty()) {
            return false;
        }
        String[] v = EMPHASIS.matcher(s).replaceAll("$2").split("[\\s\\u00a0]+");
        int width = columns.columns().size();
        if (v.length < width) {
            v = unglued(v, width);
        }
        if (v.length > width && v.length % width == 0) {
            return gluedRows(v, width, columns, cycles, bw, lat, src);
        }
        int min = columns.bandwidth() ? columns.index(Column.BW_AVERAGE) + 1 : columns.minimumValues();
        if (min <= 0 || v.length < min || v.length > columns.columns().size()) {
            return false;
        }
        for (String x : v) {
            if (!NUMBER.matcher(x).matches()) {
                return false;
            }
        }
        Long size = integer(v, columns.index(Column.BYTES));
        Long iterations = integer(v, columns.index(Column.ITERATIONS));
        if (columns.bandwidth()) {
            if (size == null) {
                return false;
            }
            String unit = columns.bandwidthUnit();
            int p = columns.index(Column.BW_PEAK);
            Double peak = p >= 0 ? UnitWords.number(v[p]) : null;
            String avgText = v[columns.index(Column.BW_AVERAGE)];
            double avg = UnitWords.number(avgText);
            int r = columns.index(Column.MSG_RATE);
            bw.add(new PerftestBwRow(size, iterations,
                    peak == null || (peak == 0 && avg > 0) ? null : rate(peak, unit, v[p]), rate(avg, unit, avgText),
                    r >= 0 && r < v.length ? Quantity.of(UnitWords.number(v[r]) * 1e6, "1/s", v[r] + " Mpps") : null, src));
            return true;
        }
        int tps = columns.index(Column.TPS);
        lat.add(new PerftestLatRow(size, iterations, time(v, columns.index(Column.T_MIN), cycles),
                time(v, columns.index(Column.T_MAX), cycles), time(v, columns.index(Column.T_TYPICAL), cycles),
                time(v, columns.index(Column.T_AVG), cycles), time(v, columns.index(Column.T_STDEV), cycles),
                time(v, columns.index(Column.P99), cycles), time(v, columns.index(Column.P999), cycles),
                tps >= 0 && tps < v.length ? Quantity.of(UnitWords.number(v[tps]), "1/s", v[tps] + " tps") : null, src));
        return true;
    }

    /**
     * Two values printed with no blank between them: perftest writes its figures with two decimals into fields of
     * a fixed width ("%-7.2lf" and the like), and a value wider than its field runs into the next one — a Soft-RoCE
     * latency row's t_stdev and 99% percentile read "2465.901216.65" (parse/perftest README), the row one column
     * short of its header. Such a value is split after its first two decimals, as long as the row stays within its
     * header's columns; a row with no such value is returned as it was.
     */
    static String[] unglued(String[] v, int width) {
        List<String> out = new ArrayList<>(width);
        int missing = width - v.length;
        for (String x : v) {
            Matcher m = GLUED_PAIR.matcher(x);
            if (missing > 0 && m.matches()) {
                out.add(m.group(1));
                out.add(m.group(2));
                missing--;
            } else {
                out.add(x);
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * Server and client started in one terminal ("ib_send_bw … &" twice) print their rows at the
     * same moment, and one can land on the other's line: exactly twice (or n times) the columns of
     * numbers are n rows. Each must read as a row, else none is taken.
     */
    private static boolean gluedRows(String[] v, int width, PerftestColumns columns, boolean cycles,
                                     List<PerftestBwRow> bw, List<PerftestLatRow> lat, Source src) {
        List<PerftestBwRow> bwRows = new ArrayList<>();
        List<PerftestLatRow> latRows = new ArrayList<>();
        for (int k = 0; k < v.length; k += width) {
            String row = String.join(" ", Arrays.copyOfRange(v, k, k + width));
            if (!readRow(row, columns, cycles, bwRows, latRows, src)) {
                return false;
            }
        }
        bw.addAll(bwRows);
        lat.addAll(latRows);
        return true;
    }

    private static Long integer(String[] v, int k) {
        if (k < 0 || k >= v.length || !v[k].matches("\\d{1,18}")) {
            return null;
        }
        return Long.parseLong(v[k]);
    }

    static Quantity rate(double v, String unit, String raw) {
        double bps = unit.equals("Gb/sec") ? v * 1e9 : v * 1024 * 1024 * 8;
        return Quantity.bitsPerSecond(bps, raw + " " + unit);
    }

    private static Quantity time(String[] v, int k, boolean cycles) {
        if (cycles && k >= 0 && k < v.length) {
            return Quantity.of(UnitWords.number(v[k]), "cycles", v[k] + " cycles");
        }
        return us(v, k);
    }

    private static Quantity us(String[] v, int k) {
        return k >= 0 && k < v.length ? Quantity.micros(UnitWords.number(v[k]), v[k] + " usec") : null;
    }

    /** From the title ("RDMA_Write BW Test") or, without one, the command (ib_write_bw). */
    static String verb(String title, Command c) {
        String t = title != null ? title.toLowerCase(Locale.ROOT)
                : c != null ? c.program().toLowerCase(Locale.ROOT) : "";
        if (t.contains("write") || t.equals("rdma_lat")) { // rdma_lat ping-pongs RDMA writes
            return "write";
        }
        if (t.contains("read")) {
            return "read";
        }
        if (t.contains("atomic")) {
            return "atomic";
        }
        return "send";
    }

    /** perftest -b: each row is both directions summed (perftest adds the peer's report to its own). */
    static boolean bidirectional(String title) {
        return title != null && title.contains("Bidirectional");
    }

    static Measurement measurement(PerftestHeader h, String verb, boolean bidirectional, List<PerftestBwRow> bw,
                                           List<PerftestLatRow> lat) {
        Map<String, String> params = new LinkedHashMap<>();
        if (bidirectional) {
            params.put("direction", "both");
        }
        if (h.device() != null) {
            params.put("device", h.device());
        }
        if (h.connection() != null) {
            params.put("connection", h.connection());
        }
        if (h.linkType() != null) {
            params.put("linkType", h.linkType());
        }
        if (h.mtuBytes() != null) {
            params.put("mtuBytes", h.mtuBytes().toString());
        }
        if (h.qps() != null) {
            params.put("qps", h.qps().toString());
        }
        List<Measurement.Row> rows = new ArrayList<>();
        List<Metric> summary = new ArrayList<>();
        boolean isBw = !bw.isEmpty();
        if (isBw) {
            for (PerftestBwRow r : bw) {
                rows.add(new Measurement.Row("sizeBytes", r.sizeBytes(), bwMetrics(r)));
            }
            PerftestBwRow last = bw.getLast();
            params.put("sizeBytes", Long.toString(last.sizeBytes()));
            summary.addAll(bwMetrics(last));
        } else {
            for (PerftestLatRow r : lat) {
                if (r.sizeBytes() != null) { // a pasted table with the size column cut has no row key
                    rows.add(new Measurement.Row("sizeBytes", r.sizeBytes(), latMetrics(r)));
                }
            }
            PerftestLatRow last = lat.getLast();
            if (last.sizeBytes() != null) {
                params.put("sizeBytes", Long.toString(last.sizeBytes()));
            }
            summary.addAll(latMetrics(last));
        }
        String test = Tests.rdma(verb, isBw) + (bidirectional && isBw ? Tests.BIDIR_SUFFIX : "");
        return new Measurement("perftest", null, test, params, summary, List.of(),
                rows.size() > 1 ? rows : List.of(), "parsed");
    }

    private static List<Metric> bwMetrics(PerftestBwRow r) {
        List<Metric> m = new ArrayList<>();
        if (r.average() != null) {
            m.add(Metric.of(Metrics.BITS_PER_SECOND, r.average().value()));
        }
        if (r.peak() != null) {
            m.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, r.peak().value()));
        }
        if (r.messageRate() != null) {
            m.add(Metric.of(Metrics.MESSAGES_PER_SECOND, r.messageRate().value()));
        }
        if (r.iterations() != null) {
            m.add(Metric.of(Metrics.ITERATIONS, r.iterations()));
        }
        return m;
    }

    private static List<Metric> latMetrics(PerftestLatRow r) {
        List<Metric> m = new ArrayList<>();
        ResultMetrics.add(m, Metrics.LATENCY_MIN_MICROS, r.min());
        ResultMetrics.add(m, Metrics.LATENCY_MAX_MICROS, r.max());
        ResultMetrics.add(m, Metrics.LATENCY_P50_MICROS, r.typical());
        ResultMetrics.add(m, Metrics.LATENCY_AVG_MICROS, r.average());
        ResultMetrics.add(m, Metrics.LATENCY_STDEV_MICROS, r.stdev());
        ResultMetrics.add(m, Metrics.LATENCY_P99_MICROS, r.p99());
        ResultMetrics.add(m, Metrics.LATENCY_P999_MICROS, r.p999());
        ResultMetrics.add(m, Metrics.TRANSACTIONS_PER_SECOND, r.transactionsPerSecond());
        if (r.iterations() != null) {
            m.add(Metric.of(Metrics.ITERATIONS, r.iterations()));
        }
        return m;
    }

}
