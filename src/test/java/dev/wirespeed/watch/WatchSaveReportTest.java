package dev.wirespeed.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * `watch --save` on a fixture tree whose rx_bytes a writer advances while the watch runs: the series
 * goes to the store as kind "watch" (results show), and `results report` charts it over time.
 */
class WatchSaveReportTest {
    @Test
    void savedSeriesIsShownAndChartedInTheReport(@TempDir Path dir) throws Exception {
        Process cp = new ProcessBuilder("cp", "-a", "src/test/resources/hosts/mlx5-counters-018", dir.toString())
                .redirectErrorStream(true).start();
        assertThat(cp.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Path root = dir.resolve("mlx5-counters-018");
        Path rxBytes = root.resolve("sys/class/net/enp65s0f0np0/statistics/rx_bytes");
        Path db = dir.resolve("results.db");
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = Thread.ofPlatform().start(() -> {
            try {
                long v = Long.parseLong(Files.readString(rxBytes).strip());
                for (int i = 0; i < 600 && !stop.get(); i++) { // bounded: at most 60 s
                    v += 12_500_000;
                    Files.writeString(rxBytes.resolveSibling("rx_bytes.tmp"), v + "\n");
                    Files.move(rxBytes.resolveSibling("rx_bytes.tmp"), rxBytes,
                            StandardCopyOption.ATOMIC_MOVE);
                    Thread.sleep(100);
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        Cli.Run watch;
        try {
            watch = Cli.run("watch", "enp65s0f0np0", "--root", root.toString(), "-i", "0.3", "--count", "4",
                    "--save", "--db", db.toString(), "--label", "watch-test", "--json");
        } finally {
            stop.set(true);
            writer.join(10_000);
        }
        assertThat(watch.exitCode()).as(watch.err()).isZero();
        JsonNode result = Json.MAPPER.readTree(watch.out());
        assertThat(result.get("intervals").size()).isEqualTo(4);
        Cli.Run list = Cli.run("results", "list", "--db", db.toString(), "--json");
        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(list.out()).contains("\"test\" : \"watch\"").contains("watch-test");
        Path html = dir.resolve("report.html");
        Cli.Run report = Cli.run("results", "report", "--db", db.toString(), "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(html)).contains("watch: bandwidth over time");
    }

    @Test
    void labelWithoutSaveAndUnknownSubjectAreUsageErrors() {
        Cli.Run label = Cli.run("watch", "lo", "--label", "x", "--count", "1");
        assertThat(label.exitCode()).isEqualTo(2);
        assertThat(label.err()).contains("add --save");
        Cli.Run none = Cli.run("watch", "no-such-if0", "--count", "1");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("no netdev, RDMA device or DEV/PORT named 'no-such-if0'");
    }
}
