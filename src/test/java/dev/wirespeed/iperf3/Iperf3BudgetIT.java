package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 19 item 2 on the iperf3 side: an iperf3 test over the server's budget is refused before
 * any stream or buffer exists, the client is told why, and the server serves the next test.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Iperf3BudgetIT {
    static final long BUDGET_BYTES = 64L << 20;

    @Test
    void anOverBudgetIperf3ClientIsRefusedAndTheNextTestRuns() throws Exception {
        Iperf3Binary.assumeInstalled();
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withBudget(BUDGET_BYTES, 1024, 8);
        Budget budget = new Budget(limits);
        Iperf3Service service = new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 10_000, log::add,
                budget));
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, limits, budget))) {
            server.serveForeign(service);
            server.serveInBackground();
            String port = Integer.toString(server.port());

            // iperf3 clients cap -l at 1 MiB themselves: 256 connections × 1 MiB = 256 MiB > 64 MiB
            try (Iperf3Binary heavy = Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", port, "-P", "128", "--bidir",
                    "-l", "1M", "-t", "2"))) {
                assertThat(heavy.await(30)).as(heavy.output()).isNotZero();
                assertThat(heavy.output()).contains("unable to create a new test", "Cannot allocate memory");
            }
            // the request the issue names, -P 128 --bidir -l 16M, from wirespeed's own iperf3 client
            TestSpec huge = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(128).durationMillis(2000)
                    .intervalMillis(1000).bufferBytes(16 << 20).build();
            assertThatThrownBy(() -> new Iperf3Client(BwClientConfig.builder().host("127.0.0.1").port(server.port())
                    .spec(huge).streamsChosenBy("option").connectTimeoutMillis(5000).handshakeTimeoutMillis(5000)
                    .build()).run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() { }))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("refused the test: the server could not create the test (iperf3 error 100,"
                            + " errno 12)");
            assertThat(budget.reservedBytes()).as("nothing reserved by refused tests").isZero();

            try (Iperf3Binary normal = Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", port, "-t", "1", "-J"))) {
                assertThat(normal.await(30)).as(normal.output()).isZero();
                assertThat(normal.json().get("end").get("sum_received").get("bytes").asLong()).isPositive();
            }
            assertThat(service.awaitFinished(10, TimeUnit.SECONDS)).isTrue();
            assertThat(budget.reservedBytes()).as("given back at the end").isZero();
        }
        List<String> refusals = log.stream().filter(l -> l.contains("--max-memory")).toList();
        // rate-limited: one line a second at most, so one or two lines for the two refusals
        assertThat(refusals).hasSizeBetween(1, 2);
        assertThat(refusals.getFirst()).contains("refused 127.0.0.1", "(iperf3", "the test needs 256 MiB of buffers",
                "free (--max-memory)");
    }
}
