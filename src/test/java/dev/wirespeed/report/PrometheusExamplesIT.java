package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** examples/prometheus/prometheus.yml is a configuration Prometheus accepts: `promtool check config`. */
class PrometheusExamplesIT {
    @TempDir
    Path dir;

    @Test
    void theScrapeConfigurationPassesPromtool() throws Exception {
        assertThat(check(Path.of("examples", "prometheus", "prometheus.yml"))).startsWith("0:").contains("SUCCESS");
        // and the check is a real one: a scrape job without a name is refused
        Path bad = dir.resolve("bad.yml");
        Files.writeString(bad, Files.readString(Path.of("examples", "prometheus", "prometheus.yml"))
                .replace("job_name: node", "job_nam: node"));
        assertThat(check(bad)).doesNotStartWith("0:");
    }

    private static String check(Path config) throws Exception {
        Path promtool = Programs.find("promtool").orElse(null);
        assumeTrue(promtool != null, "SKIPPED: promtool not installed (apt-get install prometheus)");
        Process p = new ProcessBuilder(promtool.toString(), "check", "config", config.toString()).redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("promtool did not finish in 60 s");
        }
        return p.exitValue() + ": " + out;
    }
}
