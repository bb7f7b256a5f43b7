package dev.wirespeed.parse.qperf;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * qperf client output at any -v level: "tcp_bw:" then indented "name = value unit" lines. qperf
 * prints decimal units: "GB/sec" is 10^9 bytes/s, "Gb/sec" (--use_bits_per_sec) 10^9 bit/s,
 * "K/sec" 10^3 messages/s, "KB" 10^3 bytes; "64 KiB (65,536)" carries the exact count.
 */
public final class QperfParser extends BaseParser {
    /** A test's head, "tcp_bw:"; a page may set it in Markdown bold ("**tcp_lat: **"). */
    private static final Pattern TEST = Pattern.compile("(?:\\*\\*)?([a-z][a-z0-9_]*)\\s*:\\s*(?:\\*\\*)?");
    /** qperf 0.4.11's tests (qperf.c, the TESTS table). */
    private static final List<String> TESTS = List.of("conf", "quit", "rds_bw", "rds_lat", "sctp_bw", "sctp_lat",
            "sdp_bw", "sdp_lat", "tcp_bw", "tcp_lat", "udp_bw", "udp_lat", "rc_bi_bw", "rc_bw", "rc_compare_swap_mr",
            "rc_fetch_add_mr", "rc_lat", "rc_rdma_read_bw", "rc_rdma_read_lat", "rc_rdma_write_bw", "rc_rdma_write_lat",
            "rc_rdma_write_poll_lat", "uc_bi_bw", "uc_bw", "uc_lat", "uc_rdma_write_bw", "uc_rdma_write_lat",
            "uc_rdma_write_poll_lat", "ud_bi_bw", "ud_bw", "ud_lat", "ver_rc_compare_swap", "ver_rc_fetch_add", "xrc_bi_bw",
            "xrc_bw", "xrc_lat", "xrc_rdma_read_bw", "xrc_rdma_read_lat", "xrc_rdma_write_bw", "xrc_rdma_write_lat",
            "xrc_rdma_write_poll_lat");
    private static final Pattern VALUE = Pattern.compile("([a-z][a-z0-9_]*)\\s*=\\s*(-?[\\d.,]+)\\s*(.*)");
    /** The "conf" test: each end's node, CPU, OS and qperf version as text ("loc_qperf = 0.4.11"). */
    private static final Pattern TEXT = Pattern.compile("([a-z][a-z0-9_]*)\\s*=\\s*(\\S.*)");
    private static final String CONF = "conf";
    private static final Pattern EXACT = Pattern.compile(".*\\(([\\d,]+)\\)");

    public QperfParser() {
        super("qperf", "qperf");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(TEST, i) && valueFollows(in, i);
    }

    private static boolean valueFollows(Lines in, int i) {
        return in.matches(VALUE, i + 1) || (in.get(i).strip().equals(CONF + ":") && in.matches(TEXT, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String test = null;
        Map<String, Quantity> values = new LinkedHashMap<>();
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(TEST, i)) != null && valueFollows(in, i)) {
                b.measurement(measurement(test, values));
                test = test(m.group(1));
                values = new LinkedHashMap<>();
                b.use(i);
            } else if (CONF.equals(test) && (m = in.match(TEXT, i)) != null) {
                b.use(i).add(new QperfValue(test, m.group(1), null, m.group(2).strip(), in.source(i)));
            } else if (test != null && (m = in.match(VALUE, i)) != null) {
                // raw: the figure as printed after "=" ("3.22 GB/sec"), as every other quantity's raw
                Quantity q = quantity(m.group(2), m.group(3).strip(), (m.group(2) + " " + m.group(3)).strip());
                values.putIfAbsent(m.group(1), q);
                b.use(i).add(new QperfValue(test, m.group(1), q, null, in.source(i)));
            } else {
                break;
            }
        }
        b.measurement(measurement(test, values));
        return b.done(i);
    }

    /**
     * The test a head names. A name that is no qperf test but ends in one had the end of the line before glued to its
     * front ("tcp_lattcp_bw:", "cpustcp_lat:" in a translated blog where each head was set in Markdown bold,
     * src/test/resources/parse/qperf/qperf-v-tcp_bw-tcp_lat-markdown-bold-glued-*): the longest test it ends in.
     */
    static String test(String name) {
        if (TESTS.contains(name)) {
            return name;
        }
        String best = name;
        for (String t : TESTS) {
            if (name.endsWith(t) && (best.equals(name) || t.length() > best.length())) {
                best = t;
            }
        }
        return best;
    }

    static Quantity quantity(String number, String unit, String raw) {
        double v = UnitWords.number(number);
        Matcher exact = EXACT.matcher(unit);
        if (exact.matches()) {
            return Quantity.bytes(UnitWords.number(exact.group(1)), raw);
        }
        Matcher m;
        if ((m = Pattern.compile("([KMGT]?)b/sec").matcher(unit)).matches()) {
            return Quantity.bitsPerSecond(v * factor(m.group(1)), raw);
        }
        if ((m = Pattern.compile("([KMGT]?)B/sec").matcher(unit)).matches()) {
            return Quantity.bitsPerSecond(v * factor(m.group(1)) * 8, raw);
        }
        if ((m = Pattern.compile("([KMGT]?)/sec").matcher(unit)).matches()) {
            return Quantity.of(v * factor(m.group(1)), "1/s", raw);
        }
        if ((m = Pattern.compile("([KMGT]?)B").matcher(unit)).matches()) {
            return Quantity.bytes(v * factor(m.group(1)), raw);
        }
        if (unit.matches("ns|us|ms|sec")) {
            return Quantity.micros(UnitWords.micros(v, unit), raw);
        }
        if (unit.startsWith("%")) {
            return Quantity.of(v, "%", raw);
        }
        if (unit.equals("sec/GB")) {
            return Quantity.of(v, "sec/GB", raw);
        }
        // qperf spells large counts out: "send_msgs = 1.23 million"
        return Quantity.count(v * switch (unit) {
            case "thousand" -> 1e3;
            case "million" -> 1e6;
            case "billion" -> 1e9;
            case "trillion" -> 1e12;
            default -> 1;
        }, raw);
    }

    private static double factor(String prefix) {
        return prefix.isEmpty() ? 1 : switch (prefix.charAt(0)) {
            case 'K' -> 1e3;
            case 'M' -> 1e6;
            case 'G' -> 1e9;
            default -> 1e12;
        };
    }

    /** tcp_bw → tcp-bw, udp_lat → udp-lat, rc_rdma_write_bw → rdma-write-bw; others keep qperf's name. */
    static String testName(String qperfTest) {
        return switch (qperfTest) {
            case "tcp_bw" -> Tests.TCP_BW;
            case "udp_bw" -> Tests.UDP_BW;
            case "tcp_lat" -> Tests.TCP_LAT;
            case "udp_lat" -> Tests.UDP_LAT;
            case "rc_bw", "uc_bw", "ud_bw" -> Tests.rdma("send", true);
            case "rc_lat", "uc_lat", "ud_lat" -> Tests.rdma("send", false);
            case "rc_rdma_write_bw", "uc_rdma_write_bw" -> Tests.rdma("write", true);
            case "rc_rdma_write_lat", "uc_rdma_write_lat" -> Tests.rdma("write", false);
            case "rc_rdma_read_bw" -> Tests.rdma("read", true);
            case "rc_rdma_read_lat" -> Tests.rdma("read", false);
            default -> qperfTest.replace('_', '-');
        };
    }

    private static Measurement measurement(String test, Map<String, Quantity> v) {
        if (test == null || v.isEmpty() || test.equals("conf") || test.equals("quit")) {
            return null;
        }
        List<Metric> summary = new ArrayList<>();
        Quantity bw = v.containsKey("bw") ? v.get("bw") : v.get("recv_bw");
        if (bw != null && bw.unit().equals("bit/s")) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND, bw.value()));
        }
        // udp_bw prints what was sent beside what arrived: the gap is the loss (issue 26)
        Quantity sent = v.get("send_bw");
        if (sent != null && sent.unit().equals("bit/s") && !v.containsKey("bw")) {
            summary.add(Metric.of(Metrics.SENT_BITS_PER_SECOND, sent.value()));
        }
        if (v.get("latency") != null && v.get("latency").unit().equals("us")) {
            summary.add(Metric.of(Metrics.LATENCY_AVG_MICROS, v.get("latency").value()));
        }
        if (v.get("msg_rate") != null) {
            summary.add(Metric.of(Metrics.MESSAGES_PER_SECOND, v.get("msg_rate").value()));
        }
        if (v.get("time") != null) {
            summary.add(Metric.of(Metrics.SECONDS, v.get("time").value() / 1e6));
        }
        Quantity loc = v.containsKey("send_cpus_used") ? v.get("send_cpus_used") : v.get("loc_cpus_used");
        Quantity rem = v.containsKey("recv_cpus_used") ? v.get("recv_cpus_used") : v.get("rem_cpus_used");
        if (loc != null) {
            summary.add(Metric.of(Metrics.CPU_CLIENT_PERCENT, loc.value()));
        }
        if (rem != null) {
            summary.add(Metric.of(Metrics.CPU_SERVER_PERCENT, rem.value()));
        }
        if (summary.isEmpty()) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("qperfTest", test);
        if (v.get("msg_size") != null) {
            params.put("sizeBytes", UnitWords.trim(v.get("msg_size").value()));
        }
        return new Measurement("qperf", null, testName(test), params, summary, List.of(), List.of(), "parsed");
    }
}
