package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.TestSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 19 item 2: tests over the server's budget are refused before anything is allocated. */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BudgetIT {
    static final long BUDGET_BYTES = 64L << 20;

    private static long rssBytes() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new AssertionError("no VmRSS in /proc/self/status");
    }

    @Test
    void threeOverBudgetClientsAreRefusedWithTheBudgetAndTheServerStaysSmall() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withBudget(BUDGET_BYTES, 1024, 8);
        Budget budget = new Budget(limits);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, limits, budget))) {
            server.serveInBackground();
            String port = Integer.toString(server.port());
            long rssBefore = rssBytes();
            List<CompletableFuture<Cli.Run>> heavy = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                heavy.add(CompletableFuture.supplyAsync(() -> Cli.run("bw", "127.0.0.1", "-p", port, "-t", "2", "-P",
                        "128", "--bidir", "-l", "16M", "--no-save")));
            }
            for (CompletableFuture<Cli.Run> f : heavy) {
                Cli.Run r = f.get(60, TimeUnit.SECONDS);
                assertThat(r.exitCode()).isEqualTo(1);
                assertThat(r.err()).contains("test refused: the test needs 4.00 GiB of buffers (256 × 16.0 MiB); "
                        + "the server has 64.0 MiB of 64.0 MiB free (--max-memory)").doesNotContain("Exception");
            }
            assertThat(rssBytes() - rssBefore).as("server and clients grew less than the budget").isLessThan(BUDGET_BYTES);
            Cli.Run fits = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "-P", "2", "--no-save");
            assertThat(fits.exitCode()).as(fits.err()).isZero();
            assertThat(budget.reservedBytes()).as("given back at the end").isZero();
        }
        // each client was told (above); refusals are logged a line a second, the rest as a count (issue 32)
        assertThat(log).filteredOn(l -> l.contains("--max-memory")).isNotEmpty();
    }

    @Test
    void theTestCountAndStreamCountAreBudgetsToo() throws Exception {
        Budget budget = new Budget(ServerLimits.DEFAULT.withBudget(1L << 30, 10, 2));
        try (Budget.Reservation a = budget.reserve(4, 1024); Budget.Reservation b = budget.reserve(4, 1024)) {
            Assertions.assertThatThrownBy(() -> budget.reserve(1, 1024))
                    .hasMessage("server busy: 2 tests running, the most it runs at once (--max-tests 2)");
            a.close();
            Assertions.assertThatThrownBy(() -> budget.reserve(7, 1024))
                    .hasMessage("the test needs 7 streams; the server has 6 of 10 free (--max-total-streams)");
            assertThat(b).isNotNull();
        }
        assertThat(budget.reservedBytes()).isZero();
    }
}
