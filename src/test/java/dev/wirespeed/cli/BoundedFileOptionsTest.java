package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.testing.Cli;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 10 (and 11, 15): every file option is read bounded — a device is refused before a
 * byte is read, an endless FIFO past its limit — and an error names the file and the line, never
 * the line's text. Before: `agent --token-file /dev/zero` grew past 3.7 GB, `mesh --hostfile
 * /dev/zero` ended in an OutOfMemoryError, `pairs:/etc/shadow` printed the first line.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BoundedFileOptionsTest {
    /** What a secret file's first line looks like: it must never reach an error line. */
    static final String SECRET = "root:$y$j9T$c2VjcmV0aGFzaA$Zm9v:19000:0:99999:7:::";

    @TempDir
    Path dir;

    private static void assertOneLineWithout(Cli.Run r, String... never) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("OutOfMemoryError");
        for (String n : never) {
            assertThat(r.err() + r.out()).doesNotContain(n);
        }
    }

    @Test
    void aDeviceIsRefusedBeforeAByteIsReadByEveryFileOption() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "/dev/zero");
        for (String[] args : new String[][] {
            {"agent", "--token-file", "/dev/zero"},
            {"mesh", "--hostfile", "/dev/zero", "--insecure"},
            {"mesh", "--hosts", "a,b", "--pattern", "pairs:/dev/zero", "--insecure"},
            {"mesh", "--hosts", "a,b", "--token-file", "/dev/zero"},
            {"run", "/dev/zero"},
            {"explain", "/dev/zero"},
        }) {
            Cli.Run r = Cli.run(args);
            assertOneLineWithout(r);
            assertThat(r.err()).as(String.join(" ", args)).contains("/dev/zero is a character device");
        }
    }

    @Test
    void anEndlessFifoIsReadOnlyToItsLimit() throws Exception {
        Path fifo = dir.resolve("endless");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor(5, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                byte[] zeros = new byte[1 << 16];
                for (int i = 0; i < (1 << 16); i++) { // at most 4 GiB, far past every limit
                    out.write(zeros);
                }
            } catch (IOException closed) {
                // the reader stopped at its limit
            }
        });
        Cli.Run r = Cli.run("agent", "--token-file", fifo.toString());
        writer.interrupt();
        assertOneLineWithout(r);
        assertThat(r.err()).contains(fifo + " is larger than 16 KiB; --token-file refuses larger inputs");
    }

    @Test
    void aHostOrPairsFileNamesTheLineButNeverEchoesIt() throws Exception {
        Path shadow = dir.resolve("shadow");
        Files.writeString(shadow, SECRET + "\n", StandardCharsets.UTF_8);
        Path pairs = dir.resolve("pairs");
        Files.writeString(pairs, "# client server\nnode1 node2\n" + SECRET + " node3\n", StandardCharsets.UTF_8);
        Cli.Run host = Cli.run("mesh", "--hostfile", shadow.toString(), "--insecure");
        assertOneLineWithout(host, "c2VjcmV0aGFzaA", "root:");
        assertThat(host.err()).contains(shadow + " line 1 is not a host");
        Cli.Run pairsOfShadow = Cli.run("mesh", "--pattern", "pairs:" + shadow, "--insecure");
        assertOneLineWithout(pairsOfShadow, "c2VjcmV0aGFzaA", "root:");
        assertThat(pairsOfShadow.err()).contains(shadow + " line 1: expected two hosts ('client server'), got 1 field");
        Cli.Run badPair = Cli.run("mesh", "--pattern", "pairs:" + pairs, "--insecure");
        assertOneLineWithout(badPair, "c2VjcmV0aGFzaA", "root:");
        assertThat(badPair.err()).contains(pairs + " line 3 is not a host");
    }

    @Test
    void aTokenThatIsNotUtf8IsNamedByItsOffsetNotItsBytes() throws Exception {
        Path token = dir.resolve("token");
        Files.write(token, new byte[] {'s', 'e', 'c', 'r', 'e', 't', (byte) 0xff, 'x'});
        Cli.Run r = Cli.run("agent", "--token-file", token.toString());
        assertOneLineWithout(r, "secret");
        assertThat(r.err()).contains("is not UTF-8: byte 0xff at offset 6 (line 1)");
    }

    @Test
    void explainReadsAtMost4MiBInAll() throws Exception {
        Path big = dir.resolve("big.txt");
        Path half = dir.resolve("half.txt");
        byte[] line = "iperf Done.\n".getBytes(StandardCharsets.US_ASCII);
        try (OutputStream out = Files.newOutputStream(big); OutputStream h = Files.newOutputStream(half)) {
            for (long n = 0; n < (5L << 20); n += line.length) {
                out.write(line);
                if (n < (3L << 20)) {
                    h.write(line);
                }
            }
        }
        Cli.Run one = Cli.run("explain", big.toString());
        assertOneLineWithout(one);
        assertThat(one.err()).contains(big + " is larger than 4 MiB; explain refuses larger inputs");
        Cli.Run two = Cli.run("explain", half.toString(), half.toString());
        assertOneLineWithout(two);
        assertThat(two.err()).contains("the inputs are larger than 4 MiB together (" + half + " goes past it)");
    }

    @Test
    void aPlanThatGivesItsNameTwiceIsRefused() throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, "name: first\nname: second\nseries:\n  - engine: iperf3\n    params: {host: 127.0.0.1}\n");
        Cli.Run r = Cli.run("run", plan.toString(), "--dry-run");
        assertOneLineWithout(r, "FAIL_ON_READING_DUP_TREE_KEY", "ObjectNode");
        assertThat(r.err()).contains(plan + " line 2: key 'name' is given twice");
    }
}
