package dev.wirespeed.iperf3;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The results JSON each side sends after EXCHANGE_RESULTS, client first (send_results/get_results
 * in esnet/iperf src/iperf_api.c). Byte counts exclude the warm-up (-O); times are seconds.
 *
 * @param cpuTotalPercent      percent of one core, the whole process; null when absent
 * @param senderHasRetransmits 1 when the streams this side sent carry retransmits, 0 when not
 *                             known, -1 when this side only received
 */
record ResultsExchange(Double cpuTotalPercent, Double cpuUserPercent, Double cpuSystemPercent, int senderHasRetransmits,
               String congestionUsed, List<Stream> streams) {

    /**
     * @param retransmits    -1 when unknown; start/end null when absent (iperf3 before 3.2)
     * @param packets        UDP: datagrams sent, or on a receiver the highest counter seen (received + lost)
     * @param errors         UDP: datagrams lost (receiver)
     * @param jitterSeconds  UDP: RFC 3550 jitter (receiver)
     * @param omittedPackets UDP: the packet count at the end of the warm-up; null before iperf3 3.13
     * @param omittedErrors  UDP: the loss count at the end of the warm-up; null before iperf3 3.13
     */
    record Stream(int index, long bytes, long retransmits, Double startSeconds, Double endSeconds, long packets,
                  long errors, double jitterSeconds, Long omittedPackets, Long omittedErrors) {
        Double seconds() {
            return startSeconds == null || endSeconds == null ? null : endSeconds - startSeconds;
        }
    }

    /**
     * Reads a peer's results. Missing optional keys are absent, not zero; keys of the wrong type,
     * an unknown or repeated stream id, or more streams than connections are a ProtocolException.
     */
    static ResultsExchange parse(JsonNode j, int connections) throws ProtocolException {
        JsonNode streams = j.get("streams");
        if (streams == null || !streams.isArray()) {
            throw JsonValues.wrongType("streams", streams, "an array");
        }
        if (streams.size() > connections) {
            throw new ProtocolException("results for " + streams.size() + " streams, but the test has " + connections);
        }
        List<Stream> out = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (JsonNode s : streams) {
            if (!s.isObject()) {
                throw new ProtocolException("a stream result is not a JSON object");
            }
            long id = JsonValues.integer(s.get("id"), "id");
            int index = Iperf3.streamIndex(id);
            if (index < 0 || index >= connections || !seen.add(index)) {
                throw new ProtocolException("stream id " + id + " is not one of this test's or repeats");
            }
            long bytes = JsonValues.integer(s.get("bytes"), "bytes");
            if (bytes < 0) {
                throw new ProtocolException("stream " + id + " has a negative byte count");
            }
            long retransmits = s.has("retransmits") ? JsonValues.integer(s.get("retransmits"), "retransmits") : -1;
            out.add(new Stream(index, bytes, retransmits, optionalNumber(s, "start_time"),
                    optionalNumber(s, "end_time"), count(s, "packets"), count(s, "errors"),
                    s.has("jitter") ? Math.max(0, JsonValues.number(s.get("jitter"), "jitter")) : 0,
                    s.has("omitted_packets") ? count(s, "omitted_packets") : null,
                    s.has("omitted_errors") ? count(s, "omitted_errors") : null));
        }
        int hasRetransmits = j.has("sender_has_retransmits")
                ? (int) Math.max(-1, Math.min(1, JsonValues.integer(j.get("sender_has_retransmits"), "sender_has_retransmits")))
                : 0;
        String congestion = j.has("congestion_used") ? ParamExchange.printable(JsonValues.string(j.get("congestion_used"),
                "congestion_used", 64)) : null;
        return new ResultsExchange(optionalNumber(j, "cpu_util_total"), optionalNumber(j, "cpu_util_user"),
                optionalNumber(j, "cpu_util_system"), hasRetransmits, congestion, List.copyOf(out));
    }

    /** A non-negative count, 0 when absent. */
    private static long count(JsonNode j, String key) throws ProtocolException {
        if (!j.has(key)) {
            return 0;
        }
        long n = JsonValues.integer(j.get(key), key);
        if (n < 0) {
            throw new ProtocolException("'" + key + "' " + n + " is negative");
        }
        return n;
    }

    private static Double optionalNumber(JsonNode j, String key) throws ProtocolException {
        return j.has(key) ? JsonValues.number(j.get(key), key) : null;
    }

    /**
     * This side's totals as iperf3 results: bytes after the warm-up, the sending sockets'
     * retransmits from TCP_INFO where readable, CPU as percent of one core.
     *
     * @param congestion the algorithm asked for, or null; "congestion_used" names the one this side's
     *                   sockets ran where read back (as iperf3's, from TCP_CONGESTION), else this
     */
    static ObjectNode write(Message.Results local, String congestion) {
        ObjectNode j = Control.MAPPER.createObjectNode();
        congestion = local.streams().stream().map(Message.StreamTotal::tcp)
                .filter(t -> t != null && t.congestion() != null).map(Message.TcpStats::congestion)
                .findFirst().orElse(congestion);
        cpu(j, local.cpu());
        List<Message.StreamTotal> sent = local.streams().stream().filter(Message.StreamTotal::sent).toList();
        boolean retransmits = !sent.isEmpty() && NativeSockets.available() && sent.stream().allMatch(t -> t.tcp() != null);
        j.put("sender_has_retransmits", sent.isEmpty() ? -1 : retransmits ? 1 : 0);
        if (congestion != null) {
            j.put("congestion_used", congestion);
        }
        ArrayNode streams = j.putArray("streams");
        for (Message.StreamTotal t : local.streams()) {
            ObjectNode s = streams.addObject();
            s.put("id", Iperf3.streamId(t.index()));
            s.put("bytes", t.measuredBytes());
            s.put("retransmits", t.sent() && retransmits ? t.tcp().retransmits() : -1);
            s.put("jitter", 0);
            s.put("errors", 0);
            s.put("omitted_errors", 0);
            s.put("packets", 0);
            s.put("omitted_packets", 0);
            s.put("start_time", 0);
            s.put("end_time", t.measuredNanos() / 1e9);
        }
        return j;
    }

    private static void cpu(ObjectNode j, Message.CpuTime cpu) {
        j.put("cpu_util_total", cpu.userPercent() + cpu.systemPercent());
        j.put("cpu_util_user", cpu.userPercent());
        j.put("cpu_util_system", cpu.systemPercent());
    }

    /**
     * This side's UDP totals as iperf3 results, after the warm-up: a receiver's {@code packets}
     * is received + lost (iperf3's highest counter seen), {@code errors} the lost, jitter in
     * seconds; the warm-up's counts are already taken out, so {@code omitted_*} are 0.
     */
    static ObjectNode writeUdp(Message.UdpResults local) {
        ObjectNode j = Control.MAPPER.createObjectNode();
        cpu(j, local.cpu());
        boolean sends = local.streams().stream().anyMatch(Message.UdpTotal::sent);
        j.put("sender_has_retransmits", sends ? 0 : -1);
        ArrayNode streams = j.putArray("streams");
        for (Message.UdpTotal t : local.streams()) {
            Message.UdpCounts c = t.measured();
            ObjectNode s = streams.addObject();
            s.put("id", Iperf3.streamId(t.index()));
            s.put("bytes", c.bytes());
            s.put("retransmits", -1);
            s.put("jitter", t.sent() ? 0 : c.jitterMicros() / 1e6);
            s.put("errors", t.sent() ? 0 : c.lost());
            s.put("omitted_errors", 0);
            s.put("packets", t.sent() ? c.packets() : c.packets() + c.lost());
            s.put("omitted_packets", 0);
            s.put("start_time", 0);
            s.put("end_time", t.measuredNanos() / 1e9);
        }
        return j;
    }

    /**
     * The peer's UDP side as wirespeed totals. On a receiver iperf3's {@code packets} is the
     * highest counter seen: received = packets − errors. iperf3 reports no reordering (0 here),
     * and before 3.13 no warm-up counts, so with -O its loss then includes the warm-up.
     */
    Message.UdpResults toUdpTotals(IntPredicate peerSends, long fallbackNanos) {
        List<Message.UdpTotal> totals = new ArrayList<>();
        for (Stream s : streams) {
            Double seconds = s.seconds();
            long nanos = seconds == null || seconds < 0 ? fallbackNanos : Math.round(seconds * 1e9);
            long packets = s.packets() - (s.omittedPackets() == null ? 0 : s.omittedPackets());
            long errors = s.errors() - (s.omittedErrors() == null ? 0 : s.omittedErrors());
            boolean sent = peerSends.test(s.index());
            Message.UdpCounts c = sent
                    ? new Message.UdpCounts(Math.max(0, packets), s.bytes(), 0, 0, 0)
                    : new Message.UdpCounts(Math.max(0, packets - errors), s.bytes(), Math.max(0, errors), 0,
                            s.jitterSeconds() * 1e6);
            totals.add(new Message.UdpTotal(s.index(), sent, c, c, nanos));
        }
        return new Message.UdpResults(totals, cpuTime());
    }

    /** CPU percentages carried as CPU time over a wall time of one second; null when absent. */
    private Message.CpuTime cpuTime() {
        if (cpuUserPercent == null || cpuSystemPercent == null) {
            return null;
        }
        return new Message.CpuTime(Math.round(cpuUserPercent * 1e7), Math.round(cpuSystemPercent * 1e7), 1_000_000_000L);
    }

    /**
     * The peer's side as wirespeed totals. iperf3 counts only after the warm-up, so the whole-test
     * and the measured byte counts are the same figure.
     *
     * @param peerSends          whether the peer wrote on the connection with this index
     * @param fallbackNanos      measured time for a stream whose result carries no times
     */
    Message.Results toTotals(IntPredicate peerSends, long fallbackNanos) {
        List<Message.StreamTotal> totals = new ArrayList<>();
        for (Stream s : streams) {
            Double seconds = s.seconds();
            long nanos = seconds == null || seconds < 0 ? fallbackNanos : Math.round(seconds * 1e9);
            totals.add(new Message.StreamTotal(s.index(), peerSends.test(s.index()), s.bytes(), s.bytes(), nanos, null));
        }
        return new Message.Results(totals, cpuTime(), null);
    }
}
