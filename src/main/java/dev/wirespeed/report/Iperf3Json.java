package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.results.UdpResult;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code bw --json-format iperf3}: a bw result in the shape iperf3 -J prints ({@code start},
 * {@code intervals} with {@code streams}/{@code sum}, {@code end}), so jq and Grafana queries written
 * for iperf3 read it. The key names, nesting and the meaning of "sender" follow iperf3 3.21's
 * iperf_api.c (iperf_json_start, iperf_print_intervals, iperf_print_results) and the recorded outputs
 * in src/test/resources/iperf3/json/; the figures are this tool's own, from the one result model.
 * docs/iperf3.md "iperf3's JSON shape" lists each key and where it comes from, and what is absent.
 *
 * <p>As in iperf3, the document is written from the client's side: "host" is the client, "remote"
 * the server; {@code sender} is true on a stream the client sent. Interval figures are the receiver's
 * count (wirespeed's honest count) in both directions.
 */
public final class Iperf3Json {
    private Iperf3Json() {}

    /** iperf3's timestamp.time: RFC 1123 in GMT ("Sat, 05 Dec 2026 10:55:20 GMT"). */
    private static final DateTimeFormatter RFC_1123 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** A TCP test (wirespeed's server or an iperf3 server through --iperf3). */
    public static ObjectNode of(BwResult r) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        BwResult.BwParams p = r.params();
        List<BwResult.DirectionResult> dirs = r.directions() == null ? List.of() : r.directions();
        ObjectNode start = start(root, r.tool(), r.startedAt(), r.client(), r.server(),
                dirs.stream().flatMap(d -> d.streams() == null ? Stream.empty()
                        : d.streams().stream().map(BwResult.StreamResult::stream)).toList());
        if (p != null) {
            if (p.mssBytes() != null) {
                start.put("tcp_mss_default", p.mssBytes());
            }
            start.put("target_bitrate", 0);
            start.put("fq_rate", 0);
            start.put("sock_bufsize", p.windowBytes() == null ? 0 : p.windowBytes());
            ObjectNode t = start.putObject("test_start");
            t.put("protocol", "TCP");
            t.put("num_streams", p.streams());
            t.put("blksize", p.bufferBytes());
            t.put("omit", p.omitSeconds());
            t.put("duration", p.durationSeconds() == null ? 0 : p.durationSeconds());
            t.put("bytes", p.bytes() == null ? 0 : p.bytes());
            t.put("blocks", 0);
            t.put("reverse", "download".equals(p.direction()) ? 1 : 0);
            t.put("tos", p.tos() == null ? 0 : p.tos());
            t.put("target_bitrate", 0);
            t.put("bidir", "bidir".equals(p.direction()) ? 1 : 0);
            t.put("fqrate", 0);
            t.put("interval", p.intervalSeconds());
        }
        ArrayNode intervals = root.putArray("intervals");
        BwResult.DirectionResult forward = primary(dirs);
        BwResult.DirectionResult reverse = dirs.size() > 1 ? other(dirs, forward) : null;
        int slots = Math.max(count(forward), count(reverse));
        for (int i = 0; i < slots; i++) {
            ObjectNode slot = intervals.addObject();
            ArrayNode streams = slot.putArray("streams");
            BwResult.IntervalReport f = at(forward, i);
            BwResult.IntervalReport b = at(reverse, i);
            if (f != null) {
                f.streams().forEach(s -> tcpIntervalStream(streams.addObject(), f, s, clientSends(forward)));
            }
            if (b != null) {
                b.streams().forEach(s -> tcpIntervalStream(streams.addObject(), b, s, clientSends(reverse)));
            }
            if (f != null) {
                tcpIntervalSum(slot.putObject("sum"), f, clientSends(forward));
            }
            if (b != null) {
                tcpIntervalSum(slot.putObject("sum_bidir_reverse"), b, clientSends(reverse));
            }
        }
        ObjectNode end = root.putObject("end");
        ArrayNode streams = end.putArray("streams");
        for (BwResult.DirectionResult d : dirs) {
            tcpEndStreams(streams, d, p != null && p.omitSeconds() > 0);
        }
        if (forward != null) {
            tcpSums(end, forward, "");
        }
        if (reverse != null) {
            tcpSums(end, reverse, "_bidir_reverse");
        }
        cpu(end, r.cpu());
        // iperf3 prints what the sockets ran (getsockopt TCP_CONGESTION), not what was asked: the
        // sender's as read back when the sender said, else the -C both sides were asked to set
        String sent = forward != null && forward.congestion() != null ? forward.congestion()
                : p == null ? null : p.congestion();
        if (sent != null) {
            end.put("sender_tcp_congestion", sent);
        }
        if (p != null && p.congestion() != null) {
            end.put("receiver_tcp_congestion", p.congestion());
        }
        serverOutput(root, r.serverOutput());
        error(root, r.outcome());
        return root;
    }

    /** A UDP test. */
    public static ObjectNode of(UdpResult r) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        UdpResult.UdpParams p = r.params();
        List<UdpResult.UdpDirection> dirs = r.directions() == null ? List.of() : r.directions();
        ObjectNode start = start(root, r.tool(), r.startedAt(), r.client(), r.server(),
                dirs.stream().flatMap(d -> d.streams() == null ? Stream.empty()
                        : d.streams().stream().map(UdpResult.UdpStreamTotal::stream)).toList());
        int datagramBytes = p == null ? 0 : p.datagramBytes();
        if (p != null) {
            start.put("target_bitrate", p.targetBitsPerSecond());
            start.put("fq_rate", 0);
            start.put("sock_bufsize", p.windowBytes() == null ? 0 : p.windowBytes());
            ObjectNode t = start.putObject("test_start");
            t.put("protocol", "UDP");
            t.put("num_streams", p.streams());
            t.put("blksize", p.datagramBytes());
            t.put("omit", p.omitSeconds());
            t.put("duration", p.durationSeconds());
            t.put("bytes", 0);
            t.put("blocks", 0);
            t.put("reverse", "download".equals(p.direction()) ? 1 : 0);
            t.put("tos", 0);
            t.put("target_bitrate", p.targetBitsPerSecond());
            t.put("bidir", "bidir".equals(p.direction()) ? 1 : 0);
            t.put("fqrate", 0);
            t.put("interval", p.intervalSeconds());
        }
        UdpResult.UdpDirection forward = dirs.stream().filter(d -> "client".equals(d.sender())).findFirst()
                .orElse(dirs.isEmpty() ? null : dirs.getFirst());
        UdpResult.UdpDirection reverse = dirs.stream().filter(d -> d != forward).findFirst().orElse(null);
        ArrayNode intervals = root.putArray("intervals");
        int slots = Math.max(forward == null || forward.intervals() == null ? 0 : forward.intervals().size(),
                reverse == null || reverse.intervals() == null ? 0 : reverse.intervals().size());
        for (int i = 0; i < slots; i++) {
            ObjectNode slot = intervals.addObject();
            ArrayNode streams = slot.putArray("streams");
            UdpResult.UdpInterval f = udpAt(forward, i);
            UdpResult.UdpInterval b = udpAt(reverse, i);
            if (f != null) {
                f.streams().forEach(c -> udpCounts(streams.addObject(), f, c, clientSends(forward.sender())));
            }
            if (b != null) {
                b.streams().forEach(c -> udpCounts(streams.addObject(), b, c, clientSends(reverse.sender())));
            }
            if (f != null) {
                udpCounts(slot.putObject("sum"), f, f.sum(), clientSends(forward.sender()));
            }
            if (b != null) {
                udpCounts(slot.putObject("sum_bidir_reverse"), b, b.sum(), clientSends(reverse.sender()));
            }
        }
        ObjectNode end = root.putObject("end");
        ArrayNode streams = end.putArray("streams");
        for (UdpResult.UdpDirection d : dirs) {
            udpEndStreams(streams, d, datagramBytes);
        }
        if (forward != null) {
            udpSums(end, forward, "");
        }
        if (reverse != null) {
            udpSums(end, reverse, "_bidir_reverse");
        }
        cpu(end, r.cpu());
        serverOutput(root, r.serverOutput());
        error(root, r.outcome());
        return root;
    }

    /** start: connected (one entry per stream), version, system_info, timestamp, connecting_to. */
    private static ObjectNode start(ObjectNode root, BwResult.Tool tool, String startedAt, BwResult.Peer client,
                                    BwResult.Peer server, List<Integer> streamNumbers) {
        ObjectNode start = root.putObject("start");
        ArrayNode connected = start.putArray("connected");
        String remote = server == null ? null : server.address() != null ? server.address() : server.host();
        for (int stream : streamNumbers) {
            ObjectNode c = connected.addObject();
            // iperf3's "socket" is the stream's file descriptor; wirespeed's stream number names it
            c.put("socket", stream);
            if (remote != null) {
                c.put("remote_host", remote);
            }
            if (server != null && server.port() != null) {
                c.put("remote_port", server.port());
            }
        }
        if (tool != null) {
            start.put("version", tool.name() + " " + tool.version());
        }
        if (client != null && client.os() != null) {
            // iperf3 prints uname: sysname nodename release …; client.os is "sysname release"
            String[] os = client.os().split(" ", 2);
            start.put("system_info", os[0] + (client.host() == null ? "" : " " + client.host())
                    + (os.length > 1 ? " " + os[1] : ""));
        }
        Instant at = instant(startedAt);
        if (at != null) {
            ObjectNode ts = start.putObject("timestamp");
            ts.put("time", RFC_1123.format(at));
            ts.put("timesecs", at.getEpochSecond());
            ts.put("timemillisecs", at.toEpochMilli());
        }
        if (remote != null) {
            ObjectNode to = start.putObject("connecting_to");
            to.put("host", remote);
            if (server.port() != null) {
                to.put("port", server.port());
            }
        }
        return start;
    }

    private static Instant instant(String startedAt) {
        if (startedAt == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(startedAt).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(startedAt);
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }

    /** The direction iperf3 puts in "sum": the client's sending one, or the only one. */
    private static BwResult.DirectionResult primary(List<BwResult.DirectionResult> dirs) {
        return dirs.stream().filter(d -> "client".equals(d.sender())).findFirst()
                .orElse(dirs.isEmpty() ? null : dirs.getFirst());
    }

    private static BwResult.DirectionResult other(List<BwResult.DirectionResult> dirs, BwResult.DirectionResult one) {
        return dirs.stream().filter(d -> d != one).findFirst().orElse(null);
    }

    private static boolean clientSends(BwResult.DirectionResult d) {
        return clientSends(d.sender());
    }

    private static boolean clientSends(String sender) {
        return "client".equals(sender);
    }

    private static int count(BwResult.DirectionResult d) {
        return d == null || d.intervals() == null ? 0 : d.intervals().size();
    }

    private static BwResult.IntervalReport at(BwResult.DirectionResult d, int i) {
        return i < count(d) ? d.intervals().get(i) : null;
    }

    private static UdpResult.UdpInterval udpAt(UdpResult.UdpDirection d, int i) {
        return d == null || d.intervals() == null || i >= d.intervals().size() ? null : d.intervals().get(i);
    }

    private static void span(ObjectNode o, double startSeconds, double endSeconds) {
        o.put("start", startSeconds);
        o.put("end", endSeconds);
        o.put("seconds", endSeconds - startSeconds);
    }

    private static void tcpIntervalStream(ObjectNode o, BwResult.IntervalReport i, BwResult.StreamBytes s,
                                          boolean sender) {
        o.put("socket", s.stream());
        span(o, i.startSeconds(), i.endSeconds());
        o.put("bytes", s.bytes());
        o.put("bits_per_second", s.bitsPerSecond());
        putIfPresent(o, "retransmits", s.retransmits());
        putIfPresent(o, "snd_cwnd", s.cwndBytes());
        putIfPresent(o, "rtt", s.rttMicros());
        putIfPresent(o, "rttvar", s.rttVarMicros());
        o.put("omitted", i.omitted());
        o.put("sender", sender);
    }

    private static void tcpIntervalSum(ObjectNode o, BwResult.IntervalReport i, boolean sender) {
        span(o, i.startSeconds(), i.endSeconds());
        o.put("bytes", i.bytes());
        o.put("bits_per_second", i.bitsPerSecond());
        putIfPresent(o, "retransmits", i.retransmits());
        o.put("omitted", i.omitted());
        o.put("sender", sender);
    }

    /**
     * end.streams[]: {sender, receiver} per stream. The per-stream byte counts are the whole test's;
     * after a warm-up (-O) they are the receiver's count of the measured intervals on both sides, as
     * iperf3 leaves the omitted bytes out of its stream results too.
     */
    private static void tcpEndStreams(ArrayNode out, BwResult.DirectionResult d, boolean warmUp) {
        if (d.streams() == null) {
            return;
        }
        boolean sender = clientSends(d);
        double sentSeconds = d.senderSummary() == null ? 0 : d.senderSummary().seconds();
        double receivedSeconds = d.receiverSummary() == null ? sentSeconds : d.receiverSummary().seconds();
        for (BwResult.StreamResult s : d.streams()) {
            List<BwResult.StreamBytes> samples = samples(d, s.stream());
            long measured = samples.stream().mapToLong(BwResult.StreamBytes::bytes).sum();
            long sent = warmUp || s.sentBytes() == null ? measured : s.sentBytes();
            long received = warmUp || s.receivedBytes() == null ? measured : s.receivedBytes();
            ObjectNode e = out.addObject();
            ObjectNode snd = e.putObject("sender");
            snd.put("socket", s.stream());
            span(snd, 0, sentSeconds);
            snd.put("bytes", sent);
            snd.put("bits_per_second", rate(sent, sentSeconds));
            snd.put("retransmits", s.retransmits() == null ? 0 : s.retransmits());
            // iperf3 takes these over its interval samples and prints 0 where it had none (-R)
            snd.put("max_snd_cwnd", max(samples, BwResult.StreamBytes::cwndBytes, 0L));
            long rttFallback = s.rttMicros() == null ? 0 : s.rttMicros();
            snd.put("max_rtt", max(samples, BwResult.StreamBytes::rttMicros, rttFallback));
            snd.put("min_rtt", min(samples, BwResult.StreamBytes::rttMicros, rttFallback));
            snd.put("mean_rtt", mean(samples, BwResult.StreamBytes::rttMicros, rttFallback));
            snd.put("sender", sender);
            ObjectNode rcv = e.putObject("receiver");
            rcv.put("socket", s.stream());
            span(rcv, 0, receivedSeconds);
            rcv.put("bytes", received);
            rcv.put("bits_per_second", rate(received, receivedSeconds));
            rcv.put("sender", sender);
        }
    }

    /** One stream's samples in the measured (not omitted) intervals. */
    private static List<BwResult.StreamBytes> samples(BwResult.DirectionResult d, int stream) {
        List<BwResult.StreamBytes> out = new ArrayList<>();
        if (d.intervals() != null) {
            for (BwResult.IntervalReport i : d.intervals()) {
                if (!i.omitted() && i.streams() != null) {
                    i.streams().stream().filter(s -> s.stream() == stream).forEach(out::add);
                }
            }
        }
        return out;
    }

    private static long max(List<BwResult.StreamBytes> samples, Function<BwResult.StreamBytes, Long> f, long none) {
        return samples.stream().map(f).filter(Objects::nonNull).mapToLong(Long::longValue).max().orElse(none);
    }

    private static long min(List<BwResult.StreamBytes> samples, Function<BwResult.StreamBytes, Long> f, long none) {
        return samples.stream().map(f).filter(Objects::nonNull).mapToLong(Long::longValue).min().orElse(none);
    }

    private static long mean(List<BwResult.StreamBytes> samples, Function<BwResult.StreamBytes, Long> f, long none) {
        return Math.round(samples.stream().map(f).filter(Objects::nonNull).mapToLong(Long::longValue)
                .average().orElse(none));
    }

    /** sum_sent and sum_received (suffix "_bidir_reverse" for the second direction of --bidir). */
    private static void tcpSums(ObjectNode end, BwResult.DirectionResult d, String suffix) {
        boolean sender = clientSends(d);
        if (d.senderSummary() != null) {
            BwResult.Summary s = d.senderSummary();
            ObjectNode o = end.putObject("sum_sent" + suffix);
            span(o, 0, s.seconds());
            o.put("bytes", s.bytes());
            o.put("bits_per_second", s.bitsPerSecond());
            BwResult.Retransmits rt = s.retransmits();
            // the test's own sockets' count; the host-wide delta only where the sockets were not read
            o.put("retransmits", rt == null ? 0 : rt.sockets() != null ? rt.sockets()
                    : rt.hostWide() != null ? rt.hostWide() : 0);
            o.put("sender", sender);
        }
        if (d.receiverSummary() != null) {
            BwResult.Summary s = d.receiverSummary();
            ObjectNode o = end.putObject("sum_received" + suffix);
            span(o, 0, s.seconds());
            o.put("bytes", s.bytes());
            o.put("bits_per_second", s.bitsPerSecond());
            o.put("sender", sender);
        }
    }

    /** A UDP interval's stream or sum: the receiver's count (iperf3's "packets" is sent = received + lost). */
    private static void udpCounts(ObjectNode o, UdpResult.UdpInterval i, UdpResult.UdpCounts c, boolean sender) {
        if (c.stream() != null) {
            o.put("socket", c.stream());
        }
        span(o, i.startSeconds(), i.endSeconds());
        o.put("bytes", c.bytes());
        o.put("bits_per_second", c.bitsPerSecond());
        o.put("jitter_ms", c.jitterMicros() / 1000.0);
        o.put("lost_packets", c.lostPackets());
        o.put("packets", c.totalPackets());
        o.put("lost_percent", c.lossPercent());
        o.put("out_of_order", c.outOfOrderPackets());
        o.put("omitted", i.omitted());
        o.put("sender", sender);
    }

    /** end.streams[].udp: per stream, the sender's datagrams and the receiver's loss and jitter. */
    private static void udpEndStreams(ArrayNode out, UdpResult.UdpDirection d, int datagramBytes) {
        if (d.streams() == null) {
            return;
        }
        double seconds = d.receiverSummary() != null ? d.receiverSummary().seconds()
                : d.senderSummary() != null ? d.senderSummary().seconds() : 0;
        for (UdpResult.UdpStreamTotal s : d.streams()) {
            long lost = s.lostPackets() == null ? 0 : s.lostPackets();
            long packets = s.sentPackets() != null ? s.sentPackets()
                    : (s.receivedPackets() == null ? 0 : s.receivedPackets()) + lost;
            long outOfOrder = 0;
            if (d.intervals() != null) {
                for (UdpResult.UdpInterval i : d.intervals()) {
                    outOfOrder += i.streams().stream().filter(c -> c.stream() != null && c.stream() == s.stream())
                            .mapToLong(UdpResult.UdpCounts::outOfOrderPackets).sum();
                }
            }
            ObjectNode u = out.addObject().putObject("udp");
            u.put("socket", s.stream());
            span(u, 0, seconds);
            long bytes = packets * datagramBytes;
            u.put("bytes", bytes);
            u.put("bits_per_second", rate(bytes, seconds));
            u.put("jitter_ms", s.jitterMicros() == null ? 0 : s.jitterMicros() / 1000.0);
            u.put("lost_packets", lost);
            u.put("packets", packets);
            u.put("lost_percent", packets == 0 ? 0 : 100.0 * lost / packets);
            u.put("out_of_order", outOfOrder);
            u.put("sender", clientSends(d.sender()));
        }
    }

    /**
     * end.sum (iperf3: the sender's bytes and datagrams with the receiver's jitter and loss),
     * sum_sent and sum_received.
     */
    private static void udpSums(ObjectNode end, UdpResult.UdpDirection d, String suffix) {
        boolean sender = clientSends(d.sender());
        UdpResult.UdpSenderSummary s = d.senderSummary();
        UdpResult.UdpReceiverSummary r = d.receiverSummary();
        if (s != null && r != null) {
            udpSum(end.putObject("sum" + suffix), r.seconds(), s.bytes(), s.bitsPerSecond(), r.jitterMicros(),
                    r.lostPackets(), s.packets(), r.lossPercent(), sender);
        }
        if (s != null) {
            udpSum(end.putObject("sum_sent" + suffix), s.seconds(), s.bytes(), s.bitsPerSecond(), 0, 0, s.packets(), 0,
                    sender);
        }
        if (r != null) {
            udpSum(end.putObject("sum_received" + suffix), r.seconds(), r.bytes(), r.bitsPerSecond(), r.jitterMicros(),
                    r.lostPackets(), r.totalPackets(), r.lossPercent(), sender);
        }
    }

    private static void udpSum(ObjectNode o, double seconds, long bytes, double bitsPerSecond, double jitterMicros,
                               long lostPackets, long packets, double lostPercent, boolean sender) {
        span(o, 0, seconds);
        o.put("bytes", bytes);
        o.put("bits_per_second", bitsPerSecond);
        o.put("jitter_ms", jitterMicros / 1000.0);
        o.put("lost_packets", lostPackets);
        o.put("packets", packets);
        o.put("lost_percent", lostPercent);
        o.put("sender", sender);
    }

    /** cpu_utilization_percent: host = this client, remote = the server; percent of one core, as iperf3's rusage. */
    private static void cpu(ObjectNode end, BwResult.Cpu cpu) {
        if (cpu == null || cpu.client() == null && cpu.server() == null) {
            return;
        }
        ObjectNode o = end.putObject("cpu_utilization_percent");
        if (cpu.client() != null) {
            o.put("host_total", cpu.client().totalPercent());
            o.put("host_user", cpu.client().userPercent());
            o.put("host_system", cpu.client().systemPercent());
        }
        if (cpu.server() != null) {
            o.put("remote_total", cpu.server().totalPercent());
            o.put("remote_user", cpu.server().userPercent());
            o.put("remote_system", cpu.server().systemPercent());
        }
    }

    /**
     * --get-server-output, where iperf3's client puts it (iperf_api.c, iperf_json_finish): a top-level
     * "server_output_json" (an iperf3 -J server's document) or "server_output_text" (the lines, each
     * ending in a line feed).
     */
    private static void serverOutput(ObjectNode root, ServerOutput output) {
        if (output == null) {
            return;
        }
        if (output.json() != null) {
            root.set("server_output_json", output.json());
        } else if (output.lines() != null) {
            StringBuilder text = new StringBuilder();
            output.lines().forEach(line -> text.append(line).append('\n'));
            root.put("server_output_text", text.toString());
        }
    }

    /** iperf3 puts a failed test's reason in a top-level "error". */
    private static void error(ObjectNode root, BwResult.Outcome outcome) {
        if (outcome != null && !outcome.ok()) {
            root.put("error", outcome.message() != null ? outcome.message() : outcome.status().toString());
        }
    }

    private static void putIfPresent(ObjectNode o, String key, Long value) {
        if (value != null) {
            o.put(key, value);
        }
    }

    private static double rate(long bytes, double seconds) {
        return seconds > 0 ? bytes * 8.0 / seconds : 0;
    }
}
