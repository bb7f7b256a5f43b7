package dev.wirespeed.inspect;

import dev.wirespeed.explain.CommandFacts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureTest {
    @Test
    void aCaptureReadsBackAsTheSameFacts(@TempDir Path tmp) throws IOException {
        for (String host : new String[] {"m02-001", "vm-virtio", "malformed"}) {
            Path dir = tmp.resolve(host);
            Facts original = Inspection.read(Fixtures.root(host), new Capture(dir), new CommandFacts());
            Facts copy = Inspection.read(dir, null, new CommandFacts());
            assertThat(json(copy)).as(host).isEqualTo(json(original));
        }
        assertThat(Files.isSymbolicLink(tmp.resolve("m02-001/sys/class/net/ib0"))).isTrue();
        assertThat(Files.readSymbolicLink(tmp.resolve("m02-001/sys/class/infiniband/mlx5_0")).toString())
                .isEqualTo("../../devices/pci0000:00/0000:00:02.0/0000:03:00.0/infiniband/mlx5_0");
    }

    @Test
    void captureKeepsOnlyNfsMounts(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cap");
        Inspection.read(Fixtures.root("t3640-000"), new Capture(dir), new CommandFacts());
        assertThat(Files.readString(dir.resolve("proc/mounts"))).doesNotContain("/dev/sda2").contains("proto=rdma");
    }

    @Test
    void refusesANonEmptyDirectory(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("x"), "x");
        assertThatThrownBy(() -> new Capture(tmp)).hasMessageContaining("not empty");
    }

    private static String json(Facts f) {
        return Json.pretty(new Facts("x", f.interfaces(), f.rdmaDevices(), f.pciFunctions(), f.cpu(), f.mounts(),
                f.settings(), f.tcp(), f.counters(), f.measurements()));
    }
}
