package dev.wirespeed.iperf3;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.DirectionResult;
import dev.wirespeed.results.BwResult.StreamResult;
import dev.wirespeed.results.BwResult.Summary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * An iperf3 server reports the retransmits of the sockets it sent on (TCP_INFO on its host), but
 * no RTT or window, so they do not fit wirespeed's per-socket TCP statistics: they are filled into
 * the finished result instead, for the direction the server sent.
 */
final class PeerRetransmits {
    private PeerRetransmits() {}

    static BwResult apply(BwResult result, ResultsExchange peer, IntPredicate peerSends) {
        if (peer.senderHasRetransmits() != 1) {
            return result;
        }
        Map<Integer, Long> byStream = new HashMap<>();
        for (ResultsExchange.Stream s : peer.streams()) {
            if (peerSends.test(s.index()) && s.retransmits() >= 0) {
                byStream.put(s.index() + 1, s.retransmits());
            }
        }
        if (byStream.isEmpty()) {
            return result;
        }
        List<DirectionResult> directions = new ArrayList<>();
        for (DirectionResult d : result.directions()) {
            if (!"server".equals(d.sender())) {
                directions.add(d);
                continue;
            }
            List<StreamResult> streams = d.streams().stream()
                    .map(s -> byStream.containsKey(s.stream()) ? s.withRetransmits(byStream.get(s.stream())) : s)
                    .toList();
            Summary sender = d.senderSummary();
            if (sender != null && streams.stream().allMatch(s -> s.retransmits() != null)) {
                long sum = streams.stream().mapToLong(StreamResult::retransmits).sum();
                Long hostWide = sender.retransmits() == null ? null : sender.retransmits().hostWide();
                sender = new Summary(sender.bytes(), sender.seconds(), sender.bitsPerSecond(),
                        new BwResult.Retransmits(sum, hostWide));
            }
            directions.add(new DirectionResult(d.direction(), d.sender(), d.receiver(), d.intervals(), streams, sender,
                    d.receiverSummary(), d.congestion()));
        }
        return result.withDirections(directions);
    }
}
