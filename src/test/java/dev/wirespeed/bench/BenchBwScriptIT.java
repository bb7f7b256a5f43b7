package dev.wirespeed.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * bench/bw.sh in its short form (1 round of 1 s at -P 1, one zero-copy row): it runs, every tool
 * present gets a figure on the ruler, and the markdown tables parse. No figure is judged.
 */
class BenchBwScriptIT {
    private static final Path SCRIPT = Path.of("bench/bw.sh").toAbsolutePath();
    /** A table cell "median (min–max)" in Gbit/s. */
    private static final Pattern CELL = Pattern.compile("(\\d+\\.\\d) \\((\\d+\\.\\d)–(\\d+\\.\\d)\\)");

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void shortFormPrintsParsableTables() throws Exception {
        assumeTrue(onPath("python3"), "SKIPPED: bench/bw.sh needs python3");
        assumeTrue(onPath("iperf") && onPath("iperf3"), "SKIPPED: bench/bw.sh short form needs iperf and iperf3 (apt-get install iperf iperf3)");
        Path out = Files.createTempFile("bench-bw", ".md");
        out.toFile().deleteOnExit();
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString())
                .redirectErrorStream(false).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(Map.of("ROUNDS", "1", "SECS", "1", "STREAMS", "1", "ZC_STREAMS", "1",
                "LEN_STREAMS", "1", "TOOLS", "ws i2 i3"));
        Process p = pb.start();
        boolean done = p.waitFor(180, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as("bench/bw.sh ended within 180 s").isTrue();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join("\n", lines)).isZero();
        assertThat(lines).anyMatch(l -> l.startsWith("- machine: "));
        assertThat(lines).anyMatch(l -> l.startsWith("- date: "));

        String header = lines.stream().filter(l -> l.startsWith("| -P | wirespeed | iperf2")).findFirst().orElseThrow();
        int headerAt = lines.indexOf(header);
        String[] cells = lines.get(headerAt + 2).split("\\|");
        // | 1 | ws | i2 | i3 | i3n | ratios…
        assertThat(cells[1].trim()).isEqualTo("1");
        for (int column : new int[] {2, 3, 4}) {
            Matcher m = CELL.matcher(cells[column].trim());
            assertThat(m.matches()).as("cell %d: %s", column, cells[column]).isTrue();
            assertThat(Double.parseDouble(m.group(1))).isPositive();
        }
        assertThat(cells[5].trim()).as("iperf3 new was left out").isEqualTo("–");
        assertThat(cells[6].trim()).matches("\\d+\\.\\d\\d× \\(.*\\)");

        // the self-report table has a row per tool with a ruler figure and CPU cost
        long rows = lines.stream().filter(l -> l.matches("\\| default \\| 1 \\| (wirespeed|iperf2|iperf3 3\\.12) \\| \\d+\\.\\d \\| .*")).count();
        assertThat(rows).isEqualTo(3);
        // every tool at wirespeed's write size: iperf2 ran with -l 1M beside wirespeed
        String equal = lines.stream().filter(l -> l.startsWith("| -P | wirespeed | iperf2 | iperf3 new | ws/iperf2"))
                .findFirst().orElseThrow();
        String[] equalCells = lines.get(lines.indexOf(equal) + 2).split("\\|");
        for (int column : new int[] {2, 3}) {
            assertThat(CELL.matcher(equalCells[column].trim()).matches()).as("-l 1M cell %d: %s", column,
                    equalCells[column]).isTrue();
        }
        assertThat(lines).anyMatch(l -> l.matches("\\| len \\| 1 \\| iperf2 \\| \\d+\\.\\d \\| .*"));
        assertThat(lines).noneMatch(l -> l.startsWith("runs that exited non-zero"));
    }
}
