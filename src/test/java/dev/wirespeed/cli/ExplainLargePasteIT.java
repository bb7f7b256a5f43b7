package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 11: a paste just under explain's 4 MiB cap (every parser fixture, repeated) explained
 * through the launcher a user runs stays under 512 MB of memory (it took 1.8 GB: G1 grew the heap for garbage the parse
 * left). Time is not asserted here (docs/PERFORMANCE.md has the numbers); memory is a property of
 * the JVM's settings and the parse, not of the machine's load.
 */
@Tag("hostile")
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ExplainLargePasteIT {
    /** Just under explain's cap (ExplainCommand.MAX_INPUT_BYTES, 4 MiB): the largest paste it reads. */
    static final long PASTE_BYTES = (4L << 20) - 300_000;
    static final long MAX_RSS_KIB = 512 * 1024;

    @TempDir
    Path dir;

    @Test
    void aPasteAtTheCapStaysUnder512MB() throws Exception {
        Path time = Path.of("/usr/bin/time");
        Path launcher = Path.of("wirespeed").toAbsolutePath();
        assumeTrue(Files.isExecutable(time), "/usr/bin/time (package time)");
        assumeTrue(Files.isExecutable(launcher) && Files.exists(Path.of("target", "wirespeed.jar")), "the built jar");
        List<Path> fixtures;
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/parse"))) {
            fixtures = s.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
        Path paste = dir.resolve("paste.txt");
        long written = 0;
        try (OutputStream out = Files.newOutputStream(paste)) {
            while (written < PASTE_BYTES) {
                for (Path f : fixtures) {
                    byte[] b = Files.readAllBytes(f);
                    out.write(b);
                    written += b.length;
                    if (written >= PASTE_BYTES) {
                        break;
                    }
                }
            }
        }
        Path rss = dir.resolve("rss");
        Process p = new ProcessBuilder(time.toString(), "-o", rss.toString(), "-f", "%M", launcher.toString(), "explain",
                paste.toString()).redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile())
                .start();
        assertThat(p.waitFor(540, TimeUnit.SECONDS)).as("explain ended").isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("err"), StandardCharsets.UTF_8)).isIn(0, 3);
        long kib = Long.parseLong(Files.readAllLines(rss).getLast().strip());
        assertThat(kib).as("peak RSS in KiB of explain on %d bytes", written).isLessThan(MAX_RSS_KIB);
    }
}
