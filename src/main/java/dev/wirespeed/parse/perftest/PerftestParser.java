package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.ResultMetrics;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Units;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
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
            "(Send|RDMA_Write|RDMA_Read|Atomic(?:\\s+\\w+)?)\\s+(?:(?:Bidirectional|Post List)\\s+)?(BW|Latency) Test");
    private static final Pattern PAIR = Pattern.compile("([A-Za-z][\\w .*#-]*?)\\s*:\\s*(\\S+(?:\\[B\\])?)");
    private static final Pattern BW_HEAD = Pattern.compile("#bytes\\s+#iterations\\s+BW peak\\[(MB/sec|Gb/sec|MiB/sec)\\].*");
    private static final Pattern LAT_HEAD = Pattern.compile("#bytes\\s+#iterations\\s+t_min\\[usec\\].*");
    /** Duration mode (-D): perftest keeps no samples, so only the mean and transactions per second. */
    private static final Pattern DURATION_LAT_HEAD = Pattern.compile("#bytes\\s+#iterations\\s+t_avg\\[usec\\]\\s+tps average.*");
    private static final Pattern DURATION_LAT_ROW = Pattern.compile("(\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+([\\d.]+)");
    private static final String DURATION = "usec, tps";
    /** perftest 1.x (OFED 1.x) prints no MsgRate column, so the fifth column is optional. */
    private static final Pattern BW_ROW = Pattern.compile("(\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+([\\d.]+)(?:\\s+([\\d.]+))?");
    private static final Pattern LAT_ROW = Pattern.compile("(\\d+)\\s+(\\d+)((?:\\s+[\\d.]+){3,7})");
    /** perftest 1.x prints the conflict alone ("… 3300.000000 != 1600.000000"), later ones add "CPU Frequency is not max.". */
    private static final Pattern CPU = Pattern.compile(
            "Conflicting CPU frequency values detected: (\\d+(?:\\.\\d+)?) != (\\d+(?:\\.\\d+)?)(?:\\.\\s*CPU Frequency is not max\\.?)?"
                    + "|CPU Frequency is not max\\.?");
    /** perftest 1.x's follow-ups to the CPU warning, printed between the table's rows. */
    private static final Pattern TABLE_NOISE = Pattern.compile(
            "Test integrity may be harmed !?|Warning: measured timestamp frequency [\\d.]+ differs from nominal [\\d.]+ MHz");
    private static final Pattern NOISE = Pattern.compile(
            "Max msg size in UD is .*|Changing to this MTU|Min msg size for RawEth is .*|MAC attached\\s*: .*"
                    + "|\\*\\*raw ethernet header\\**|\\|.*\\||Inline data is used up to .*|Device not recognized to implement inline feature.*|(local|remote) address: .*|GID: .*|WARNING: .*"
                    + "|Requested mtu is higher than .*|Perftest doesn't support .*|RDMA_CM .*|.*Waiting for client.*"
                    + "|(Dual-port|Number of qps|Connection type|PCIe relax order|ibv_wr\\* API|TX depth|RX depth"
                    + "|CQ Moderation|Mtu|Link type|GID index|Max inline data|rdma_cm QPs|Data ex\\. method|Using SRQ"
                    + "|Outstand reads|Atomic Type|Device|Transport type|Use ODP|Using Enhanced Reorder|Post List|CQE Poll Batch"
                    + "|CPU freq|Use ROCm memory|Use CUDA memory).*");

    /** Every perftest block in one program's whole output, in order (for runs wirespeed starts itself). */
    public static java.util.List<Parsed> blocks(String output) {
        dev.wirespeed.parse.Lines lines = dev.wirespeed.parse.Lines.of(output);
        PerftestParser parser = new PerftestParser();
        java.util.List<Parsed> out = new java.util.ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (parser.startsAt(lines, i)) {
                out.add(parser.parse(lines, i));
            }
        }
        return out;
    }

    public PerftestParser() {
        super("perftest", "ib_send_bw", "ib_write_bw", "ib_read_bw", "ib_atomic_bw", "ib_send_lat", "ib_write_lat",
                "ib_read_lat", "ib_atomic_lat", "raw_ethernet_bw", "raw_ethernet_lat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(TITLE, i) || in.matches(BW_HEAD, i) || in.matches(LAT_HEAD, i) || in.matches(DURATION_LAT_HEAD, i)
                || in.matches(CPU, i)
                || (in.get(i).startsWith("Max msg size in UD is MTU") && i + 1 < in.size());
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<String, String> settings = new LinkedHashMap<>();
        String title = null;
        Source titleSource = null;
        Boolean bandwidth = null;
        String unit = null;
        List<PerftestBwRow> bw = new ArrayList<>();
        List<PerftestLatRow> lat = new ArrayList<>();
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            String s = in.get(i);
            Matcher m;
            if ((m = in.match(TITLE, i)) != null) {
                if (title != null || !bw.isEmpty() || !lat.isEmpty()) {
                    break; // a second test: its own block
                }
                title = s;
                titleSource = in.source(i);
                bandwidth = m.group(2).equals("BW");
                b.use(i);
            } else if ((m = CPU.matcher(s)).find()) {
                b.use(i).add(new CpuFrequencyWarning(m.group(0), m.group(1) == null ? null : Units.number(m.group(1)),
                        m.group(2) == null ? null : Units.number(m.group(2)), in.source(i)));
                // the warning can share a line with a row; read the row too
                String rest = s.replace(m.group(0), "").strip();
                readRow(rest, unit, bw, lat, in.source(i));
            } else if (in.matches(TABLE_NOISE, i)) {
                b.use(i);
            } else if ((m = in.match(BW_HEAD, i)) != null) {
                unit = m.group(1);
                bandwidth = true;
                b.use(i);
            } else if (in.matches(LAT_HEAD, i)) {
                unit = "usec";
                bandwidth = false;
                b.use(i);
            } else if (in.matches(DURATION_LAT_HEAD, i)) {
                unit = DURATION;
                bandwidth = false;
                b.use(i);
            } else if (unit != null && readRow(s, unit, bw, lat, in.source(i))) {
                b.use(i);
            } else if (unit == null && in.matches(NOISE, i)) {
                m = PAIR.matcher(s);
                while (m.find()) {
                    settings.putIfAbsent(m.group(1).strip().toLowerCase(Locale.ROOT), m.group(2).replace("[B]", ""));
                }
                b.use(i);
            } else {
                break;
            }
        }
        Command c = in.command();
        String verb = verb(title, c);
        if (bandwidth == null && c != null) {
            bandwidth = c.program().endsWith("_bw");
        }
        PerftestHeader header = new PerftestHeader(title, verb, Boolean.TRUE.equals(bandwidth), settings.get("device"),
                settings.get("connection type"), settings.get("transport type"), settings.get("link type"),
                Units.integer(settings.get("mtu")), Units.integer(settings.get("gid index")),
                Units.integer(settings.get("number of qps")), titleSource != null ? titleSource : in.source(from));
        if (title != null || !settings.isEmpty()) {
            b.add(header);
        }
        bw.forEach(b::add);
        lat.forEach(b::add);
        if (!bw.isEmpty() || !lat.isEmpty()) {
            b.measurement(measurement(header, verb, bidirectional(title), bw, lat));
        }
        return b.done(i);
    }

    private static boolean readRow(String s, String unit, List<PerftestBwRow> bw, List<PerftestLatRow> lat, Source src) {
        if (unit == null || s.isEmpty()) {
            return false;
        }
        Matcher m;
        if (unit.equals(DURATION) && (m = DURATION_LAT_ROW.matcher(s)).matches()) {
            lat.add(new PerftestLatRow(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), null, null, null,
                    Quantity.micros(Units.number(m.group(3)), m.group(3) + " usec"), null, null, null,
                    Quantity.of(Units.number(m.group(4)), "1/s", m.group(4) + " tps"), src));
            return true;
        }
        if (unit.equals(DURATION)) {
            return false;
        }
        if (!unit.equals("usec") && (m = BW_ROW.matcher(s)).matches()) {
            double peak = Units.number(m.group(3));
            double avg = Units.number(m.group(4));
            bw.add(new PerftestBwRow(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                    peak == 0 && avg > 0 ? null : rate(peak, unit, m.group(3)), rate(avg, unit, m.group(4)),
                    m.group(5) == null ? null : Quantity.of(Units.number(m.group(5)) * 1e6, "1/s", m.group(5) + " Mpps"), src));
            return true;
        }
        if (unit.equals("usec") && (m = LAT_ROW.matcher(s)).matches()) {
            String[] v = m.group(3).strip().split("\\s+");
            lat.add(new PerftestLatRow(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), us(v, 0), us(v, 1),
                    us(v, 2), us(v, 3), us(v, 4), us(v, 5), us(v, 6), null, src));
            return true;
        }
        return false;
    }

    private static Quantity rate(double v, String unit, String raw) {
        double bps = unit.equals("Gb/sec") ? v * 1e9 : v * 1024 * 1024 * 8;
        return Quantity.bitsPerSecond(bps, raw + " " + unit);
    }

    private static Quantity us(String[] v, int k) {
        return k < v.length ? Quantity.micros(Units.number(v[k]), v[k] + " usec") : null;
    }

    /** From the title ("RDMA_Write BW Test") or, without one, the command (ib_write_bw). */
    static String verb(String title, Command c) {
        String t = title != null ? title.toLowerCase(Locale.ROOT)
                : c != null ? c.program().toLowerCase(Locale.ROOT) : "";
        if (t.contains("write")) {
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

    private static Measurement measurement(PerftestHeader h, String verb, boolean bidirectional, List<PerftestBwRow> bw,
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
                rows.add(new Measurement.Row("sizeBytes", r.sizeBytes(), latMetrics(r)));
            }
            PerftestLatRow last = lat.getLast();
            params.put("sizeBytes", Long.toString(last.sizeBytes()));
            summary.addAll(latMetrics(last));
        }
        String test = Tests.rdma(verb, isBw) + (bidirectional && isBw ? Tests.BIDIR_SUFFIX : "");
        return new Measurement("perftest", null, test, params, summary, List.of(),
                rows.size() > 1 ? rows : List.of(), "parsed");
    }

    private static List<Metric> bwMetrics(PerftestBwRow r) {
        List<Metric> m = new ArrayList<>();
        m.add(Metric.of(Metrics.BITS_PER_SECOND, r.average().value()));
        if (r.peak() != null) {
            m.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, r.peak().value()));
        }
        if (r.messageRate() != null) {
            m.add(Metric.of(Metrics.MESSAGES_PER_SECOND, r.messageRate().value()));
        }
        m.add(Metric.of(Metrics.ITERATIONS, r.iterations()));
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
        m.add(Metric.of(Metrics.ITERATIONS, r.iterations()));
        return m;
    }

}
