package dev.wirespeed.engine.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.BwSweepResult.SweepRow;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class BwSweepIT {
    @Test
    void everySizeOnceInOrderWithPeakAtLeastAverage() throws Exception {
        List<Integer> sizes = List.of(2, 64, 4096, 1 << 20);
        TestSpec base = TestSpec.tcpBandwidth().direction(Direction.DOWNLOAD).streams(1).durationMillis(400)
                .bufferBytes(128 * 1024).build();
        try (InProcessServer s = InProcessServer.start()) {
            List<SweepRow> streamed = new ArrayList<>();
            BwSweepResult r = new BwSweep(new BwSweepConfig("127.0.0.1", s.port(), base, "option", sizes, 5_000,
                    null)).run(new TestListener<BwSweepResult.SweepParams, BwSweepResult.SweepRow>() {
                        @Override
                        public void interval(SweepRow row) {
                            streamed.add(row);
                        }
                    });
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(streamed).extracting(SweepRow::sizeBytes).containsExactlyElementsOf(sizes);
            assertThat(r.rows()).isEqualTo(streamed);
            assertThat(r.params().direction()).isEqualTo("download");
            for (SweepRow row : r.rows()) {
                assertThat(row.messages()).isPositive();
                assertThat(row.peakBitsPerSecond()).isGreaterThanOrEqualTo(row.averageBitsPerSecond());
                // average bit rate = messages × size × 8 / seconds, up to the last partial message
                assertThat(row.messagesPerSecond() * row.sizeBytes() * 8)
                        .isLessThanOrEqualTo(row.averageBitsPerSecond() * 1.000001);
            }
        }
    }

    @Test
    void aStoppedSweepSaysHowFarTheSweepGot() throws Exception {
        List<Integer> sizes = List.of(2, 64, 4096, 65536, 1 << 20);
        TestSpec base = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(400)
                .bufferBytes(128 * 1024).build();
        try (InProcessServer s = InProcessServer.start()) {
            List<SweepRow> streamed = new ArrayList<>();
            long[] secondRowNanos = {0};
            // Ctrl-C while the third size runs: 0.2 s after the second size is in
            BwSweepResult r = new BwSweep(new BwSweepConfig("127.0.0.1", s.port(), base, "option", sizes, 5_000,
                    () -> streamed.size() >= 2 && System.nanoTime() - secondRowNanos[0] > 200_000_000L))
                    .run(new TestListener<BwSweepResult.SweepParams, BwSweepResult.SweepRow>() {
                        @Override
                        public void interval(SweepRow row) {
                            streamed.add(row);
                            secondRowNanos[0] = System.nanoTime();
                        }
                    });
            assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
            assertThat(r.outcome().message()).matches("stopped by the user at 4 KiB after 2 of 5 sizes, "
                    + "\\d+\\.\\d s into the sweep");
            double sweepSeconds = Double.parseDouble(r.outcome().message().replaceAll(".*sizes, ([\\d.]+) s.*", "$1"));
            // the sweep's time, not the stopped size's: two whole sizes of 0.4 s came first
            assertThat(sweepSeconds).isGreaterThanOrEqualTo(0.8);
        }
    }

    private static final TestSpec SHORT = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1)
            .durationMillis(400).bufferBytes(128 * 1024).build();

    /** Ctrl-C between two sizes: the sizes measured are the result, interrupted; no size is begun (issue 32). */
    @Test
    @Tag("hostile")
    void ctrlCBetweenSizesKeepsTheMeasuredSizesAsInterrupted() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            List<SweepRow> streamed = new ArrayList<>();
            boolean[] raised = {false};
            BwSweepResult r = new BwSweep(new BwSweepConfig("127.0.0.1", s.port(), SHORT, "option",
                    List.of(64, 4096, 65536), 5_000, () -> raised[0])).run(new TestListener<BwSweepResult.SweepParams, BwSweepResult.SweepRow>() {
                        @Override
                        public void interval(SweepRow row) {
                            streamed.add(row);
                            raised[0] = true; // the user's Ctrl-C, right after the first size
                        }
                    });
            assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
            assertThat(r.outcome().message()).isEqualTo("stopped by the user after 1 of 3 sizes");
            assertThat(r.rows()).extracting(SweepRow::sizeBytes).containsExactly(64);
            assertThat(r.rows()).isEqualTo(streamed);
        }
    }

    /**
     * Ctrl-C while the next size connects, to a server that stopped with us: the connection's
     * error was the sweep's (EOFException or refused, the sizes lost); now it is the stop's.
     */
    @Test
    @Tag("hostile")
    void ctrlCWhileTheNextSizeConnectsKeepsTheMeasuredSizes() throws Exception {
        InProcessServer s = InProcessServer.start();
        try {
            AtomicInteger pollsAfterRow = new AtomicInteger(-1);
            BwSweepResult r = new BwSweep(new BwSweepConfig("127.0.0.1", s.port(), SHORT, "option",
                    List.of(64, 4096), 5_000, () -> pollsAfterRow.get() >= 0 && pollsAfterRow.getAndIncrement() > 0))
                    .run(new TestListener<BwSweepResult.SweepParams, BwSweepResult.SweepRow>() {
                        @Override
                        public void interval(SweepRow row) {
                            s.close(); // the server goes first; the Ctrl-C lands once the next size has begun
                            pollsAfterRow.set(0);
                        }
                    });
            assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
            assertThat(r.rows()).extracting(SweepRow::sizeBytes).containsExactly(64);
            assertThat(r.rows().getFirst().messages()).isPositive();
        } finally {
            s.close();
        }
    }
}
