package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.EveryField;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeerRetransmitsTest {
    @Test
    void theServersRetransmitsAreFilledInAndEveryOtherFieldKept() {
        BwResult r = EveryField.bwResult();
        BwResult.DirectionResult download = r.directions().stream().filter(d -> "server".equals(d.sender()))
                .findFirst().orElseThrow();
        List<ResultsExchange.Stream> streams = download.streams().stream()
                .map(s -> new ResultsExchange.Stream(s.stream() - 1, 1000, 7, 0.0, 2.0, 0, 0, 0, null, null))
                .toList();
        ResultsExchange peer = new ResultsExchange(null, null, null, 1, "cubic", streams);

        BwResult filled = PeerRetransmits.apply(r, peer, i -> true);

        BwResult.DirectionResult after = filled.directions().stream().filter(d -> "server".equals(d.sender()))
                .findFirst().orElseThrow();
        assertThat(after.streams()).allSatisfy(s -> assertThat(s.retransmits()).isEqualTo(7L));
        assertThat(after.senderSummary().retransmits().sockets()).isEqualTo(7L * streams.size());
        EveryField.assertKept(r, filled, "directions");
    }
}
