package dev.wirespeed.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.host.Counters;
import dev.wirespeed.inspect.RootedFs;
import dev.wirespeed.report.WatchText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.WatchResult;
import dev.wirespeed.testing.Golden;
import dev.wirespeed.testing.JsonSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `watch` on copies of fixture trees (src/test/resources/hosts) whose counter files the test rewrites
 * between readings: the rates, and the moved counters under doctor's rule, severity and cause.
 */
class CounterWatchTest {
    private static final long SECOND = 1_000_000_000L;

    /** A copy of a fixture tree, links kept (they are relative, so they stay inside the copy). */
    private static Path copy(String host, Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("cp", "-a", "src/test/resources/hosts/" + host, dir.toString())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return dir.resolve(host);
    }

    private static void add(Path file, long by) throws IOException {
        long v = Long.parseLong(Files.readString(file).strip());
        Files.writeString(file, (v + by) + "\n");
    }

    /** Adds {@code by} to "NAME: value" in a captured `ethtool -S` output. */
    private static void addEthtool(Path file, String name, long by) throws IOException {
        List<String> lines = Files.readAllLines(file);
        boolean found = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.strip().startsWith(name + ":")) {
                long v = Long.parseLong(l.substring(l.indexOf(':') + 1).strip());
                lines.set(i, l.substring(0, l.indexOf(':') + 1) + " " + (v + by));
                found = true;
            }
        }
        assertThat(found).as(name + " in " + file).isTrue();
        Files.write(file, lines);
    }

    @Test
    void namesResolveToNetdevsAndRdmaPorts(@TempDir Path dir) throws Exception {
        RootedFs fs = new RootedFs(copy("ib-counters-018", dir));
        assertThat(CounterWatch.resolve(fs, "mlx5_0")).containsExactly(
                new CounterWatch.Subject(Counters.Scope.RDMA_PORT, "mlx5_0/1"));
        assertThat(CounterWatch.resolve(fs, "mlx5_0/1")).hasSize(1);
        assertThat(CounterWatch.resolve(fs, "mlx5_0/2")).isEmpty();
        assertThat(CounterWatch.resolve(fs, "ibp193s0")).containsExactly(
                new CounterWatch.Subject(Counters.Scope.NETDEV, "ibp193s0"),
                new CounterWatch.Subject(Counters.Scope.RDMA_PORT, "mlx5_0/1"));
        assertThat(CounterWatch.resolve(fs, "eth9")).isEmpty();
        assertThat(CounterWatch.resolve(fs, null)).extracting(CounterWatch.Subject::name)
                .contains("lo", "ibp193s0", "mlx5_0/1");
    }

    @Test
    void rdmaPortDataInFourByteWordsAndXmitWaitAsDoctorNamesIt(@TempDir Path dir) throws Exception {
        Path root = copy("ib-counters-018", dir);
        Path counters = root.resolve("sys/class/infiniband/mlx5_0/ports/1/counters");
        CounterWatch watch = new CounterWatch(new RootedFs(root), CounterWatch.resolve(new RootedFs(root), "mlx5_0"));
        watch.start(0);
        add(counters.resolve("port_xmit_data"), 250_000_000L); // 4-byte words: 1 GB
        add(counters.resolve("port_rcv_data"), 25_000_000L);
        add(counters.resolve("port_xmit_packets"), 240_000);
        add(counters.resolve("port_rcv_packets"), 60_000);
        add(counters.resolve("port_xmit_wait"), 5_000);
        add(counters.resolve("link_downed"), 1);
        WatchResult.Interval first = watch.next(2 * SECOND);
        assertThat(first.startSeconds()).isZero();
        assertThat(first.endSeconds()).isEqualTo(2.0);
        assertThat(first.subjects()).hasSize(1);
        WatchResult.SubjectInterval port = first.subjects().getFirst();
        assertThat(port.scope()).isEqualTo("rdma-port");
        assertThat(port.txBitsPerSecond()).isEqualTo(4e9); // 1e9 bytes × 8 / 2 s
        assertThat(port.rxBitsPerSecond()).isEqualTo(4e8);
        assertThat(port.txPacketsPerSecond()).isEqualTo(120_000);
        assertThat(port.counters()).extracting(WatchResult.Moved::name, WatchResult.Moved::delta,
                WatchResult.Moved::rule, WatchResult.Moved::severity).containsExactlyInAnyOrder(
                Tuple.tuple("port_xmit_wait", 5000L, "counter-congestion", "info"),
                Tuple.tuple("link_downed", 1L, "counter-link-flaps", "warn"));
        assertThat(port.counters()).allSatisfy(m -> assertThat(m.cause()).isNotBlank());
        assertThat(watch.next(3 * SECOND).subjects()).as("nothing moved").isEmpty();
    }

    @Test
    void netdevStatisticsAndEthtoolCountersWithGoldenText(@TempDir Path dir) throws Exception {
        Path root = copy("mlx5-counters-018", dir);
        RootedFs fs = new RootedFs(root);
        CounterWatch watch = new CounterWatch(fs, CounterWatch.resolve(fs, "enp65s0f0np0"));
        Path stats = root.resolve("sys/class/net/enp65s0f0np0/statistics");
        Path ethtool = root.resolve(".wirespeed/ethtool-S/enp65s0f0np0");
        watch.start(0);
        add(stats.resolve("rx_bytes"), 125_000_000L);
        add(stats.resolve("rx_packets"), 100_000);
        addEthtool(ethtool, "rx_out_of_buffer", 300);
        addEthtool(ethtool, "rx_crc_errors_phy", 2);
        WatchResult.Interval first = watch.next(SECOND / 2);
        add(stats.resolve("tx_bytes"), 12_500_000L);
        add(stats.resolve("tx_packets"), 8_000);
        addEthtool(ethtool, "rx_out_of_buffer", 10);
        WatchResult.Interval second = watch.next(SECOND);
        WatchResult.SubjectInterval nic = first.subjects().stream().filter(s -> s.subject().equals("enp65s0f0np0"))
                .findFirst().orElseThrow();
        assertThat(nic.rxBitsPerSecond()).isEqualTo(2e9);
        assertThat(nic.rxPacketsPerSecond()).isEqualTo(200_000);
        assertThat(nic.txBitsPerSecond()).isZero();
        assertThat(nic.counters()).extracting(WatchResult.Moved::name, WatchResult.Moved::rule)
                .containsExactlyInAnyOrder(Tuple.tuple("rx_out_of_buffer", "counter-rx-buffer"),
                        Tuple.tuple("rx_crc_errors_phy", "counter-phy-errors"));
        assertThat(nic.counters().stream().filter(m -> m.name().equals("rx_out_of_buffer")).findFirst().orElseThrow()
                .perSecond()).isEqualTo(600);

        WatchResult result = new WatchResult(WatchResult.SCHEMA, new BwResult.Tool("wirespeed", "test"),
                "2026-12-05T12:00:00Z", "mlx5-counters-018", 0.5, List.of("enp65s0f0np0", "mlx5_0/1"),
                List.of(first, second), BwResult.Outcome.OK);
        String text = Golden.render(out -> {
            WatchText t = new WatchText(out);
            t.header(result.subjects(), result.intervalSeconds(), "2 intervals");
            result.intervals().forEach(t::interval);
            t.summary(result);
        });
        Golden.assertMatches("watch-mlx5-counters-018.txt", text);
        assertThat(JsonSchemas.errors("watch.schema.json", Json.pretty(result))).isEmpty();
        assertThat(JsonSchemas.errors("watch.schema.json",
                Json.pretty(result).replace("\"netdev\"", "\"nic\""))).as("a scope the schema does not know").isNotEmpty();
        // JSON round trip: what --json prints reads back as the same model
        assertThat(Json.MAPPER.readValue(Json.pretty(result), WatchResult.class)).isEqualTo(result);
        // the store's model: one series per subject and direction that moved, rx with the rx counters
        List<Measurement> ms = Measurements.of(result);
        assertThat(ms).extracting(m -> m.params().get("subject") + " " + m.params().get("direction"))
                .containsExactly("enp65s0f0np0 rx", "enp65s0f0np0 tx");
        assertThat(ms.getFirst().test()).isEqualTo(Measurement.Tests.WATCH);
        assertThat(ms.getFirst().intervals().getFirst().metrics()).extracting(Measurement.Metric::name)
                .contains("bitsPerSecond", "rx_out_of_buffer", "rx_crc_errors_phy");
        assertThat(ms.getFirst().metric("peakBitsPerSecond").orElseThrow().value()).isEqualTo(2e9);
    }
}
