package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The checks of a server's stream list, alike for TCP and UDP (issue 32 break 5). */
class PeerTotalsTest {
    static final long TWO_SECONDS = TimeUnit.SECONDS.toNanos(2);
    static final TestSpec TWO_UPLOADS = TestSpec.tcpBandwidth().streams(2).durationMillis(2_000).build();

    static Message.StreamTotal tcp(int index, boolean sent) {
        return new Message.StreamTotal(index, sent, 1_000, 1_000, TWO_SECONDS, null);
    }

    static Message.UdpTotal udp(int index, boolean sent) {
        Message.UdpCounts c = new Message.UdpCounts(1, 1_000, 0, 0, 0);
        return new Message.UdpTotal(index, sent, c, c, TWO_SECONDS);
    }

    static String tcpProblem(List<Message.StreamTotal> streams) {
        return PeerTotals.problem(new Message.Results(streams, null, null), null, TWO_UPLOADS, TWO_SECONDS);
    }

    static String udpProblem(List<Message.UdpTotal> streams) {
        return PeerTotals.problem(new Message.UdpResults(streams, null), null, TWO_UPLOADS, TWO_SECONDS);
    }

    @Test
    void bothKindsNameTheSameFaultsOfTheList() {
        assertThat(tcpProblem(null)).isEqualTo("the server reported no streams");
        assertThat(udpProblem(null)).isEqualTo("the server reported no streams");
        assertThat(tcpProblem(Arrays.asList(tcp(0, false), null))).isEqualTo("the server reported an empty stream total");
        assertThat(udpProblem(Arrays.asList(udp(0, false), null))).isEqualTo("the server reported an empty stream total");
        assertThat(tcpProblem(List.of(tcp(0, false), tcp(7, false))))
                .isEqualTo("the server reported stream 8 of a test with 2");
        assertThat(udpProblem(List.of(udp(0, false), udp(-1, false))))
                .isEqualTo("the server reported stream 0 of a test with 2");
        assertThat(tcpProblem(List.of(tcp(0, false), tcp(1, true))))
                .isEqualTo("the server reported no total for stream 2, which it received");
        assertThat(udpProblem(List.of(udp(1, false))))
                .isEqualTo("the server reported no total for stream 1, which it received");
    }

    @Test
    void aCompleteListPasses() {
        assertThat(tcpProblem(List.of(tcp(0, false), tcp(1, false)))).isNull();
        assertThat(udpProblem(List.of(udp(0, false), udp(1, false)))).isNull();
    }
}
