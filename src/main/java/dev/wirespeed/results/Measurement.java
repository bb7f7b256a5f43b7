package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The common result model: one measurement by any engine — wirespeed's own tests, and results
 * of iperf2, iperf3, qperf, perftest, sockperf and fio, parsed from their output. The store keeps
 * these, and comparisons and charts read only these, so a wirespeed result and an iperf2 result
 * of the same link sit in the same table. Engine-specific detail (e.g. {@link BwResult}) is kept
 * beside it as raw JSON, not in it.
 *
 * <p>Metric names are fixed strings from {@link Metrics}; each carries its unit, so nothing is
 * guessed from a name.
 *
 * @param tool        "wirespeed", "iperf3", "iperf2", "qperf", "perftest", "sockperf", "fio"
 * @param toolVersion as reported by the tool, null when unknown
 * @param test        what was measured, from {@link Tests} (e.g. "tcp-bw", "rdma-write-bw", "fio")
 * @param params      parameters as text (streams, direction, sizeBytes, bs, iodepth …), in order
 * @param summary     the headline figures
 * @param intervals   a time series (may be empty)
 * @param rows        a message-size (or other parameter) sweep (may be empty)
 * @param source      "measured" for our own runs, or "parsed" for tool output read by explain/run
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"tool", "toolVersion", "test", "params", "summary", "intervals", "rows", "source"})
public record Measurement(
        String tool,
        String toolVersion,
        String test,
        Map<String, String> params,
        List<Metric> summary,
        List<Interval> intervals,
        List<Row> rows,
        String source) {

    public Measurement {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        summary = summary == null ? List.of() : List.copyOf(summary);
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
        rows = rows == null ? List.of() : List.copyOf(rows);
    }

    /** A named value with its unit, e.g. ("bitsPerSecond", 2.47e10, "bit/s"). */
    public record Metric(String name, double value, String unit) {
        public static Metric of(String name, double value) {
            return new Metric(name, value, Metrics.unitOf(name));
        }
    }

    /** One interval of a time series: seconds since the start, and its metrics. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Interval(double startSeconds, double endSeconds, boolean omitted, List<Metric> metrics) {}

    /**
     * One row of a sweep: the swept value (usually the message size in bytes) and its metrics.
     * @param key       what was swept: "sizeBytes", "iodepth", "streams" …
     * @param keyValue  the value of that parameter in this row
     * @param histogram latency tests: every round trip of the row, in nanoseconds, as an
     *                  HdrHistogram compressed and base64-encoded (the encoding of HdrHistogram's
     *                  log format, {@code HistogramLogReader} reads it); null otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Row(String key, double keyValue, List<Metric> metrics, String histogram) {
        public Row(String key, double keyValue, List<Metric> metrics) {
            this(key, keyValue, metrics, null);
        }
    }

    public Optional<Metric> metric(String name) {
        return summary.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The standard metric names and their units. */
    public static final class Metrics {
        private Metrics() {}

        public static final String BITS_PER_SECOND = "bitsPerSecond";
        public static final String PEAK_BITS_PER_SECOND = "peakBitsPerSecond";
        /**
         * What the sender sent, where the receiver's count is the result (qperf udp_bw's send_bw) or where
         * no receiver counted at all (a failed run's figure, issue 26).
         */
        public static final String SENT_BITS_PER_SECOND = "sentBitsPerSecond";
        public static final String BYTES = "bytes";
        public static final String SECONDS = "seconds";
        public static final String MESSAGES_PER_SECOND = "messagesPerSecond";
        /** Round trips per second of a latency test (perftest -D "tps average"). */
        public static final String TRANSACTIONS_PER_SECOND = "transactionsPerSecond";
        public static final String RETRANSMITS = "retransmits";
        public static final String LOST_PACKETS = "lostPackets";
        public static final String TOTAL_PACKETS = "totalPackets";
        public static final String LOSS_PERCENT = "lossPercent";
        public static final String OUT_OF_ORDER = "outOfOrderPackets";
        public static final String JITTER_MICROS = "jitterMicros";
        public static final String ITERATIONS = "iterations";
        public static final String LATENCY_MIN_MICROS = "latencyMinMicros";
        public static final String LATENCY_MAX_MICROS = "latencyMaxMicros";
        public static final String LATENCY_AVG_MICROS = "latencyAvgMicros";
        /** fio's completion latency (clat) mean; latencyAvgMicros is its total latency (lat). */
        public static final String CLAT_AVG_MICROS = "clatAvgMicros";
        public static final String LATENCY_P50_MICROS = "latencyP50Micros";
        public static final String LATENCY_STDEV_MICROS = "latencyStdevMicros";
        public static final String LATENCY_P99_MICROS = "latencyP99Micros";
        public static final String LATENCY_P999_MICROS = "latencyP999Micros";
        public static final String LATENCY_P9999_MICROS = "latencyP9999Micros";
        public static final String IOPS = "iops";
        public static final String CPU_CLIENT_PERCENT = "cpuClientPercent";
        public static final String CPU_SERVER_PERCENT = "cpuServerPercent";
        /** Latency under load (bw --latency): round trips, not one-way, as ping and Flent report them. */
        public static final String IDLE_RTT_P50_MICROS = "idleRttP50Micros";
        public static final String IDLE_RTT_P99_MICROS = "idleRttP99Micros";
        public static final String LOADED_RTT_P50_MICROS = "loadedRttP50Micros";
        public static final String LOADED_RTT_P99_MICROS = "loadedRttP99Micros";
        public static final String LOADED_RTT_P999_MICROS = "loadedRttP999Micros";
        /** The bufferbloat: loaded minus idle at p99. */
        public static final String ADDED_RTT_P99_MICROS = "addedRttP99Micros";
        public static final String ADDED_RTT_P50_MICROS = "addedRttP50Micros";
        /** One interval's round trips (latency under load's timeline). */
        public static final String RTT_P50_MICROS = "rttP50Micros";
        public static final String RTT_P99_MICROS = "rttP99Micros";
        /** Connection rate (lat --connect): connect, request/response, close per transaction. */
        public static final String CONNECT_P50_MICROS = "connectP50Micros";
        public static final String CONNECT_P99_MICROS = "connectP99Micros";
        public static final String FIRST_BYTE_P50_MICROS = "firstByteP50Micros";
        public static final String FIRST_BYTE_P99_MICROS = "firstByteP99Micros";
        public static final String CLOSE_P50_MICROS = "closeP50Micros";
        public static final String CLOSE_P99_MICROS = "closeP99Micros";
        public static final String TRANSACTIONS = "transactions";
        public static final String FAILURES = "failures";
        /** One-way latency (bw --trip-times): client's write or send to server's read, by both wall clocks. */
        public static final String ONE_WAY_P50_MICROS = "oneWayP50Micros";
        public static final String ONE_WAY_P99_MICROS = "oneWayP99Micros";
        public static final String ONE_WAY_P999_MICROS = "oneWayP999Micros";
        public static final String ONE_WAY_MIN_MICROS = "oneWayMinMicros";
        public static final String ONE_WAY_MAX_MICROS = "oneWayMaxMicros";
        /** TCP: from a write's start to the read that completed it (iperf2's write-to-read). */
        public static final String WRITE_TO_READ_P50_MICROS = "writeToReadP50Micros";
        public static final String WRITE_TO_READ_P99_MICROS = "writeToReadP99Micros";
        /** The clocks' error bound beside the one-way figures (0: one kernel, one clock). */
        public static final String CLOCK_ERROR_BOUND_MICROS = "clockErrorBoundMicros";
        /** bw --isochronous: frames judged by the receiver, and the ticks the sender missed. */
        public static final String FRAMES_SENT = "framesSent";
        public static final String FRAME_SLIPS = "frameSlips";
        public static final String FRAMES_COMPLETE = "framesComplete";
        public static final String FRAMES_INCOMPLETE = "framesIncomplete";
        public static final String FRAMES_LOST = "framesLost";
        public static final String FRAMES_LATE = "framesLate";
        /** Incomplete and lost frames of all the receiver knew of. */
        public static final String FRAME_LOSS_PERCENT = "frameLossPercent";
        public static final String FRAME_JITTER_MICROS = "frameJitterMicros";
        /** First datagram sent to last received, only when the clocks agree (--trip-times). */
        public static final String FRAME_LATENCY_P50_MICROS = "frameLatencyP50Micros";
        public static final String FRAME_LATENCY_P99_MICROS = "frameLatencyP99Micros";

        /** Unit of a standard metric name; names ending in Micros/Percent/… follow their suffix. */
        public static String unitOf(String name) {
            if (name.endsWith("BitsPerSecond") || name.equals(BITS_PER_SECOND)) {
                return "bit/s";
            }
            if (name.endsWith("Micros")) {
                return "us";
            }
            if (name.endsWith("Nanos")) {
                return "ns";
            }
            if (name.endsWith("Percent")) {
                return "%";
            }
            if (name.endsWith("PerSecond") || name.equals(IOPS)) {
                return "1/s";
            }
            if (name.equals(BYTES) || name.endsWith("Bytes")) {
                return "B";
            }
            if (name.equals(SECONDS)) {
                return "s";
            }
            return "count";
        }
    }

    /** Standard test names. */
    public static final class Tests {
        private Tests() {}

        public static final String TCP_BW = "tcp-bw";
        public static final String UDP_BW = "udp-bw";
        public static final String TCP_LAT = "tcp-lat";
        public static final String UDP_LAT = "udp-lat";
        public static final String FIO = "fio";
        /** `wirespeed watch`: a netdev's or RDMA port's traffic and moved counters over time, per direction. */
        public static final String WATCH = "watch";
        /** bw --latency: pings beside a bandwidth test. */
        public static final String LOADED_TCP_LAT = "loaded-tcp-lat";
        public static final String LOADED_UDP_LAT = "loaded-udp-lat";
        /** bw --trip-times: one-way latency of a TCP or UDP upload. */
        public static final String TCP_TRIP = "tcp-trip";
        public static final String UDP_TRIP = "udp-trip";
        /** bw --isochronous: frames at a frame rate over UDP (iperf2's option). */
        public static final String UDP_ISOCH = "udp-isoch";
        /** lat --connect: TCP connect/request/response/close transactions (netperf TCP_CRR). */
        public static final String TCP_CRR = "tcp-crr";
        /** perftest -b: "rdma-write-bw-bidir", both directions summed; never compared with one direction. */
        public static final String BIDIR_SUFFIX = "-bidir";

        /** perftest: "rdma-" + verb (send, write, read, atomic) + "-bw" or "-lat". */
        public static String rdma(String verb, boolean bandwidth) {
            return "rdma-" + verb + (bandwidth ? "-bw" : "-lat");
        }
    }
}
