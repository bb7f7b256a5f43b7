package dev.wirespeed.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.testing.Cli;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19 item 3: explain and run read at most their limit from any source. */
@Tag("hostile")
class BoundedInputTest {
    @TempDir
    Path dir;

    /** An endless stream of zeros, like /dev/zero on standard input; counts what was taken. */
    static final class Endless extends InputStream {
        long taken;

        @Override
        public int read() {
            taken++;
            return 0;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            taken += len;
            return len;
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void explainRefusesADeviceBeforeReadingIt() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "/dev/zero");
        Cli.Run r = Cli.run("explain", "/dev/zero");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("/dev/zero is a character device");
        assertThat(r.err()).doesNotContain("Exception");
    }

    @Test
    void explainRefusesADirectory() {
        Cli.Run r = Cli.run("explain", dir.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("is a directory");
    }

    @Test
    void aStreamIsReadOneBytePastTheLimitAndNoFurther() {
        Endless zeros = new Endless();
        assertThatThrownBy(() -> BoundedRead.stream(zeros, 1 << 20, "standard input", "explain"))
                .isInstanceOf(BoundedRead.Refused.class)
                .hasMessage("standard input is larger than 1 MiB; explain refuses larger inputs");
        assertThat(zeros.taken).isEqualTo((1 << 20) + 1);
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFifoIsReadUpToItsEnd() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "mkfifo");
            return;
        }
        assumeTrue(mk.waitFor(5, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
        Thread writer = Thread.ofPlatform().start(() -> {
            try (OutputStream o = Files.newOutputStream(fifo)) {
                o.write("hello from a fifo\n".getBytes(StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // the reader's assertion fails instead
            }
        });
        byte[] got = BoundedRead.file(fifo, 1024, "explain");
        writer.join(5000);
        assertThat(new String(got, StandardCharsets.UTF_8)).isEqualTo("hello from a fifo\n");
    }

    @Test
    void anEchoedLongLineIsCutWithAMarker() throws Exception {
        Path f = dir.resolve("long.txt");
        Files.writeString(f, "x".repeat(1_000_000) + "\n");
        Cli.Run r = Cli.run("explain", f.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.out()).startsWith("unrecognized: " + "x".repeat(200) + "…[999800 more characters]");
        assertThat(r.out().length()).isLessThan(400);
    }

    @Test
    void aPlanThatIsNotUtf8IsNamedWithItsByteOffset() throws Exception {
        Path plan = dir.resolve("plan.yaml");
        byte[] text = "name: p\nseries:\n  - engine: iperf3\n    title: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(plan, text);
        int offset = "name: p\nseries:\n  - engine: iperf3\n    title: caf".length();
        Cli.Run r = Cli.run("run", "--dry-run", plan.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains(plan + " is not UTF-8: byte 0xe9 at offset " + offset + " (line 4)");
    }

    @Test
    void aDeviceAsPlanIsRefused() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "/dev/zero");
        Cli.Run r = Cli.run("run", "--dry-run", "/dev/zero");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("/dev/zero is a character device");
    }
}
