package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Observed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an incast mesh ({@code --pattern incast --to HOST}, issue 29 point 3) measured at its receiver:
 * the total of every sender's rate as the receiver counted it, each sender's share, Jain's fairness
 * index, and what the receiver's interface counters did during the burst.
 *
 * @param receiver          the receiver's label
 * @param senders           senders that were asked to send (the fan-in)
 * @param measured          senders whose pair finished and measured something
 * @param totalBitsPerSecond sum of the measured senders' rates (receiver-counted goodput); null when none
 * @param totalBytes        sum of their payload bytes after the warm-up; null when a sender did not report bytes
 * @param shares            each sender, in host-list order (a failed one with its status and no rate)
 * @param jainIndex         (Σx)² / (n·Σx²) over the measured senders' rates: 1 = equal shares, 1/n = one
 *                          sender took everything (Jain, Chiu, Hawe, DEC-TR-301, 1984); null when none measured
 * @param receiverInterface the receiver's interface the counters are of, null when unknown
 * @param receiverCounters  the receiver's nonzero counter deltas (drops, discards, pauses …) during the burst,
 *                          as its agent read them around each sender's test; per counter the largest of those
 *                          readings (they all span the same burst); empty when nothing moved, null when not read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Incast(String receiver, int senders, int measured, Double totalBitsPerSecond, Long totalBytes,
                     List<Share> shares, Double jainIndex, String receiverInterface, List<Counters> receiverCounters) {

    /**
     * @param fraction the sender's part of the total (0..1); null when it measured nothing
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Share(String sender, PairStatus status, Double bitsPerSecond, Long bytes, Double fraction) {}

    /** Jain's fairness index of {@code rates}; null for none, 1 when all are zero (nobody is favoured). */
    public static Double jain(double[] rates) {
        if (rates.length == 0) {
            return null;
        }
        double sum = 0;
        double squares = 0;
        for (double x : rates) {
            sum += x;
            squares += x * x;
        }
        return squares == 0 ? 1.0 : sum * sum / (rates.length * squares);
    }

    /** The incast block of a mesh whose pattern is incast, from its pair results; null for other patterns. */
    static Incast of(String pattern, List<PairResult> pairs) {
        if (!MeshPattern.isIncast(pattern) || pairs.isEmpty()) {
            return null;
        }
        String receiver = pairs.getFirst().server();
        double total = 0;
        long bytes = 0;
        boolean allBytes = true;
        List<Double> rates = new ArrayList<>();
        for (PairResult p : pairs) {
            Double rate = rate(p);
            if (rate != null) {
                rates.add(rate);
                total += rate;
                Long b = bytesOf(p);
                if (b == null) {
                    allBytes = false;
                } else {
                    bytes += b;
                }
            }
        }
        List<Share> shares = new ArrayList<>();
        for (PairResult p : pairs) {
            Double rate = rate(p);
            shares.add(new Share(p.client(), p.status(), rate, rate == null ? null : bytesOf(p),
                    rate == null ? null : total > 0 ? rate / total : null));
        }
        boolean any = !rates.isEmpty();
        return new Incast(receiver, pairs.size(), rates.size(), any ? total : null, any && allBytes ? bytes : null,
                shares, jain(rates.stream().mapToDouble(Double::doubleValue).toArray()), receiverInterface(pairs),
                receiverCounters(pairs));
    }

    /** The sender's rate into the receiver, when its pair finished. */
    private static Double rate(PairResult p) {
        if (!p.ok()) {
            return null;
        }
        return p.flows().stream().filter(f -> f.from().equals(p.client())).map(PairResult.Flow::bitsPerSecond)
                .findFirst().orElse(null);
    }

    private static Long bytesOf(PairResult p) {
        return p.flows().stream().filter(f -> f.from().equals(p.client())).map(PairResult.Flow::bytes)
                .findFirst().orElse(null);
    }

    private static String receiverInterface(List<PairResult> pairs) {
        return pairs.stream().filter(p -> p.counters() != null && p.counters().serverInterface() != null)
                .map(p -> p.counters().serverInterface()).findFirst().orElse(null);
    }

    /**
     * The receiver's netdev and RDMA-port deltas: each sender's test read them on the receiver around
     * its own span, and those spans are the one burst, so per counter the largest reading is the burst's
     * (a sum would count the same drops once per sender).
     */
    static List<Counters> receiverCounters(List<PairResult> pairs) {
        Map<String, Counters.Scope> scopes = new LinkedHashMap<>();
        Map<String, Map<String, Observed<Long>>> largest = new LinkedHashMap<>();
        boolean read = false;
        for (PairResult p : pairs) {
            if (p.counters() == null || p.counters().server() == null) {
                continue;
            }
            read = true;
            for (Counters c : p.counters().server()) {
                if (c.scope() == Counters.Scope.HOST) {
                    continue; // host-wide: every process of the receiver counts there, not the burst's
                }
                String key = c.scope() + "\0" + c.subject();
                scopes.put(key, c.scope());
                Map<String, Observed<Long>> values = largest.computeIfAbsent(key, k -> new LinkedHashMap<>());
                c.values().forEach((name, v) -> {
                    Observed<Long> had = values.get(name);
                    if (v != null && v.value() != null && (had == null || had.value() == null || v.value() > had.value())) {
                        values.put(name, v);
                    }
                });
            }
        }
        if (!read) {
            return null;
        }
        List<Counters> out = new ArrayList<>();
        largest.forEach((key, values) -> out.add(new Counters(scopes.get(key), key.substring(key.indexOf('\0') + 1), values)));
        return out;
    }
}
