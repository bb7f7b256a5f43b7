package dev.wirespeed.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks text in the Prometheus (0.0.4) or OpenMetrics (1.0) exposition format: Prometheus' own
 * promtool (Debian package prometheus) when it is installed, and a reading of the grammar here
 * (every sample of a declared family, HELP for each, label values quoted and escaped, numbers
 * Go's ParseFloat reads).
 */
public final class PrometheusText {
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{((?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\",?)*)})? "
                    + "([-+]?(?:[0-9.]+(?:[eE][-+]?[0-9]+)?|Inf|NaN))( [0-9]+)?");

    private PrometheusText() {}

    /** Problems found in {@code text} by the grammar here; empty when it reads. */
    public static List<String> errors(String text, boolean openMetrics) {
        List<String> errors = new ArrayList<>();
        Map<String, String> types = new HashMap<>();
        Map<String, Boolean> help = new HashMap<>();
        List<String> lines = text.lines().toList();
        for (String line : lines) {
            if (line.startsWith("# TYPE ")) {
                String[] p = line.split(" ");
                types.put(p[2], p[3]);
            } else if (line.startsWith("# HELP ")) {
                help.put(line.split(" ")[2], true);
            } else if (line.startsWith("#") || line.isBlank()) {
                continue;
            } else {
                Matcher m = SAMPLE.matcher(line);
                if (!m.matches()) {
                    errors.add("not a sample: " + line);
                    continue;
                }
                if (m.group(5) != null) {
                    errors.add("a sample with a timestamp (the textfile collector refuses them): " + line);
                }
                String name = m.group(1);
                String family = types.keySet().stream().filter(f -> name.equals(f) || name.startsWith(f + "_"))
                        .findFirst().orElse(null);
                if (family == null) {
                    errors.add("sample of no declared family: " + line);
                } else if (!help.containsKey(family)) {
                    errors.add("no HELP for " + family);
                }
            }
        }
        if (openMetrics && (lines.isEmpty() || !lines.getLast().equals("# EOF"))) {
            errors.add("OpenMetrics text must end with # EOF");
        }
        return errors;
    }

    /** promtool's verdict on {@code text} (its lint included); skips the test when promtool is absent. */
    public static String promtool(String text) throws Exception {
        Path tool = Programs.find("promtool").orElse(null);
        assumeTrue(tool != null, "SKIPPED: promtool not installed (apt-get install prometheus)");
        Process p = new ProcessBuilder(tool.toString(), "check", "metrics").redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("promtool did not finish in 60 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() == 3) {
            // Exit 3 is lint advice, not a parse error. One piece of advice is taken knowingly: the
            // bandwidth is named in bits per second, as network people (and the issue) read it.
            List<String> advice = out.lines().filter(l -> !l.isBlank())
                    .filter(l -> !l.endsWith("use base unit \"bytes\" instead of \"bits\"")).toList();
            return advice.isEmpty() ? "" : "lint: " + String.join("; ", advice);
        }
        return p.exitValue() == 0 ? "" : "exit " + p.exitValue() + ": " + out;
    }
}
