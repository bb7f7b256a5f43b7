package dev.wirespeed.parse.sockperf;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.ResultMetrics;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sockperf client output (ping-pong, under-load, throughput): lines "sockperf: …" with the
 * summary, percentiles in usec, loss counters, and for throughput the message rate and bandwidth.
 * Colour escapes are removed before parsing.
 */
public final class SockperfParser extends BaseParser {
    /** The version line with something glued before it: a source string's opening ('@": sockperf: == version #3.7-5…'). */
    private static final Pattern VERSION_GLUED = Pattern.compile(".*\\bsockperf: == version #\\S+ ==.*");
    private static final Pattern LINE = Pattern.compile("sockperf(?:\\[\\w+\\])?:?.*|-?\\s*\\[\\s*\\d+\\] IP = .*|" + VERSION_GLUED.pattern());
    private static final Pattern VERSION = Pattern.compile(".*== version #(\\S+) ==.*");
    /** The address line; a Markdown list's dash may stand before it when a page pasted it under an item ("-[ 0] IP = …"). */
    private static final Pattern PROTO = Pattern.compile("-?\\s*\\[\\s*\\d+\\] IP = (\\S+)\\s+PORT =\\s*(\\d+) # (\\w+).*");
    /** A server's own lines: "sockperf: [SERVER] listen on:", "sockperf: Running as daemon". */
    private static final Pattern SERVER = Pattern.compile("sockperf: (?:\\[SERVER\\] listen on:|Running as daemon).*");
    /** The error a run stopped at ("sockperf: ERROR: …", with a "###" or bold marks a page kept around it). */
    private static final Pattern ERROR = Pattern.compile("sockperf:\\s*(?:#+\\s*)?\\**ERROR:\\s*(.*?)\\**\\s*");
    /** avg-lat (before 3.0), avg-latency, avg-rtt with --full-rtt; 3.8 adds mean-ad … after std-dev. */
    private static final Pattern AVG = Pattern.compile(".*avg-(?:latency|lat|rtt)=\\s*([\\d.]+) \\(std-dev=([\\d.]+)[,)].*");
    private static final Pattern SUMMARY_LAT = Pattern.compile(".*Summary: (Latency|Round trip) is ([\\d.]+) usec.*");
    private static final Pattern TOTAL_RUN = Pattern.compile(
            ".*\\[Total Run\\] RunTime=([\\d.]+) sec;.*SentMessages=(\\d+); ReceivedMessages=(\\d+).*");
    private static final Pattern VALID_MSGS = Pattern.compile(".*SentMessages=(\\d+); ReceivedMessages=(\\d+).*");
    private static final Pattern OBSERVATIONS = Pattern.compile(".*Total (\\d+) observations.*");
    private static final Pattern SENT_TOTAL = Pattern.compile(".*Total of (\\d+) messages sent in ([\\d.]+) sec.*");
    private static final Pattern PACKET_RATE = Pattern.compile(".*Packet Rate is about (\\d+) \\[pkt/sec\\].*");
    private static final Pattern PCT = Pattern.compile(".*---> percentile ([\\d.]+) =\\s*([\\d.]+).*");
    private static final Pattern MINMAX = Pattern.compile(".*---> <?(MAX|MIN)>? observation =\\s*([\\d.]+).*");
    private static final Pattern LOSS = Pattern.compile(
            ".*# dropped messages = (\\d+); # duplicated messages = (\\d+); # out-of-order messages = (\\d+).*");
    private static final Pattern VALID = Pattern.compile(".*\\[Valid Duration\\] RunTime=([\\d.]+) sec.*");
    private static final Pattern RATE = Pattern.compile(".*Summary: Message Rate is (\\d+) \\[msg/sec\\].*");
    private static final Pattern BW = Pattern.compile(".*Summary: BandWidth is ([\\d.]+) MBps \\(([\\d.]+) Mbps\\).*");
    /**
     * Lines inside a pasted run that are not sockperf's: an elision ("[...]", "...") and the tail of
     * its long NOTE ("… For getting maximum throughput consider using --msg-size=1472") a mail wrapped.
     */
    private static final Pattern INSIDE = Pattern.compile("\\[?\\.\\.\\.\\]?|throughput consider using .*");
    /** The first lines of a run's statistics, where a note between the run and them may end. */
    private static final Pattern STATISTICS = Pattern.compile(
            ".*(\\[Valid Duration\\]|avg-(?:latency|lat|rtt)=|Summary: |Total \\d+ observations|---> ).*");
    /** The most lines of a note between a run and its statistics. */
    private static final int NOTE_LINES = 3;
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m|\\[[0-9;]+m");

    public SockperfParser() {
        super("sockperf", "sockperf");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // a paste may begin at the address line ("[ 0] IP = … PORT = … # TCP") when followed by sockperf lines
        return in.get(i).startsWith("sockperf") || in.matches(VERSION_GLUED, i)
                || (in.matches(PROTO, i) && i + 1 < in.size() && in.get(i + 1).startsWith("sockperf"));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String version = null;
        String protocol = null;
        String address = null;
        Integer port = null;
        Boolean roundTrip = null;
        Long sent = null;
        Long received = null;
        Long observations = null;
        Double runSeconds = null;
        Quantity packetRate = null;
        Quantity avg = null;
        Quantity std = null;
        Quantity min = null;
        Quantity max = null;
        Map<String, Quantity> pct = new LinkedHashMap<>();
        Quantity rate = null;
        Quantity bw = null;
        Long dropped = null;
        Long dup = null;
        Long ooo = null;
        Double valid = null;
        boolean server = false;
        String error = null;
        Set<String> seen = new HashSet<>();
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            String s = ANSI.matcher(in.get(i)).replaceAll("");
            if (INSIDE.matcher(s.strip()).matches() && i + 1 < in.size()) {
                b.use(i);
                continue;
            }
            if (!LINE.matcher(s).matches()) {
                int resume = avg == null && rate == null ? statisticsAfterNote(in, i) : -1;
                if (resume < 0) {
                    break;
                }
                i = resume - 1; // the paster's note between the run's lines and its statistics stays unread
                continue;
            }
            String kind = kind(s);
            if (kind != null && !seen.add(kind)) {
                break; // a line of a kind this run already printed: the next run's, pasted right after (a loop's | tail)
            }
            b.use(i);
            Matcher m;
            if (SERVER.matcher(s).matches()) {
                server = true;
            } else if ((m = ERROR.matcher(s)).matches()) {
                error = m.group(1).strip();
            } else if ((m = VERSION.matcher(s)).matches()) {
                version = m.group(1);
            } else if ((m = PROTO.matcher(s)).matches()) {
                address = m.group(1);
                port = Integer.valueOf(m.group(2));
                protocol = m.group(3);
            } else if ((m = AVG.matcher(s)).matches()) {
                avg = Quantity.micros(UnitWords.number(m.group(1)), s);
                std = Quantity.micros(UnitWords.number(m.group(2)), s);
            } else if ((m = SUMMARY_LAT.matcher(s)).matches()) {
                roundTrip = m.group(1).equals("Round trip");
                if (avg == null) {
                    avg = Quantity.micros(UnitWords.number(m.group(2)), s);
                }
            } else if ((m = TOTAL_RUN.matcher(s)).matches()) {
                runSeconds = UnitWords.number(m.group(1));
            } else if ((m = OBSERVATIONS.matcher(s)).matches()) {
                observations = Long.parseLong(m.group(1));
            } else if ((m = SENT_TOTAL.matcher(s)).matches()) {
                sent = Long.parseLong(m.group(1));
                runSeconds = UnitWords.number(m.group(2));
            } else if ((m = PACKET_RATE.matcher(s)).find() && RATE.matcher(s).matches()) {
                packetRate = Quantity.of(UnitWords.number(m.group(1)), "1/s", s);
                rate = rateOf(s);
            } else if ((m = PCT.matcher(s)).matches()) {
                pct.put(m.group(1), Quantity.micros(UnitWords.number(m.group(2)), s));
            } else if ((m = MINMAX.matcher(s)).matches()) {
                Quantity q = Quantity.micros(UnitWords.number(m.group(2)), s);
                if (m.group(1).equals("MAX")) {
                    max = q;
                } else {
                    min = q;
                }
            } else if ((m = LOSS.matcher(s)).matches()) {
                dropped = Long.parseLong(m.group(1));
                dup = Long.parseLong(m.group(2));
                ooo = Long.parseLong(m.group(3));
            } else if ((m = VALID.matcher(s)).matches()) {
                valid = UnitWords.number(m.group(1));
                Matcher msgs = VALID_MSGS.matcher(s);
                if (msgs.matches()) {
                    sent = Long.parseLong(msgs.group(1));
                    received = Long.parseLong(msgs.group(2));
                }
            } else if (RATE.matcher(s).matches()) {
                rate = rateOf(s);
            } else if ((m = BW.matcher(s)).matches()) {
                bw = Quantity.bitsPerSecond(UnitWords.number(m.group(2)) * 1e6, s);
            }
        }
        Command c = in.command();
        String mode = c != null && c.program().equals("sockperf") && !c.args().isEmpty() ? c.args().getFirst()
                : rate != null ? "throughput" : avg != null ? "ping-pong" : server ? "server" : null;
        // a paste of the percentile block alone ("Total N observations", MAX, percentiles, MIN) is a result too; a
        // server's listening address, or a client's that stopped at an error, is what that run printed
        if (avg != null || rate != null || !pct.isEmpty() || address != null && (server || error != null)) {
            SockperfResult r = new SockperfResult(mode, version, protocol, address, port, roundTrip, avg, std, min,
                    max, pct, observations, rate, packetRate, bw, sent, received, dropped, dup, ooo, runSeconds, valid,
                    error, in.source(from));
            b.add(r);
            if (avg != null || rate != null) { // a percentile block alone does not say which test it was
                b.measurement(measurement(r));
            }
        }
        return b.done(i);
    }

    /**
     * The line where the statistics of the same run resume after a note the paster wrote between the
     * run's lines and them ("**The actual pps is correct.**", sockperf#77's shape): at most
     * {@value #NOTE_LINES} non-blank lines that are not sockperf's, then a statistics line
     * ("[Valid Duration]", avg-latency, Summary, observations, percentiles); -1 when none follows.
     */
    private static int statisticsAfterNote(Lines in, int i) {
        int notes = 0;
        for (int j = i; j < in.size(); j++) {
            if (in.blank(j)) {
                continue;
            }
            String s = ANSI.matcher(in.get(j)).replaceAll("");
            if (LINE.matcher(s).matches()) {
                return STATISTICS.matcher(s).matches() ? j : -1;
            }
            if (++notes > NOTE_LINES) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * What a statistics line states, once per run ("avg", "percentile 99.000", "min"), or null for a line a run may
     * print more than once or that states nothing read here.
     */
    private static String kind(String s) {
        Matcher m;
        if ((m = PCT.matcher(s)).matches()) {
            return "percentile " + m.group(1);
        } else if ((m = MINMAX.matcher(s)).matches()) {
            return m.group(1);
        }
        for (Map.Entry<String, Pattern> k : ONCE.entrySet()) {
            if (k.getValue().matcher(s).matches()) {
                return k.getKey();
            }
        }
        return null;
    }

    /** The lines a run prints once, by what they state. */
    private static final Map<String, Pattern> ONCE = Map.of("version", VERSION, "avg", AVG, "summary", SUMMARY_LAT,
            "total run", TOTAL_RUN, "observations", OBSERVATIONS, "sent total", SENT_TOTAL, "loss", LOSS,
            "valid", VALID, "rate", RATE, "bandwidth", BW);

    private static Quantity rateOf(String s) {
        Matcher m = RATE.matcher(s);
        return m.matches() ? Quantity.of(UnitWords.number(m.group(1)), "1/s", s) : null;
    }

    private static Measurement measurement(SockperfResult r) {
        List<Metric> s = new ArrayList<>();
        boolean tcp = "TCP".equalsIgnoreCase(r.protocol());
        String test;
        if (r.messageRate() != null) {
            test = tcp ? Tests.TCP_BW : Tests.UDP_BW;
            s.add(Metric.of(Metrics.MESSAGES_PER_SECOND, r.messageRate().value()));
            if (r.bandwidth() != null) {
                s.add(Metric.of(Metrics.BITS_PER_SECOND, r.bandwidth().value()));
            }
        } else {
            test = tcp ? Tests.TCP_LAT : Tests.UDP_LAT;
            ResultMetrics.add(s, Metrics.LATENCY_AVG_MICROS, r.averageLatency());
            ResultMetrics.add(s, Metrics.LATENCY_STDEV_MICROS, r.stdDev());
            ResultMetrics.add(s, Metrics.LATENCY_MIN_MICROS, r.min());
            ResultMetrics.add(s, Metrics.LATENCY_P50_MICROS, r.percentiles().get("50.000"));
            ResultMetrics.add(s, Metrics.LATENCY_P99_MICROS, r.percentiles().get("99.000"));
            ResultMetrics.add(s, Metrics.LATENCY_P999_MICROS, r.percentiles().get("99.900"));
            ResultMetrics.add(s, Metrics.LATENCY_P9999_MICROS, r.percentiles().get("99.990"));
            ResultMetrics.add(s, Metrics.LATENCY_MAX_MICROS, r.max());
        }
        if (r.dropped() != null) {
            s.add(Metric.of(Metrics.LOST_PACKETS, r.dropped()));
            s.add(Metric.of(Metrics.OUT_OF_ORDER, r.outOfOrder()));
        }
        if (r.validSeconds() != null) {
            s.add(Metric.of(Metrics.SECONDS, r.validSeconds()));
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (r.mode() != null) {
            params.put("mode", r.mode());
        }
        if (r.address() != null) {
            params.put("server", r.address());
            params.put("port", Integer.toString(r.port()));
        }
        if (Boolean.TRUE.equals(r.roundTrip())) {
            params.put("latency", "round-trip");
        }
        return new Measurement("sockperf", r.version(), test, params, s, List.of(), List.of(), "parsed");
    }


}
