package dev.wirespeed.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One `ethtool -a` per netdev and snapshot, shared by the counters and the QoS settings, and a
 * capture that replays it as the live run read it. The "live" run is the roce-qos-020 tree (four
 * RoCE netdevs, so QosReader reads them too) with a stand-in ethtool that logs its arguments and
 * prints real outputs: fbnic's `ethtool -I -a` (parse/host/ethtool-I-a-fbnic.txt) for the interface
 * asked, the tree's own `ethtool -a` captures, and ethtool's own errors.
 */
class PauseReadingTest {
    private static final Path TREE = Fixtures.root("roce-qos-020");
    private static final List<String> NETDEVS = List.of("enp1s0f0np0", "enp1s0f1np1", "enp2s0f0np0", "enp3s0f0np0");

    @TempDir
    Path tmp;

    /**
     * A stand-in ethtool in {@code tmp/NAME}: logs "$*" to NAME.log; `-S` fails; `-a IF` prints the
     * tree's capture of it or the ioctl error of a device without pause; `--include-statistics -a IF`
     * prints fbnic's output for IF where the tree has pause settings, netlink's error where it has none,
     * or — {@code old} — the usage error of an ethtool before 5.10.
     */
    private Path standIn(String name, boolean old) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve(name));
        String fbnic = Files.readString(Path.of("src/test/resources/parse/host/ethtool-I-a-fbnic.txt"));
        Files.writeString(bin.resolve("pause-I.txt"), fbnic.substring(fbnic.indexOf("Pause parameters")));
        String statistics = old
                ? "echo 'ethtool: bad command line argument(s)'; echo 'For more information run ethtool -h'; exit 1"
                : "if [ -f \"$PLAIN/$3\" ]; then sed \"s/eth0/$3/\" \"$BIN/pause-I.txt\"; "
                        + "else echo 'netlink error: Operation not supported'; exit 1; fi";
        return StandInEthtool.write(bin, "PLAIN='" + TREE.toAbsolutePath().resolve(".wirespeed/ethtool-a") + "'", "$1",
                "  --include-statistics) " + statistics + " ;;\n"
                + "  -a) if [ -f \"$PLAIN/$2\" ]; then cat \"$PLAIN/$2\"; else echo \"Pause parameters for $2:\"; "
                + "echo 'Cannot get device pause settings: Operation not supported'; exit 76; fi ;;\n"
                + "  *) echo 'no stats available'; exit 1 ;;\n");
    }

    private static List<String> log(Path bin) throws IOException {
        return StandInEthtool.log(bin);
    }

    /** The pause queries (`ethtool … -a IF`) of {@code iface} in the log. */
    private static long pauseQueries(List<String> log, String iface) {
        return log.stream().filter(l -> l.endsWith("-a " + iface)).count();
    }

    private static String json(Facts f) {
        return StandInEthtool.json(f);
    }

    private static List<String> findings(Facts f) {
        return RuleSet.standard().diagnose(f).stream().map(x -> x.rule() + " | " + x.message()).toList();
    }

    @Test
    void oneQueryPerNetdevFeedsCountersAndSettingsAndItsCaptureReplaysTheSame() throws IOException {
        Path bin = standIn("new", false);
        Path dir = tmp.resolve("capture");
        Facts live = new SysfsReader(RootedFs.withStandInTools(TREE, new Capture(dir), bin), new CommandFacts()).read("live");

        List<String> log = log(bin);
        for (String n : NETDEVS) {
            assertThat(pauseQueries(log, n)).as(n).isEqualTo(1);
            assertThat(log).as(n).contains("--include-statistics -a " + n).doesNotContain("-a " + n);
        }
        // the counters and the settings of one reading
        Counters c = live.counters(Counters.Scope.NETDEV, "enp1s0f0np0").orElseThrow();
        assertThat(c.value("tx_pause_frames")).contains(759_657L);
        assertThat(c.value("tx_pause_storm_events")).contains(219L);
        assertThat(c.observed("tx_pause_frames").orElseThrow().source())
                .isEqualTo("ethtool --include-statistics -a enp1s0f0np0: tx_pause_frames");
        var pause = live.netInterface("enp1s0f0np0").orElseThrow().pause();
        assertThat(pause.value().rx()).isFalse();
        assertThat(pause.value().tx()).isTrue();
        // netlink's error (a device without pause): neither a retry nor a fact
        assertThat(live.netInterface("enp2s0f0np0").orElseThrow().pause().isPresent()).isFalse();
        assertThat(live.counters(Counters.Scope.NETDEV, "enp2s0f0np0").flatMap(x -> x.value("tx_pause_frames"))).isEmpty();

        // the capture says which command it holds, once per netdev
        assertThat(dir.resolve(".wirespeed/ethtool-I-a/enp1s0f0np0")).exists();
        assertThat(dir.resolve(".wirespeed/ethtool-I-a/enp2s0f0np0")).doesNotExist();
        assertThat(dir.resolve(".wirespeed/ethtool-a")).doesNotExist();

        Facts replay = Inspection.read(dir, null, new CommandFacts());
        assertThat(json(replay)).isEqualTo(json(live));
        assertThat(findings(replay)).isEqualTo(findings(live))
                .anySatisfy(f -> assertThat(f).startsWith("counter-pause | enp1s0f0np0: tx_pause_frames 759,657 "))
                .anySatisfy(f -> assertThat(f).startsWith("counter-pause-storm | enp1s0f0np0: tx_pause_storm_events 219 "));
    }

    @Test
    void eachCounterSnapshotRunsOnePauseQuery() throws IOException {
        Path bin = standIn("snapshots", false);
        CounterReader reader = new CounterReader(RootedFs.withStandInTools(TREE, null, bin));
        Counters before = reader.netdev("enp1s0f1np1");
        Counters after = reader.netdev("enp1s0f1np1");
        assertThat(pauseQueries(log(bin), "enp1s0f1np1")).isEqualTo(2);
        assertThat(before.value("tx_pause_frames")).contains(759_657L);
        assertThat(after.value("tx_pause_frames")).contains(759_657L);
    }

    @Test
    void anEthtoolWithoutIncludeStatisticsFallsBackOnceAndItsCaptureReplaysThePlainOutput() throws IOException {
        Path bin = standIn("old", true);
        Path dir = tmp.resolve("capture");
        Facts live = new SysfsReader(RootedFs.withStandInTools(TREE, new Capture(dir), bin), new CommandFacts()).read("live");
        new SysfsReader(RootedFs.withStandInTools(TREE, null, bin), new CommandFacts()).read("second snapshot");

        List<String> log = log(bin);
        // rejected once, for the first netdev; that ethtool then gets plain -a, one per netdev and snapshot
        assertThat(log.stream().filter(l -> l.startsWith("--include-statistics"))).containsExactly(
                "--include-statistics -a enp1s0f0np0");
        for (String n : NETDEVS) {
            assertThat(log.stream().filter(l -> l.equals("-a " + n)).count()).as(n).isEqualTo(2);
        }
        assertThat(dir.resolve(".wirespeed/ethtool-a/enp1s0f0np0")).exists();
        assertThat(dir.resolve(".wirespeed/ethtool-I-a")).doesNotExist();

        Facts replay = Inspection.read(dir, null, new CommandFacts());
        assertThat(json(replay)).isEqualTo(json(live));
        assertThat(findings(replay)).isEqualTo(findings(live));
        // the same plain outputs the fixture holds: the same findings as doctor on the fixture itself
        assertThat(findings(live)).isEqualTo(findings(Fixtures.facts("roce-qos-020")))
                .anySatisfy(f -> assertThat(f).startsWith("roce-no-flow-control | "));
        assertThat(live.netInterface("enp1s0f0np0").orElseThrow().pause().value().bothOn()).isTrue();
    }

    @Test
    void aTreeReplaysTheStatisticsVariantFirstAndKeepsOlderCapturesReadable() throws IOException {
        String fbnic = Files.readString(Path.of("src/test/resources/parse/host/ethtool-I-a-fbnic.txt"));
        String output = fbnic.substring(fbnic.indexOf("Pause parameters"));
        Path both = tmp.resolve("both");
        Files.createDirectories(both.resolve("sys/class/net/eth0"));
        Files.createDirectories(both.resolve(".wirespeed/ethtool-I-a"));
        Files.createDirectories(both.resolve(".wirespeed/ethtool-a"));
        Files.writeString(both.resolve(".wirespeed/ethtool-I-a/eth0"), output);
        Files.writeString(both.resolve(".wirespeed/ethtool-a/eth0"), "Pause parameters for eth0:\nAutonegotiate: off\n");
        assertThat(PauseReading.read(new RootedFs(both), Optional.empty(), List.of(), "eth0"))
                .contains(new PauseReading("ethtool --include-statistics -a eth0", output));
        // a capture made before the split kept `--include-statistics` output at ethtool-a/IF: its counters still read
        Path older = tmp.resolve("older");
        Files.createDirectories(older.resolve("sys/class/net/eth0"));
        Files.createDirectories(older.resolve(".wirespeed/ethtool-a"));
        Files.writeString(older.resolve(".wirespeed/ethtool-a/eth0"), output);
        Counters c = new CounterReader(new RootedFs(older)).netdev("eth0");
        assertThat(c.value("tx_pause_frames")).contains(759_657L);
        assertThat(c.observed("tx_pause_frames").orElseThrow().source()).isEqualTo("ethtool -a eth0: tx_pause_frames");
        assertThat(PauseReading.read(new RootedFs(tmp.resolve("none")), Optional.empty(), List.of(), "eth0"))
                .isEmpty();
    }
}
