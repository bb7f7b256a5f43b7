package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.LatResult.LatStats;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.testing.InProcessServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LatIT {
    private static LatResult run(InProcessServer s, boolean udp, List<Integer> sizes, long iterations, long warmup,
                                 boolean busyPoll, List<LatRow> streamed) throws Exception {
        LatClientConfig c = LatClientConfig.builder().host("127.0.0.1").port(s.port()).udp(udp).sizesBytes(sizes)
                .iterations(iterations).warmupIterations(warmup).busyPoll(busyPoll).connectTimeoutMillis(5_000)
                .timeoutMillis(5_000).build();
        return new LatClient(c).run(new TestListener<LatResult.LatParams, LatResult.LatRow>() {
            @Override
            public void interval(LatRow row) {
                streamed.add(row);
            }
        });
    }

    private static void assertOrdered(LatStats s) {
        assertThat(s.min()).isPositive();
        assertThat(s.min()).isLessThanOrEqualTo(s.p50());
        assertThat(s.p50()).isLessThanOrEqualTo(s.p99());
        assertThat(s.p99()).isLessThanOrEqualTo(s.p999());
        assertThat(s.p999()).isLessThanOrEqualTo(s.p9999());
        assertThat(s.p9999()).isLessThanOrEqualTo(s.max());
        assertThat(s.average()).isBetween(s.min(), s.max());
    }

    @Test
    void tcpCountsExactlyAndReportsOrderedPercentiles() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            List<LatRow> streamed = new ArrayList<>();
            LatResult r = run(s, false, List.of(64), 3_000, 200, false, streamed);
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(r.rows()).hasSize(1).isEqualTo(streamed);
            LatRow row = r.rows().getFirst();
            assertThat(row.sizeBytes()).isEqualTo(64);
            assertThat(row.iterations()).isEqualTo(3_000);
            assertThat(row.lostPackets()).isNull();
            assertOrdered(row.oneWayMicros());
            assertOrdered(row.roundTripMicros());
            assertThat(row.oneWayMicros().p50()).isCloseTo(row.roundTripMicros().p50() / 2, within(0.001));
            assertThat(r.cpu().client()).isNotNull();
            assertThat(r.cpu().server()).isNotNull();
            assertThat(r.params().warmupIterations()).isEqualTo(200);
        }
    }

    @Test
    void udpCountsExactly() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            LatResult r = run(s, true, List.of(2, 4096), 1_000, 50, false, new ArrayList<>());
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(r.params().protocol()).isEqualTo("udp");
            assertThat(r.rows()).extracting(LatRow::sizeBytes).containsExactly(2, 4096);
            assertThat(r.rows()).allSatisfy(row -> {
                assertThat(row.iterations()).isEqualTo(1_000);
                assertThat(row.lostPackets()).isNotNull();
                assertOrdered(row.oneWayMicros());
            });
        }
    }

    @Test
    void sweepEmitsEverySizeOnceInOrder() throws Exception {
        List<Integer> sizes = new ArrayList<>();
        for (int size = 2; size <= 8 << 20; size *= 2) {
            sizes.add(size);
        }
        try (InProcessServer s = InProcessServer.start()) {
            List<LatRow> streamed = new ArrayList<>();
            LatResult r = run(s, false, sizes, 20, 2, false, streamed);
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(streamed).extracting(LatRow::sizeBytes).containsExactlyElementsOf(sizes);
            assertThat(r.rows()).isEqualTo(streamed);
            assertThat(r.rows()).allSatisfy(row -> assertThat(row.iterations()).isEqualTo(20));
            assertThat(r.params().sweep()).isTrue();
        }
    }

    @Test
    void busyPollOnBothSidesCountsExactly() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            for (boolean udp : new boolean[] {false, true}) {
                LatResult r = run(s, udp, List.of(64), 500, 10, true, new ArrayList<>());
                assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
                assertThat(r.params().busyPoll()).isTrue();
                assertThat(r.rows().getFirst().iterations()).isEqualTo(500);
                // one echo thread: at most one core over the test, and gone once the results came
                assertThat(r.cpu().server().totalPercent()).as("server CPU, udp=" + udp).isLessThanOrEqualTo(105);
                assertThat(echoThreadsAlive()).as("echo threads after the test, udp=" + udp).isZero();
            }
            assertThat(s.log()).noneMatch(line -> line.contains("did not stop"));
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void ctrlCEndsABusyPollingExchangeAtOnce() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            for (boolean udp : new boolean[] {false, true}) {
                long stopAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
                LatClientConfig c = LatClientConfig.builder().host("127.0.0.1").port(s.port()).udp(udp)
                        .sizesBytes(List.of(64)).secondsPerSize(30.0).warmupIterations(10).busyPoll(true)
                        .connectTimeoutMillis(5_000).timeoutMillis(5_000).interrupted(() -> System.nanoTime() > stopAt)
                        .build();
                long t0 = System.nanoTime();
                LatResult r = new LatClient(c).run(new TestListener<LatResult.LatParams, LatResult.LatRow>() { });
                assertThat(r.outcome().status()).as("udp=" + udp).isEqualTo(OutcomeStatus.INTERRUPTED);
                assertThat(System.nanoTime() - t0).as("udp=" + udp).isLessThan(TimeUnit.SECONDS.toNanos(8));
                assertThat(echoThreadsAlive()).as("echo threads after the test, udp=" + udp).isZero();
            }
            assertThat(s.log()).noneMatch(line -> line.contains("did not stop"));
        }
    }

    /** Echo threads of the in-process server still alive, after up to a second for them to finish. */
    private static long echoThreadsAlive() throws InterruptedException {
        long alive = 0;
        for (int i = 0; i < 20; i++) {
            alive = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("ws-server-echo") && t.isAlive()).count();
            if (alive == 0) {
                break;
            }
            Thread.sleep(50);
        }
        return alive;
    }
}
