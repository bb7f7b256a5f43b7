package dev.wirespeed.results;

import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Converts wirespeed's own detailed results into the common {@link Measurement} model. */
public final class Measurements {
    private Measurements() {}

    /**
     * One Measurement per direction of a bandwidth test (a --bidir test gives two). The summary
     * uses the receiver's figures (what arrived), the sender's retransmits, and both CPUs.
     */
    public static List<Measurement> of(BwResult r) {
        List<Measurement> out = new ArrayList<>();
        for (BwResult.DirectionResult d : r.directions()) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("direction", d.direction());
            params.put("streams", Integer.toString(r.params().streams()));
            if (r.params().durationSeconds() != null) {
                params.put("durationSeconds", num(r.params().durationSeconds()));
            }
            if (r.params().bytes() != null) {
                params.put("bytes", Long.toString(r.params().bytes()));
            }
            params.put("bufferBytes", Long.toString(r.params().bufferBytes()));
            if (r.params().windowBytes() != null) {
                params.put("windowBytes", Long.toString(r.params().windowBytes()));
            }
            if (r.params().congestion() != null) {
                params.put("congestion", r.params().congestion());
            }
            if (r.server() != null && r.server().address() != null) {
                params.put("server", r.server().address());
            }
            List<Metric> summary = new ArrayList<>();
            BwResult.Summary rx = d.receiverSummary();
            BwResult.Summary tx = d.senderSummary();
            BwResult.Summary main = rx != null ? rx : tx;
            if (main != null) {
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, main.bitsPerSecond()));
                summary.add(Metric.of(Metrics.BYTES, main.bytes()));
                summary.add(Metric.of(Metrics.SECONDS, main.seconds()));
            }
            double peak = d.intervals().stream().filter(i -> !i.omitted())
                    .mapToDouble(BwResult.IntervalReport::bitsPerSecond).max().orElse(Double.NaN);
            if (!Double.isNaN(peak)) {
                summary.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, peak));
            }
            // the test's own sockets only: the host-wide count holds every other connection too (issue 26)
            if (tx != null && tx.retransmits() != null && tx.retransmits().sockets() != null) {
                summary.add(Metric.of(Metrics.RETRANSMITS, tx.retransmits().sockets()));
            }
            if (r.cpu() != null && r.cpu().client() != null) {
                summary.add(Metric.of(Metrics.CPU_CLIENT_PERCENT, r.cpu().client().totalPercent()));
            }
            if (r.cpu() != null && r.cpu().server() != null) {
                summary.add(Metric.of(Metrics.CPU_SERVER_PERCENT, r.cpu().server().totalPercent()));
            }
            List<Measurement.Interval> intervals = d.intervals().stream()
                    .map(i -> new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(),
                            List.of(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()),
                                    Metric.of(Metrics.BYTES, i.bytes()))))
                    .toList();
            out.add(new Measurement("wirespeed", r.tool().version(), Measurement.Tests.TCP_BW, params, summary,
                    intervals, List.of(), "measured"));
        }
        return out;
    }

    /**
     * A latency test as one Measurement ("tcp-lat" or "udp-lat"): one row per size, keyed by
     * sizeBytes; with a single size its figures are also the summary. Latency metrics are one-way
     * (RTT/2), as perftest, qperf and sockperf report them.
     */
    public static Measurement of(LatResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("protocol", r.params().protocol());
        if (r.params().sizesBytes().size() == 1) {
            params.put("sizeBytes", Integer.toString(r.params().sizesBytes().getFirst()));
        }
        if (r.params().iterations() != null) {
            params.put("iterations", Long.toString(r.params().iterations()));
        }
        if (r.params().secondsPerSize() != null) {
            params.put("secondsPerSize", num(r.params().secondsPerSize()));
        }
        params.put("warmupIterations", Long.toString(r.params().warmupIterations()));
        params.put("busyPoll", Boolean.toString(r.params().busyPoll()));
        if (r.server() != null && r.server().address() != null) {
            params.put("server", r.server().address());
        }
        List<Measurement.Row> rows = r.rows().stream()
                .map(row -> new Measurement.Row("sizeBytes", row.sizeBytes(), latencyMetrics(row), row.rttHistogram()))
                .toList();
        List<Metric> summary = new ArrayList<>();
        if (!r.params().sweep() && !r.rows().isEmpty()) {
            summary.addAll(latencyMetrics(r.rows().getFirst()));
        }
        addCpu(summary, r.cpu());
        String test = Protocol.of(r.params().protocol()).orElse(null) == Protocol.UDP ? Measurement.Tests.UDP_LAT : Measurement.Tests.TCP_LAT;
        return new Measurement("wirespeed", r.tool().version(), test, params, summary, List.of(), rows, "measured");
    }

    private static List<Metric> latencyMetrics(LatResult.LatRow row) {
        LatResult.LatStats o = row.oneWayMicros();
        List<Metric> m = new ArrayList<>(List.of(
                Metric.of(Metrics.ITERATIONS, row.iterations()),
                Metric.of(Metrics.LATENCY_MIN_MICROS, o.min()),
                Metric.of(Metrics.LATENCY_MAX_MICROS, o.max()),
                Metric.of(Metrics.LATENCY_P50_MICROS, o.p50()),
                Metric.of(Metrics.LATENCY_AVG_MICROS, o.average()),
                Metric.of(Metrics.LATENCY_STDEV_MICROS, o.stdev()),
                Metric.of(Metrics.LATENCY_P99_MICROS, o.p99()),
                Metric.of(Metrics.LATENCY_P999_MICROS, o.p999()),
                Metric.of(Metrics.LATENCY_P9999_MICROS, o.p9999()),
                Metric.of(Metrics.MESSAGES_PER_SECOND, row.roundTripsPerSecond())));
        if (row.lostPackets() != null) {
            m.add(Metric.of(Metrics.LOST_PACKETS, row.lostPackets()));
        }
        return m;
    }

    /** One Measurement ("udp-bw") per direction; the summary holds the receiver's figures. */
    public static List<Measurement> of(UdpResult r) {
        List<Measurement> out = new ArrayList<>();
        for (UdpResult.UdpDirection d : r.directions()) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("direction", d.direction());
            params.put("streams", Integer.toString(r.params().streams()));
            params.put("durationSeconds", num(r.params().durationSeconds()));
            params.put("targetBitsPerSecond", Long.toString(r.params().targetBitsPerSecond()));
            params.put("datagramBytes", Integer.toString(r.params().datagramBytes()));
            if (r.server() != null && r.server().address() != null) {
                params.put("server", r.server().address());
            }
            List<Metric> summary = new ArrayList<>();
            UdpResult.UdpReceiverSummary rx = d.receiverSummary();
            if (rx != null) {
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, rx.bitsPerSecond()));
                summary.add(Metric.of(Metrics.BYTES, rx.bytes()));
                summary.add(Metric.of(Metrics.SECONDS, rx.seconds()));
                summary.add(Metric.of(Metrics.LOST_PACKETS, rx.lostPackets()));
                summary.add(Metric.of(Metrics.TOTAL_PACKETS, rx.totalPackets()));
                summary.add(Metric.of(Metrics.LOSS_PERCENT, rx.lossPercent()));
                summary.add(Metric.of(Metrics.OUT_OF_ORDER, rx.outOfOrderPackets()));
                summary.add(Metric.of(Metrics.JITTER_MICROS, rx.jitterMicros()));
            } else if (d.senderSummary() != null) {
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, d.senderSummary().bitsPerSecond()));
            }
            double peak = d.intervals().stream().filter(i -> !i.omitted())
                    .mapToDouble(i -> i.sum().bitsPerSecond()).max().orElse(Double.NaN);
            if (!Double.isNaN(peak)) {
                summary.add(Metric.of(Metrics.PEAK_BITS_PER_SECOND, peak));
            }
            addCpu(summary, r.cpu());
            List<Measurement.Interval> intervals = d.intervals().stream()
                    .map(i -> new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(), List.of(
                            Metric.of(Metrics.BITS_PER_SECOND, i.sum().bitsPerSecond()),
                            Metric.of(Metrics.BYTES, i.sum().bytes()),
                            Metric.of(Metrics.LOST_PACKETS, i.sum().lostPackets()),
                            Metric.of(Metrics.TOTAL_PACKETS, i.sum().totalPackets()),
                            Metric.of(Metrics.LOSS_PERCENT, i.sum().lossPercent()),
                            Metric.of(Metrics.JITTER_MICROS, i.sum().jitterMicros()))))
                    .toList();
            out.add(new Measurement("wirespeed", r.tool().version(), Measurement.Tests.UDP_BW, params, summary,
                    intervals, List.of(), "measured"));
        }
        return out;
    }

    /**
     * A watch ("watch"): one measurement per subject and direction that moved (rx, tx), its intervals'
     * rate and packets per second, and per interval the counters that matter which moved (delta, by
     * name), so the report charts the series over time.
     */
    public static List<Measurement> of(WatchResult r) {
        List<Measurement> out = new ArrayList<>();
        for (String subject : r.subjects()) {
            for (String direction : List.of("rx", "tx")) {
                List<Measurement.Interval> intervals = new ArrayList<>();
                String scope = null;
                boolean moved = false;
                for (WatchResult.Interval i : r.intervals()) {
                    WatchResult.SubjectInterval s = i.subjects().stream().filter(x -> x.subject().equals(subject))
                            .findFirst().orElse(null);
                    Double bits = s == null ? null : direction.equals("rx") ? s.rxBitsPerSecond() : s.txBitsPerSecond();
                    Double packets = s == null ? null
                            : direction.equals("rx") ? s.rxPacketsPerSecond() : s.txPacketsPerSecond();
                    List<Metric> metrics = new ArrayList<>();
                    metrics.add(Metric.of(Metrics.BITS_PER_SECOND, bits == null ? 0 : bits));
                    metrics.add(new Metric("packetsPerSecond", packets == null ? 0 : packets, "1/s"));
                    if (s != null) {
                        scope = s.scope();
                        moved |= bits != null && bits > 0 || packets != null && packets > 0;
                        // a counter belongs to the direction its name says, else (port_xmit_wait, symbol_error) to rx
                        s.counters().stream().filter(m -> direction.equals(m.name().startsWith("tx")
                                        || m.name().contains("xmit") ? "tx" : "rx"))
                                .forEach(m -> metrics.add(new Metric(m.name(), m.delta(), "count")));
                        moved |= metrics.size() > 2;
                    }
                    intervals.add(new Measurement.Interval(i.startSeconds(), i.endSeconds(), false, metrics));
                }
                if (scope == null || !moved) {
                    continue; // never moved in this direction: nothing to keep
                }
                double mean = intervals.stream().mapToDouble(i -> i.metrics().getFirst().value()).average().orElse(0);
                double peak = intervals.stream().mapToDouble(i -> i.metrics().getFirst().value()).max().orElse(0);
                Map<String, String> params = new LinkedHashMap<>();
                params.put("subject", subject);
                params.put("scope", scope);
                params.put("direction", direction);
                params.put("intervalSeconds", num(r.intervalSeconds()));
                out.add(new Measurement("wirespeed", r.tool().version(), Measurement.Tests.WATCH, params,
                        List.of(Metric.of(Metrics.BITS_PER_SECOND, mean), Metric.of(Metrics.PEAK_BITS_PER_SECOND, peak)),
                        intervals, List.of(), "measured"));
            }
        }
        return out;
    }

    /** A size sweep of TCP bandwidth ("tcp-bw"): one row per size, keyed by sizeBytes. */
    public static Measurement of(BwSweepResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("direction", r.params().direction());
        params.put("streams", Integer.toString(r.params().streams()));
        params.put("secondsPerSize", num(r.params().secondsPerSize()));
        params.put("peakIntervalSeconds", num(r.params().peakIntervalSeconds()));
        if (r.server() != null && r.server().address() != null) {
            params.put("server", r.server().address());
        }
        List<Measurement.Row> rows = r.rows().stream().map(row -> {
            List<Metric> m = new ArrayList<>(List.of(
                    Metric.of(Metrics.PEAK_BITS_PER_SECOND, row.peakBitsPerSecond()),
                    Metric.of(Metrics.BITS_PER_SECOND, row.averageBitsPerSecond()),
                    Metric.of(Metrics.MESSAGES_PER_SECOND, row.messagesPerSecond())));
            if (row.retransmits() != null) {
                m.add(Metric.of(Metrics.RETRANSMITS, row.retransmits()));
            }
            return new Measurement.Row("sizeBytes", row.sizeBytes(), m);
        }).toList();
        return new Measurement("wirespeed", r.tool().version(), Measurement.Tests.TCP_BW, params, List.of(),
                List.of(), rows, "measured");
    }

    private static void addCpu(List<Metric> summary, BwResult.Cpu cpu) {
        if (cpu != null && cpu.client() != null) {
            summary.add(Metric.of(Metrics.CPU_CLIENT_PERCENT, cpu.client().totalPercent()));
        }
        if (cpu != null && cpu.server() != null) {
            summary.add(Metric.of(Metrics.CPU_SERVER_PERCENT, cpu.server().totalPercent()));
        }
    }

    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Latency under load ("loaded-tcp-lat" or "loaded-udp-lat"): the load's rate and the pings'
     * round trips idle, loaded and added (round trips, not one-way: the bufferbloat figure is
     * ping's), with the timeline as intervals (rate only while the load ran).
     */
    public static Measurement of(LoadedLatencyResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("protocol", r.params().protocol());
        params.put("sizeBytes", Integer.toString(r.params().sizeBytes()));
        params.put("pingIntervalMillis", num(r.params().pingIntervalMillis()));
        params.put("idleSeconds", num(r.params().idleSeconds()));
        if (r.bandwidth() != null) {
            params.put("direction", r.bandwidth().params().direction());
            params.put("streams", Integer.toString(r.bandwidth().params().streams()));
            if (r.bandwidth().params().durationSeconds() != null) {
                params.put("durationSeconds", num(r.bandwidth().params().durationSeconds()));
            }
        }
        if (r.server() != null && r.server().address() != null) {
            params.put("server", r.server().address());
        }
        List<Metric> summary = new ArrayList<>();
        if (r.bandwidth() != null) {
            double rate = 0;
            boolean any = false;
            for (BwResult.DirectionResult d : r.bandwidth().directions()) {
                BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
                if (s != null) {
                    rate += s.bitsPerSecond();
                    any = true;
                }
            }
            if (any) {
                summary.add(Metric.of(Metrics.BITS_PER_SECOND, rate));
            }
        }
        if (r.idle().roundTrips() > 0) {
            summary.add(Metric.of(Metrics.IDLE_RTT_P50_MICROS, r.idle().p50Micros()));
            summary.add(Metric.of(Metrics.IDLE_RTT_P99_MICROS, r.idle().p99Micros()));
        }
        if (r.loaded().roundTrips() > 0) {
            summary.add(Metric.of(Metrics.LOADED_RTT_P50_MICROS, r.loaded().p50Micros()));
            summary.add(Metric.of(Metrics.LOADED_RTT_P99_MICROS, r.loaded().p99Micros()));
            summary.add(Metric.of(Metrics.LOADED_RTT_P999_MICROS, r.loaded().p999Micros()));
        }
        if (r.addedMicros() != null) {
            summary.add(Metric.of(Metrics.ADDED_RTT_P50_MICROS, r.addedMicros().p50()));
            summary.add(Metric.of(Metrics.ADDED_RTT_P99_MICROS, r.addedMicros().p99()));
        }
        List<Measurement.Interval> intervals = new ArrayList<>();
        if (r.timeline() != null) {
            for (LoadedLatencyResult.Interval i : r.timeline().intervals()) {
                List<Metric> m = new ArrayList<>();
                if (i.bitsPerSecond() != null) {
                    m.add(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()));
                }
                if (i.rttP50Micros() != null) {
                    m.add(Metric.of(Metrics.RTT_P50_MICROS, i.rttP50Micros()));
                    m.add(Metric.of(Metrics.RTT_P99_MICROS, i.rttP99Micros()));
                }
                intervals.add(new Measurement.Interval(i.startSeconds(), i.endSeconds(), false, m));
            }
        }
        String test = "udp".equals(r.params().protocol()) ? Measurement.Tests.LOADED_UDP_LAT
                : Measurement.Tests.LOADED_TCP_LAT;
        return new Measurement("wirespeed", r.tool().version(), test, params, summary, intervals, List.of(), "measured");
    }

    /**
     * One-way latency ({@code bw --trip-times}, "tcp-trip" or "udp-trip"): the received rate, the
     * one-way (and TCP write-to-read) percentiles, the clocks' error bound, and per interval the rate
     * with the one-way p50/p99.
     */
    public static Measurement of(TripTimesResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("protocol", r.params().protocol());
        params.put("streams", Integer.toString(r.params().streams()));
        params.put("bufferBytes", Integer.toString(r.params().bufferBytes()));
        params.put("durationSeconds", num(r.params().durationSeconds()));
        clocksAndServer(params, r.clocks(), r.server());
        List<Metric> summary = new ArrayList<>();
        if (r.bandwidth() != null && !r.bandwidth().directions().isEmpty()
                && r.bandwidth().directions().getFirst().receiverSummary() != null) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND,
                    r.bandwidth().directions().getFirst().receiverSummary().bitsPerSecond()));
        } else {
            udpReceived(summary, r.udpBandwidth());
        }
        if (r.oneWay() != null) {
            summary.add(Metric.of(Metrics.ONE_WAY_MIN_MICROS, r.oneWay().minMicros()));
            summary.add(Metric.of(Metrics.ONE_WAY_P50_MICROS, r.oneWay().p50Micros()));
            summary.add(Metric.of(Metrics.ONE_WAY_P99_MICROS, r.oneWay().p99Micros()));
            summary.add(Metric.of(Metrics.ONE_WAY_P999_MICROS, r.oneWay().p999Micros()));
            summary.add(Metric.of(Metrics.ONE_WAY_MAX_MICROS, r.oneWay().maxMicros()));
        }
        if (r.writeToRead() != null) {
            summary.add(Metric.of(Metrics.WRITE_TO_READ_P50_MICROS, r.writeToRead().p50Micros()));
            summary.add(Metric.of(Metrics.WRITE_TO_READ_P99_MICROS, r.writeToRead().p99Micros()));
        }
        if (r.clocks() != null) {
            summary.add(Metric.of(Metrics.CLOCK_ERROR_BOUND_MICROS, r.clocks().errorBoundMicros()));
        }
        List<Measurement.Interval> intervals = new ArrayList<>();
        if (r.timeline() != null) {
            for (TripTimesResult.Interval i : r.timeline()) {
                List<Metric> m = new ArrayList<>();
                if (i.bitsPerSecond() != null) {
                    m.add(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()));
                }
                if (i.oneWay() != null) {
                    m.add(Metric.of(Metrics.ONE_WAY_P50_MICROS, i.oneWay().p50Micros()));
                    m.add(Metric.of(Metrics.ONE_WAY_P99_MICROS, i.oneWay().p99Micros()));
                }
                intervals.add(new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(), m));
            }
        }
        String test = "udp".equals(r.protocol()) ? Measurement.Tests.UDP_TRIP : Measurement.Tests.TCP_TRIP;
        return new Measurement("wirespeed", r.tool().version(), test, params, summary, intervals, List.of(), "measured");
    }

    /**
     * Frames at a frame rate ({@code bw --isochronous}, "udp-isoch"): the received rate, the frames
     * sent, missed, complete, incomplete, lost and late, their jitter and (clocks agreeing) latency;
     * per interval the rate, the damaged and late frames and the latency p50/p99.
     */
    public static Measurement of(IsochronousResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("framesPerSecond", Integer.toString(r.params().framesPerSecond()));
        params.put("meanBitsPerSecond", Long.toString(r.params().meanBitsPerSecond()));
        params.put("stdevBitsPerSecond", Long.toString(r.params().stdevBitsPerSecond()));
        params.put("datagramBytes", Integer.toString(r.params().datagramBytes()));
        params.put("durationSeconds", num(r.params().durationSeconds()));
        clocksAndServer(params, r.clocks(), r.server());
        List<Metric> summary = new ArrayList<>();
        udpReceived(summary, r.udpBandwidth());
        IsochronousResult.Frames f = r.frames();
        if (f != null) {
            summary.add(Metric.of(Metrics.FRAMES_SENT, f.sent()));
            summary.add(Metric.of(Metrics.FRAME_SLIPS, f.slips()));
            summary.add(Metric.of(Metrics.FRAMES_COMPLETE, f.complete()));
            summary.add(Metric.of(Metrics.FRAMES_INCOMPLETE, f.incomplete()));
            summary.add(Metric.of(Metrics.FRAMES_LOST, f.lost()));
            summary.add(Metric.of(Metrics.FRAMES_LATE, f.late()));
            summary.add(Metric.of(Metrics.FRAME_LOSS_PERCENT, f.lossPercent()));
            summary.add(Metric.of(Metrics.FRAME_JITTER_MICROS, f.jitterMicros()));
            if (f.latency() != null) {
                summary.add(Metric.of(Metrics.FRAME_LATENCY_P50_MICROS, f.latency().p50Micros()));
                summary.add(Metric.of(Metrics.FRAME_LATENCY_P99_MICROS, f.latency().p99Micros()));
            }
        }
        if (r.clocks() != null) {
            summary.add(Metric.of(Metrics.CLOCK_ERROR_BOUND_MICROS, r.clocks().errorBoundMicros()));
        }
        List<Measurement.Interval> intervals = new ArrayList<>();
        if (r.timeline() != null) {
            for (IsochronousResult.Interval i : r.timeline()) {
                List<Metric> m = new ArrayList<>();
                if (i.bitsPerSecond() != null) {
                    m.add(Metric.of(Metrics.BITS_PER_SECOND, i.bitsPerSecond()));
                }
                m.add(Metric.of(Metrics.FRAMES_COMPLETE, i.complete()));
                m.add(Metric.of(Metrics.FRAMES_INCOMPLETE, i.incomplete()));
                m.add(Metric.of(Metrics.FRAMES_LOST, i.lost()));
                m.add(Metric.of(Metrics.FRAMES_LATE, i.late()));
                m.add(Metric.of(Metrics.FRAME_JITTER_MICROS, i.jitterMicros()));
                if (i.latencyP50Micros() != null) {
                    m.add(Metric.of(Metrics.FRAME_LATENCY_P50_MICROS, i.latencyP50Micros()));
                    m.add(Metric.of(Metrics.FRAME_LATENCY_P99_MICROS, i.latencyP99Micros()));
                }
                intervals.add(new Measurement.Interval(i.startSeconds(), i.endSeconds(), i.omitted(), m));
            }
        }
        return new Measurement("wirespeed", r.tool().version(), Measurement.Tests.UDP_ISOCH, params, summary, intervals,
                List.of(), "measured");
    }

    /** How the clocks agreed (trip times) and the server's address, when known. */
    private static void clocksAndServer(Map<String, String> params, TripTimesResult.Clocks clocks,
                                        BwResult.Peer server) {
        if (clocks != null) {
            params.put("clocks", clocks.agreement());
        }
        if (server != null && server.address() != null) {
            params.put("server", server.address());
        }
    }

    /** The first direction's received rate of a UDP test, when it has one. */
    private static void udpReceived(List<Metric> summary, UdpResult udp) {
        if (udp != null && !udp.directions().isEmpty() && udp.directions().getFirst().receiverSummary() != null) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND,
                    udp.directions().getFirst().receiverSummary().bitsPerSecond()));
        }
    }

    /** A connection-rate test ("tcp-crr"): transactions per second and each phase's p50/p99. */
    public static Measurement of(CrrResult r) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("streams", Integer.toString(r.params().streams()));
        params.put("durationSeconds", num(r.params().durationSeconds()));
        params.put("sizeBytes", Integer.toString(r.params().requestBytes()));
        if (r.server() != null && r.server().address() != null) {
            params.put("server", r.server().address());
        }
        List<Metric> summary = new ArrayList<>(List.of(
                Metric.of(Metrics.TRANSACTIONS_PER_SECOND, r.transactionsPerSecond()),
                Metric.of(Metrics.TRANSACTIONS, r.transactions()),
                Metric.of(Metrics.SECONDS, r.seconds()),
                Metric.of(Metrics.FAILURES, r.failures().total())));
        if (r.transactions() > 0) {
            summary.addAll(List.of(
                    Metric.of(Metrics.CONNECT_P50_MICROS, r.phases().connect().p50Micros()),
                    Metric.of(Metrics.CONNECT_P99_MICROS, r.phases().connect().p99Micros()),
                    Metric.of(Metrics.FIRST_BYTE_P50_MICROS, r.phases().firstByte().p50Micros()),
                    Metric.of(Metrics.FIRST_BYTE_P99_MICROS, r.phases().firstByte().p99Micros()),
                    Metric.of(Metrics.CLOSE_P50_MICROS, r.phases().close().p50Micros()),
                    Metric.of(Metrics.CLOSE_P99_MICROS, r.phases().close().p99Micros())));
        }
        return new Measurement("wirespeed", r.tool().version(), Measurement.Tests.TCP_CRR, params, summary, List.of(),
                List.of(), "measured");
    }
}
