package dev.wirespeed.parse.ping;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.RunFailure;
import dev.wirespeed.parse.Source;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ping} as Linux (iputils), BusyBox, BSD/macOS and Windows print it: the header, the replies,
 * the ICMP errors and timeouts in their place, and the statistics. One run is one {@link PingSummary}
 * and one measurement (test {@value #TEST}, round-trip times under the latency metrics with
 * {@code latency=round-trip}, as sockperf's --full-rtt); a run that got no reply is a {@link RunFailure}
 * (cause {@value RunFailure#NO_REPLY}), so explain stores it as failed, never as a latency.
 */
public final class PingParser extends BaseParser {
    public static final String TEST = "icmp-lat";

    /** iputils "PING host (addr) 56(84) bytes of data."; BusyBox/BSD "PING host (addr): 56 data bytes". */
    private static final Pattern HEAD = Pattern.compile("PING ([^\\s(]+)(?: \\(([^)]+)\\))?(?::? (\\d+)(?:\\(\\d+\\))? (?:data )?bytes(?: of data)?\\.?)?.*");
    /** Windows: "Pinging host [addr] with 32 bytes of data:". */
    private static final Pattern WIN_HEAD = Pattern.compile("Pinging (\\S+)(?: \\[([^]]+)])? with (\\d+) bytes of data:?");
    /** "64 bytes from 10.0.0.3: icmp_seq=1 ttl=64 time=2.48 ms"; BusyBox "seq=0"; with a name "from h (addr)". */
    private static final Pattern REPLY = Pattern.compile("\\d+ bytes from .*?(?:icmp_)?seq=\\d+.*?time[=<]\\s*([\\d.]+)\\s*ms.*");
    /** Windows "Reply from 10.1.0.4: bytes=32 time<1ms TTL=128". */
    private static final Pattern WIN_REPLY = Pattern.compile("Reply from [^:]+: bytes=\\d+ time[=<]([\\d.]+)ms TTL=\\d+");
    /** "From 10.4.20.1 icmp_seq=1 Destination Host Unreachable", "From client3 (10.4.20.1) icmp_seq=1 …". */
    private static final Pattern ERROR = Pattern.compile("From (\\S+(?: \\([^)]+\\))?) (?:icmp_)?seq=\\d+ (.+)");
    /** Windows "Reply from 192.168.1.10: Destination host unreachable." and "Request timed out."; BSD "Request timeout for icmp_seq 0". */
    private static final Pattern WIN_ERROR = Pattern.compile("(?:Reply from ([^:]+): )?(Destination (?:host|net) unreachable\\.|Request timed out\\.|Request timeout for icmp_seq \\d+|General failure\\.|Transmit failed\\..*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern STATS_HEAD = Pattern.compile("--- (\\S+) ping statistics ---");
    private static final Pattern WIN_STATS_HEAD = Pattern.compile("Ping statistics for ([^:]+):");
    /** "4 packets transmitted, 3 received, +1 duplicates, +2 errors, 25% packet loss, time 603ms"; BusyBox "3 packets received". */
    private static final Pattern COUNTS = Pattern.compile("(\\d+) packets transmitted, (\\d+)(?: packets)? received,"
            + "(?: \\+(\\d+) duplicates,)?(?: \\+(\\d+) errors,)? ([\\d.]+)% packet loss.*");
    private static final Pattern WIN_COUNTS = Pattern.compile("Packets: Sent = (\\d+), Rec(?:ie|ei)ved = (\\d+), Lost = (\\d+) \\(([\\d.]+)% loss\\),?");
    /** "rtt min/avg/max/mdev = 0.565/1.232/3.175/1.122 ms[, ipg/ewma …]"; "round-trip min/avg/max[/stddev] = … ms". */
    private static final Pattern RTT = Pattern.compile("(?:rtt|round-trip) min/avg/max(?:/(?:mdev|stddev))? = ([\\d.]+)\\s*/\\s*([\\d.]+)\\s*/\\s*([\\d.]+)(?:\\s*/\\s*([\\d.]+))? ms.*");
    private static final Pattern WIN_RTT = Pattern.compile("Minimum = (\\d+)ms, Maximum = (\\d+)ms, Average = (\\d+)ms");
    /**
     * The header's size as printed: iputils "4578(4606) bytes of data" (payload, then the IP packet),
     * BusyBox/BSD "56 data bytes", Windows "32 bytes of data".
     */
    private static final Pattern SIZE = Pattern.compile("\\d+(?:\\(\\d+\\))? (?:data bytes|bytes of data)");
    /** A reply's fields as ping prints them, "icmp_seq=1", "ttl=64", "time=0.154 ms", Windows "time<1ms", "TTL=128". */
    private static final Pattern REPLY_FIELD = Pattern.compile("\\b([A-Za-z_]+)([=<])(\\S+?(?: ?ms\\b)?)(?=\\s|$)");
    /** Lines ping prints that say nothing here: iputils' "pipe 2", Windows' heading, a ^C. */
    private static final Pattern QUIET = Pattern.compile("pipe \\d+|\\^C|Approximate round trip times in milli-seconds:|Control-C");

    public PingParser() {
        super("ping", "ping", "ping6");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && (in.get(i).contains("bytes") || i + 1 < in.size() && in.matches(REPLY, i + 1))
                || in.matches(WIN_HEAD, i)
                || (in.matches(REPLY, i) || in.matches(STATS_HEAD, i) || in.matches(WIN_STATS_HEAD, i)
                    || in.matches(ERROR, i) && in.get(i).contains("seq="))
                && (pingCommand(in.command()) || in.matches(REPLY, i) || in.matches(STATS_HEAD, i));
    }

    private static boolean pingCommand(Command c) {
        return c != null && (c.program().equals("ping") || c.program().equals("ping6"));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Run run = new Run();
        Command c = in.command();
        int i = from;
        int end = from;
        boolean stats = false;
        for (; i < in.size(); i++) {
            String line = in.get(i);
            if (line.isEmpty()) {
                continue;
            }
            Matcher m;
            if ((m = in.match(HEAD, i)) != null && (line.contains("bytes") || run.first == null)) {
                if (run.first != null) {
                    break; // the next run
                }
                run.variant = line.contains("data bytes") ? "busybox" : "iputils";
                run.target = m.group(1);
                run.address = m.group(2);
                run.payload = m.group(3) == null ? null : Integer.parseInt(m.group(3));
                run.printedSize(i, line);
            } else if ((m = in.match(WIN_HEAD, i)) != null) {
                if (run.first != null) {
                    break;
                }
                run.variant = "windows";
                run.target = m.group(1);
                run.address = m.group(2);
                run.payload = Integer.parseInt(m.group(3));
                run.printedSize(i, line);
            } else if (stats && (in.matches(REPLY, i) || in.matches(WIN_REPLY, i) || in.matches(ERROR, i))) {
                break; // a new run pasted without its header
            } else if ((m = in.match(REPLY, i)) != null) {
                run.reply(Double.parseDouble(m.group(1)));
                run.printedReply(i, line.substring(line.indexOf(':') + 1));
                if (run.variant == null) {
                    run.variant = line.contains("icmp_seq=") ? "iputils" : "busybox";
                }
            } else if ((m = in.match(WIN_REPLY, i)) != null) {
                run.reply(Double.parseDouble(m.group(1)));
                run.printedReply(i, line.substring(line.indexOf(':') + 1));
                run.variant = "windows";
            } else if ((m = in.match(ERROR, i)) != null) {
                run.error("From " + m.group(1) + ": " + m.group(2));
            } else if ((m = in.match(WIN_ERROR, i)) != null) {
                run.error(m.group(1) == null ? m.group(2) : "From " + m.group(1) + ": " + m.group(2));
            } else if ((m = in.match(STATS_HEAD, i)) != null) {
                stats = true;
                if (run.target == null) {
                    run.target = m.group(1);
                }
            } else if ((m = in.match(WIN_STATS_HEAD, i)) != null) {
                stats = true;
                run.variant = "windows";
                if (run.target == null) {
                    run.target = m.group(1).strip();
                }
            } else if ((m = in.match(COUNTS, i)) != null) {
                stats = true;
                run.transmitted = Integer.parseInt(m.group(1));
                run.received = Integer.parseInt(m.group(2));
                run.errors = m.group(4) == null ? null : Integer.parseInt(m.group(4));
                run.loss = Double.parseDouble(m.group(5));
            } else if ((m = in.match(WIN_COUNTS, i)) != null) {
                stats = true;
                run.transmitted = Integer.parseInt(m.group(1));
                run.received = Integer.parseInt(m.group(2));
                run.loss = Double.parseDouble(m.group(4));
            } else if ((m = in.match(RTT, i)) != null) {
                run.rtt = new double[] {d(m.group(1)), d(m.group(2)), d(m.group(3)), m.group(4) == null ? Double.NaN : d(m.group(4))};
            } else if ((m = in.match(WIN_RTT, i)) != null) {
                // Windows prints Minimum, Maximum, Average
                run.rtt = new double[] {d(m.group(1)), d(m.group(3)), d(m.group(2)), Double.NaN};
            } else if (!in.matches(QUIET, i)) {
                break;
            }
            if (run.first == null) {
                run.first = in.source(i);
            }
            b.use(i);
            end = i + 1;
        }
        if (run.first == null) {
            return b.done(from);
        }
        if (run.target == null && c != null) {
            run.target = c.args().stream().filter(a -> !a.startsWith("-")).reduce((x, y) -> y).orElse(null);
        }
        PingSummary s = run.summary();
        b.add(s);
        run.printed.forEach(p -> b.printedBeside(s, Integer.parseInt(p[0]), p[1], p[2]));
        b.measurement(measurement(s));
        if (s.noReply()) {
            b.add(new RunFailure("ping", RunFailure.NO_REPLY, failure(s), "ICMP", null, 0, s.source()));
        }
        return b.done(end);
    }

    private static double d(String s) {
        return Double.parseDouble(s);
    }

    /** "3 sent, 0 received, +3 errors (From 10.4.20.1: Destination Host Unreachable ×3)". */
    static String failure(PingSummary s) {
        StringBuilder t = new StringBuilder().append(s.transmitted()).append(" sent, ").append(s.received()).append(" received");
        if (s.errors() != null) {
            t.append(", +").append(s.errors()).append(" errors");
        }
        if (s.icmpError() != null) {
            t.append(" (").append(s.icmpError()).append(s.icmpErrors() > 1 ? " ×" + s.icmpErrors() : "").append(')');
        }
        return t.toString();
    }

    private static Measurement measurement(PingSummary s) {
        Map<String, String> params = new LinkedHashMap<>();
        if (s.target() != null) {
            params.put("server", s.address() != null ? s.address() : s.target());
        }
        if (s.payloadBytes() != null) {
            params.put("sizeBytes", Integer.toString(s.payloadBytes()));
        }
        params.put("latency", "round-trip");
        if (s.fromReplies()) {
            params.put("from", s.replies() + " replies shown (no statistics in the paste)");
        }
        List<Metric> m = new ArrayList<>();
        if (s.rttAvgMillis() != null) {
            m.add(Metric.of(Metrics.LATENCY_MIN_MICROS, s.rttMinMillis() * 1000));
            m.add(Metric.of(Metrics.LATENCY_AVG_MICROS, s.rttAvgMillis() * 1000));
            m.add(Metric.of(Metrics.LATENCY_MAX_MICROS, s.rttMaxMillis() * 1000));
            if (s.rttMdevMillis() != null) {
                m.add(Metric.of(Metrics.LATENCY_STDEV_MICROS, s.rttMdevMillis() * 1000));
            }
        }
        if (s.transmitted() != null) {
            m.add(Metric.of(Metrics.TOTAL_PACKETS, s.transmitted()));
            m.add(Metric.of(Metrics.LOST_PACKETS, Math.max(0, s.transmitted() - s.received())));
        }
        if (s.lossPercent() != null) {
            m.add(Metric.of(Metrics.LOSS_PERCENT, s.lossPercent()));
        }
        return new Measurement("ping", null, TEST, params, m, List.of(), List.of(), "parsed");
    }

    /** What one run showed, line by line. */
    private static final class Run {
        Source first;
        String variant;
        String target;
        String address;
        Integer payload;
        Integer transmitted;
        Integer received;
        Integer errors;
        Double loss;
        double[] rtt;
        final List<Double> times = new ArrayList<>();
        String error;
        int errorCount;
        /** line, name, value of each field the header and the replies print, as printed. */
        final List<String[]> printed = new ArrayList<>();

        /** The header's size as printed, under "size" (ping names it in no word of its own). */
        void printedSize(int line, String text) {
            Matcher m = SIZE.matcher(text);
            if (m.find()) {
                printed.add(new String[] {String.valueOf(line), "size", m.group()});
            }
        }

        /** A reply's fields after its "from ADDR:", under ping's names; "time<1ms" keeps its "<". */
        void printedReply(int line, String fields) {
            Matcher m = REPLY_FIELD.matcher(fields);
            while (m.find()) {
                printed.add(new String[] {String.valueOf(line), m.group(1), (m.group(2).equals("<") ? "<" : "") + m.group(3)});
            }
        }

        void reply(double millis) {
            times.add(millis);
        }

        void error(String text) {
            if (error == null) {
                error = text;
            }
            errorCount++;
        }

        PingSummary summary() {
            double[] r = rtt;
            boolean fromReplies = false;
            if (r == null && !times.isEmpty()) {
                double min = times.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
                double max = times.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
                double avg = times.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                r = new double[] {min, avg, max, Double.NaN};
                fromReplies = true;
            }
            return new PingSummary(variant == null ? "iputils" : variant, target, address, payload, transmitted, received,
                    errors, loss, r == null ? null : r[0], r == null ? null : r[1], r == null ? null : r[2],
                    r == null || Double.isNaN(r[3]) ? null : r[3], times.size(), fromReplies, error, errorCount, first);
        }
    }
}
