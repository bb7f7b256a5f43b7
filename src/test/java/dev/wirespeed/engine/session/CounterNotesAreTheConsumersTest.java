package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.host.Counters;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: the engine measures a test's counters and judges nothing; the notes are drawn by the
 * result's consumer ({@code TestCounters.noted}), the same notes the engine used to draw itself.
 */
class CounterNotesAreTheConsumersTest {
    @Test
    void theEngineJoinsBothSidesWithoutNotesAndTheConsumerDrawsThem() {
        // the client's sockets retransmitted 5 % of what they sent: a note on the test's own sockets
        CounterReport.Sockets own = new CounterReport.Sockets("tcp", 4, 50_000L, 1_000_000L, null);
        List<Counters> client = List.of(Counters.netdev("eth0")
                .value("rx_dropped", 12_000, "/sys/class/net/eth0/statistics").build());
        CounterReport measured = PathCounterReport.join(Protocol.TCP, "eth0", client, own, null);
        assertThat(measured.notes()).as("the engine draws no notes").isNull();
        assertThat(measured.clientInterface()).isEqualTo("eth0");

        CounterReport noted = TestCounters.noted(measured);
        CounterReport direct = TestCounters.report(Protocol.TCP, new TestCounters.Side("eth0", client, own), null);
        assertThat(noted.notes()).isNotEmpty().isEqualTo(direct.notes());
        assertThat(noted.headline()).isNotNull();
        assertThat(noted.withNotes(null)).isEqualTo(measured);
    }

    @Test
    void nothingMeasuredIsNoReport() {
        assertThat(PathCounterReport.join(Protocol.UDP, null, null, null, null)).isNull();
        assertThat(TestCounters.noted((CounterReport) null)).isNull();
    }
}
