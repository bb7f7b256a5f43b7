package dev.wirespeed.perftest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.io.ExternalProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerftestProcessTest {
    @Test
    void onlyListedProgramsAreFoundAndOnlyInTheNamedDirectory(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("ib_write_bw");
        Files.writeString(script, "#!/bin/sh\necho hi\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        Path other = dir.resolve("rm");
        Files.writeString(other, "#!/bin/sh\n");
        Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rwx------"));
        assertThat(PerftestProcess.binary(dir, "ib_write_bw")).contains(script);
        assertThat(PerftestProcess.binary(dir, "rm")).isEmpty();
        assertThat(PerftestProcess.binary(dir, "ib_read_bw")).isEmpty();
    }

    @Test
    void aServerSideIsSeenListeningByItsBannerAndThenStopped(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("ib_write_bw");
        // a stand-in for perftest's server: the banner, then a wait for a client that never comes
        Files.writeString(script, "#!/bin/sh\necho ' " + PerftestProcess.WAITING + "...'\nexec sleep 30\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        try (ExternalProcess.Running p = PerftestProcess.start(List.of(script.toString()))) {
            assertThat(PerftestProcess.awaitListening(p, List.of())).isTrue();
            assertThat(PerftestProcess.output(p)).contains(PerftestProcess.WAITING);
            p.stop();
            assertThat(p.alive()).isFalse();
            assertThat(p.exitCode()).isNotNull();
        }
    }

    @Test
    void aServerSideThatExitsFirstIsNotListening(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("ib_send_bw");
        Files.writeString(script, "#!/bin/sh\necho ' Couldn'\\''t listen to port 18515'\nexit 1\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        try (ExternalProcess.Running p = PerftestProcess.start(List.of(script.toString()))) {
            assertThat(PerftestProcess.awaitListening(p, List.of())).isFalse();
            assertThat(p.exitCode()).isEqualTo(1);
            assertThat(PerftestProcess.lastLine(PerftestProcess.output(p))).isEqualTo("Couldn't listen to port 18515");
        }
    }
}
