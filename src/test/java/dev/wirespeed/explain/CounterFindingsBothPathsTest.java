package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RingOutputs;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.host.CounterNames;
import dev.wirespeed.host.Counters;
import dev.wirespeed.inspect.Capture;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.host.CounterSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One counter rule set for doctor and explain (issue 18): the same counter values, pasted into
 * explain as the tool printed them and laid out as doctor reads them (sysfs files, /proc/net
 * tables, the captured `ethtool -S` / `ethtool --include-statistics -a` output of a root tree), give
 * the same findings — rule, severity, counters with their values, cause and fix.
 */
class CounterFindingsBothPathsTest {
    @TempDir
    Path root;

    /** "rule severity | message after the subject | fix": what must agree whatever the port is called. */
    private static List<String> comparable(List<Finding> findings) {
        return findings.stream().filter(f -> f.rule().startsWith("counter-"))
                .map(f -> f.rule() + " " + f.severity().label() + " | "
                        + f.message().substring(f.subject().length())
                        + " | " + (f.fix() == null ? "" : f.fix().action() + " " + f.fix().command()))
                .sorted().toList();
    }

    private static List<Finding> explain(String name, String text) {
        return Explainer.standard().explain(name, text).findings();
    }

    private List<Finding> doctor() {
        return RuleSet.standard().diagnose(Inspection.read(root, (Capture) null, new CommandFacts()));
    }

    private void write(String path, String text) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private void netdev(String name) throws IOException {
        Files.createDirectories(root.resolve("sys/class/net/" + name));
    }

    @Test
    void ethtoolStatsOfTheMlx5FixtureHostPastedAndCapturedAgree() throws IOException {
        String captured = Files.readString(Fixtures.root("mlx5-counters-018").resolve(".wirespeed/ethtool-S/enp65s0f0np0"));
        netdev("enp65s0f0np0");
        write(".wirespeed/ethtool-S/enp65s0f0np0", captured);
        List<Finding> pasted = explain("paste.txt", "$ ethtool -S enp65s0f0np0\n" + captured);
        List<Finding> doctor = doctor();
        assertThat(comparable(pasted)).isNotEmpty().isEqualTo(comparable(doctor));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).extracting(Finding::rule)
                .containsExactlyInAnyOrder("counter-pause-storm", "counter-rx-buffer", "counter-port-discard",
                        "counter-phy-errors", "counter-link-flaps", "counter-pause");
        // named the same on both paths, so the whole finding agrees, subject and fix command included
        assertThat(pasted).filteredOn(f -> f.rule().equals("counter-rx-buffer")).singleElement()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("ethtool -G enp65s0f0np0 rx <maximum>"));
    }

    @Test
    void ethtoolRingOfTheSameInterfaceNamesItsMaximumOnBothPaths() throws IOException {
        String stats = Files.readString(Fixtures.root("mlx5-counters-018").resolve(".wirespeed/ethtool-S/enp65s0f0np0"));
        String ring = RingOutputs.belowMaximum("enp65s0f0np0");
        netdev("enp65s0f0np0");
        write(".wirespeed/ethtool-S/enp65s0f0np0", stats);
        write(".wirespeed/ethtool-g/enp65s0f0np0", ring);
        List<Finding> pasted = explain("paste.txt", "$ ethtool -S enp65s0f0np0\n" + stats + "\n$ ethtool -g enp65s0f0np0\n" + ring);
        assertThat(pasted).filteredOn(f -> f.rule().equals("counter-rx-buffer")).singleElement().satisfies(f -> {
            assertThat(f.message()).endsWith("the receive ring is 512 of 4096 descriptors");
            assertThat(f.fix().command()).isEqualTo("ethtool -G enp65s0f0np0 rx 4096");
        });
        assertThat(comparable(pasted)).isEqualTo(comparable(doctor()));
        // another interface's ring says nothing of this one's
        List<Finding> other = explain("paste.txt", "$ ethtool -S enp65s0f0np0\n" + stats + "\n$ ethtool -g eth9\n"
                + RingOutputs.belowMaximum("eth9"));
        assertThat(other).filteredOn(f -> f.rule().equals("counter-rx-buffer")).singleElement()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("ethtool -G enp65s0f0np0 rx <maximum>"));
    }

    @Test
    void grepOfEthtoolStatsAgrees() throws IOException {
        String paste = Fixture.text("counters/ethtool-S-mlx5-grep-netmap649.txt");
        netdev("enp193s0f0np0");
        write(".wirespeed/ethtool-S/enp193s0f0np0", paste.substring(paste.indexOf('\n') + 1));
        assertThat(comparable(explain("p.txt", paste))).singleElement().asString().startsWith("counter-rx-buffer warn");
        assertThat(comparable(explain("p.txt", paste))).isEqualTo(comparable(doctor()));
    }

    @Test
    void ipStatsPastedAndSysfsStatisticsAgree() throws IOException {
        String path = "counters/ip-s-s-link-security-onion437.txt";
        CounterSample s = Fixture.only(path, "ip").all(CounterSample.class).getFirst();
        netdev("eth4");
        for (var e : s.values().entrySet()) {
            write("sys/class/net/eth4/statistics/" + e.getKey(), e.getValue() + "\n");
        }
        List<Finding> pasted = explain("ip.txt", Fixture.text(path));
        assertThat(comparable(pasted)).hasSize(1).isEqualTo(comparable(doctor()));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).extracting(Finding::rule)
                .containsExactly("counter-rx-buffer");
    }

    @Test
    void ibqueryerrorsPastedAndSysfsPortCountersAgree() throws IOException {
        String path = "counters/ibqueryerrors-ucx9590.txt";
        CounterSample s = Fixture.only(path, "ibqueryerrors").all(CounterSample.class).getFirst();
        Files.createDirectories(root.resolve("sys/class/infiniband/mlx5_0/ports/1/counters"));
        for (var e : s.values().entrySet()) {
            write("sys/class/infiniband/mlx5_0/ports/1/counters/" + CounterNames.ibSysfsName(e.getKey()).orElseThrow(),
                    e.getValue() + "\n");
        }
        List<Finding> pasted = explain("q.txt", Fixture.text(path));
        assertThat(comparable(pasted)).hasSize(3).isEqualTo(comparable(doctor()));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).extracting(Finding::rule)
                .containsExactlyInAnyOrder("counter-phy-errors", "counter-link-flaps", "counter-congestion");
    }

    @Test
    void rdmaStatisticPastedAndSysfsHwCountersAgree() throws IOException {
        String path = "ib/rdma-statistic-show-cqe-errors-zh.txt";
        List<CounterSample> ports = Fixture.only(path, "rdma-statistic").all(CounterSample.class);
        CounterSample mlx50 = ports.getFirst();
        assertThat(mlx50.subject()).isEqualTo("mlx5_0/1");
        for (var e : mlx50.values().entrySet()) {
            write("sys/class/infiniband/mlx5_0/ports/1/hw_counters/" + e.getKey(), e.getValue() + "\n");
        }
        List<Finding> pasted = explain("stat.txt", Fixture.text(path));
        assertThat(comparable(pasted)).hasSize(2).isEqualTo(comparable(doctor()));
        // mlx5_0/1: out_of_buffer 135 and CQE errors; the three ports whose counters are all 0 stay quiet
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-"))
                .extracting(Finding::rule, Finding::subject)
                .containsExactlyInAnyOrder(Tuple.tuple("counter-rdma-out-of-buffer", "mlx5_0 port 1"),
                        Tuple.tuple("counter-rdma-cqe-errors", "mlx5_0 port 1"));
        assertThat(pasted).filteredOn(f -> f.rule().equals("counter-rdma-cqe-errors")).first()
                .satisfies(f -> assertThat(f.message()).contains("resp_cqe_error 1,009", "req_cqe_error 22")
                        .doesNotContain("resp_cqe_flush_error"));
    }

    @Test
    void rdmaStatisticWithZeroCountersIsQuiet() {
        List<Finding> pasted = explain("p.txt", Fixture.text("ib/rdma-stat-show-wrapped-and-p-netdev-mail.txt"));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).isEmpty();
    }

    @Test
    void ethtoolPauseStatisticsPastedAndCapturedAgree() throws IOException {
        String path = "host/ethtool-I-a-fbnic.txt";
        String paste = Fixture.text(path);
        netdev("eth0");
        write(".wirespeed/ethtool-I-a/eth0", paste.substring(paste.indexOf('\n') + 1));
        List<Finding> pasted = explain("a.txt", paste);
        assertThat(comparable(pasted)).hasSize(2).isEqualTo(comparable(doctor()));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).extracting(Finding::message)
                .satisfiesExactlyInAnyOrder(
                        m -> assertThat(m).startsWith("eth0: tx_pause_storm_events 219 "),
                        m -> assertThat(m).startsWith("eth0: tx_pause_frames 759,657 "));
    }

    @Test
    void mlx5PauseFramesOfEthtoolSAndOfIncludeStatisticsAreNamedOnce() throws IOException {
        // mlx5 prints the same PPCNT registers as rx/tx_pause_ctrl_phy (ethtool -S) and rx/tx_pause_frames
        // (ethtool -I -a): the fixture host's -S output, and ethtool's -I -a output (the kernel docs' sample) for it
        String stats = Files.readString(Fixtures.root("mlx5-counters-018").resolve(".wirespeed/ethtool-S/enp65s0f0np0"));
        String doc = Fixture.text("host/ethtool-include-statistics-a-kerneldoc.txt");
        String pause = doc.substring(doc.indexOf("Pause parameters")).replaceAll("(?m)^  ", "").replace("eth0", "enp65s0f0np0")
                .replace("tx_pause_frames: 1", "tx_pause_frames: 310").replace("rx_pause_frames: 1", "rx_pause_frames: 120044");
        netdev("enp65s0f0np0");
        write(".wirespeed/ethtool-S/enp65s0f0np0", stats);
        write(".wirespeed/ethtool-I-a/enp65s0f0np0", pause);
        List<Finding> doctor = doctor();
        List<Finding> pasted = explain("both.txt", "$ ethtool -S enp65s0f0np0\n" + stats
                + "$ ethtool --include-statistics -a enp65s0f0np0\n" + pause);
        assertThat(comparable(pasted)).isEqualTo(comparable(doctor));
        assertThat(doctor).filteredOn(f -> f.rule().equals("counter-pause")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("enp65s0f0np0: rx_pause_ctrl_phy 120,044, rx_prio3_pause 120,044, "
                    + "tx_pause_ctrl_phy 310 since the counters were last reset: ");
            assertThat(f.evidence()).extracting(e -> e.source()).noneMatch(src -> src.contains("include-statistics"));
        });
        // both were read: the counters keep them, the finding names each count once
        var counters = Inspection.read(root, (Capture) null, new CommandFacts())
                .counters(Counters.Scope.NETDEV, "enp65s0f0np0").orElseThrow();
        assertThat(counters.value("rx_pause_frames")).contains(120_044L);
        assertThat(counters.value("rx_pause_ctrl_phy")).contains(120_044L);
        // and doctor's per-port list of the counters that matter shows each count once too
        assertThat(CounterFindings.mattering(counters, v -> true))
                .containsKeys("rx_pause_ctrl_phy", "tx_pause_ctrl_phy").doesNotContainKeys("rx_pause_frames", "tx_pause_frames");
    }

    @Test
    void nstatPastedAndProcNetTablesAgree() throws IOException {
        String path = "counters/nstat-az-notes.txt";
        CounterSample s = Fixture.only(path, "netstat-s").all(CounterSample.class).getFirst();
        write("proc/net/snmp", procTables(s.values(), List.of("Ip", "Tcp", "Udp", "UdpLite")));
        write("proc/net/netstat", procTables(s.values(), List.of("TcpExt", "IpExt")));
        List<Finding> pasted = explain("n.txt", Fixture.text(path));
        assertThat(comparable(pasted)).hasSize(1).isEqualTo(comparable(doctor()));
        assertThat(pasted).filteredOn(f -> f.rule().startsWith("counter-")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-udp-drops");
            assertThat(f.message()).startsWith("tcp/ip: UdpRcvbufErrors 7,347 since the counters were last reset");
        });
    }

    /**
     * nstat's names back into proc(5)'s "Group: Name …" / "Group: value …" line pairs, for the groups
     * doctor reads; "Ip6…" and "UdpLite6…" (the name goes on with a digit) live in /proc/net/snmp6.
     */
    private static String procTables(Map<String, Long> nstat, List<String> groups) {
        Map<String, List<String[]>> byGroup = new LinkedHashMap<>();
        for (var e : nstat.entrySet()) {
            for (String g : List.of("TcpExt", "IpExt", "UdpLite", "Tcp", "Udp", "Ip")) { // longest first
                String rest = e.getKey().substring(Math.min(g.length(), e.getKey().length()));
                if (e.getKey().startsWith(g) && !rest.isEmpty() && Character.isUpperCase(rest.charAt(0))) {
                    if (groups.contains(g)) {
                        byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(new String[] {rest, Long.toString(e.getValue())});
                    }
                    break;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        byGroup.forEach((g, fields) -> {
            out.append(g).append(':');
            fields.forEach(f -> out.append(' ').append(f[0]));
            out.append('\n').append(g).append(':');
            fields.forEach(f -> out.append(' ').append(f[1]));
            out.append('\n');
        });
        return out.toString();
    }
}
