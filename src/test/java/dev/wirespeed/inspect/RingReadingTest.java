package dev.wirespeed.inspect;

import dev.wirespeed.explain.CommandFacts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RingOutputs;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * doctor's `ethtool -g` (issue 18): run once per physical netdev beside `ethtool -S`, skipped for
 * lo and virtual netdevs, silent where the device has no rings, captured at .wirespeed/ethtool-g/IF and
 * replayed to the same facts and findings. The "live" host is the mlx5-counters-018 tree with a
 * stand-in ethtool that logs its arguments and prints the tree's `ethtool -S` captures, a real
 * `ethtool -g` (RingOutputs: RX 512 of 4096) for the dropping port and the ioctl error of a device
 * without rings (ethtool.c do_gring: "Cannot get device ring settings", exit 76) for the other.
 */
class RingReadingTest {
    private static final Path TREE = Fixtures.root("mlx5-counters-018");

    @TempDir
    Path tmp;

    private Path standIn() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.writeString(bin.resolve("ring.txt"), RingOutputs.belowMaximum("enp65s0f0np0"));
        return StandInEthtool.write(bin, "S='" + TREE.toAbsolutePath().resolve(".wirespeed/ethtool-S") + "'", "$1 $2",
                "  '-S '*) cat \"$S/$2\" ;;\n"
                + "  '-g enp65s0f0np0') cat \"$BIN/ring.txt\" ;;\n"
                + "  '-g '*) echo \"Ring parameters for $2:\"; echo 'Cannot get device ring settings: Operation not supported';"
                + " exit 76 ;;\n"
                + "  *) echo 'netlink error: Operation not supported'; exit 1 ;;\n");
    }

    private static List<String> findings(Facts f) {
        return RuleSet.standard().diagnose(f).stream()
                .map(x -> x.rule() + " | " + x.message() + " | " + (x.fix() == null ? "" : x.fix().command())).toList();
    }

    @Test
    void oneRingQueryPerPhysicalNetdevAndItsCaptureReplaysTheSameFinding() throws IOException {
        Path bin = standIn();
        Path dir = tmp.resolve("capture");
        Facts live = new SysfsReader(RootedFs.withStandInTools(TREE, new Capture(dir), bin), new CommandFacts()).read("live");

        List<String> log = StandInEthtool.log(bin);
        assertThat(log.stream().filter(l -> l.startsWith("-g "))).containsExactlyInAnyOrder(
                "-g enp65s0f0np0", "-g enp65s0f1np1");
        assertThat(live.netInterface("enp65s0f0np0").orElseThrow().ring().value().rxMaximum()).isEqualTo(4096L);
        // the device without rings: no fact, no capture, no message
        assertThat(live.netInterface("enp65s0f1np1").orElseThrow().ring().isPresent()).isFalse();
        assertThat(dir.resolve(".wirespeed/ethtool-g/enp65s0f0np0")).hasContent(RingOutputs.belowMaximum("enp65s0f0np0").strip());
        assertThat(dir.resolve(".wirespeed/ethtool-g/enp65s0f1np1")).doesNotExist();
        assertThat(findings(live)).anySatisfy(f -> assertThat(f).startsWith("counter-rx-buffer | ")
                .contains("the receive ring is 512 of 4096 descriptors").endsWith(" | ethtool -G enp65s0f0np0 rx 4096"));

        Facts replay = Inspection.read(dir, null, new CommandFacts());
        assertThat(StandInEthtool.json(replay)).isEqualTo(StandInEthtool.json(live));
        assertThat(findings(replay)).isEqualTo(findings(live));
    }

    @Test
    void virtualNetdevsAndLoopbackAreNotAsked() throws IOException {
        Path bin = standIn();
        new SysfsReader(RootedFs.withStandInTools(Fixtures.root("vm-virtio"), null, bin), new CommandFacts()).read("live");
        // ifb0, ifb1 are virtual, lo is the loopback: only the VM's virtio eth0 is asked for rings
        assertThat(StandInEthtool.log(bin).stream().filter(l -> l.startsWith("-g ")))
                .containsExactly("-g eth0");
    }

    @Test
    void aCounterSnapshotOfATestDoesNotReadRings() throws IOException {
        Path bin = standIn();
        new CounterReader(RootedFs.withStandInTools(TREE, null, bin)).netdev("enp65s0f0np0");
        assertThat(StandInEthtool.log(bin)).contains("-S enp65s0f0np0")
                .noneSatisfy(l -> assertThat(l).startsWith("-g "));
    }
}
