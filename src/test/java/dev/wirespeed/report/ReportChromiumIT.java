package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.run.Parsing;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.RunInfo;
import dev.wirespeed.testing.Cli;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report as a browser shows it: headless Chromium (Debian package chromium) loads the file
 * offline, logs no console message, has every chart in its DOM, and paints a screenshot that is
 * not blank.
 */
class ReportChromiumIT {
    private static final Pattern CONSOLE = Pattern.compile(".*:CONSOLE[:(].*");

    @TempDir
    Path dir;

    @Test
    void reportOpensInChromiumWithChartsAndNoConsoleErrors() throws Exception {
        String chromium = Programs.find("chromium").map(Path::toString)
                .or(() -> Programs.find("chromium-browser").map(Path::toString)).orElse(null);
        assumeTrue(chromium != null, "SKIPPED: chromium not installed (apt-get install chromium)");
        Path db = dir.resolve("r.db");
        fill(db);
        Path html = dir.resolve("report.html");
        Cli.Run run = Cli.run("results", "report", "--db", db.toString(), "-o", html.toString(), "--title", "chromium check");
        assertThat(run.exitCode()).as(run.err()).isZero();
        Matcher m = Pattern.compile("(\\d+) charts").matcher(run.out());
        assertThat(m.find()).as(run.out()).isTrue();
        int charts = Integer.parseInt(m.group(1));
        assertThat(charts).isGreaterThanOrEqualTo(8);

        String page = Files.readString(html);
        // Offline: nothing to fetch (the only URLs are SVG namespace names, which are never loaded).
        assertThat(page).doesNotContain("<script").doesNotContain("<link").doesNotContain("@import")
                .doesNotContainPattern("(src|href)\\s*=\\s*['\"]?https?:").doesNotContainPattern("url\\(['\"]?https?:");

        // The console check works: a page that logs an error is caught.
        Path bad = dir.resolve("bad.html");
        Files.writeString(bad, "<html><body><script>console.error('report-check')</script></body></html>");
        assertThat(chrome(chromium, bad, "--dump-dom").consoleLines()).anyMatch(l -> l.contains("report-check"));

        Browser dom = chrome(chromium, html, "--dump-dom");
        assertThat(dom.consoleLines()).isEmpty();
        assertThat(count(dom.out(), "<figure class=\"chart\"")).isEqualTo(charts);
        assertThat(count(dom.out(), "<svg")).isEqualTo(charts);
        assertThat(dom.out()).contains("fio grid by bs × iodepth").contains("rdma-send-bw sweep")
                .contains("bandwidth over time").contains("chromium check");

        Path png = dir.resolve("report.png");
        Browser shot = chrome(chromium, html, "--screenshot=" + png, "--window-size=1200,2400");
        assertThat(shot.consoleLines()).isEmpty();
        assertThat(Files.size(png)).isGreaterThan(50_000);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1200);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        // A blank or text-only page has a handful of colours; the charts' series colours and
        // anti-aliased lines give many more.
        assertThat(colours.size()).isGreaterThan(40);
        Files.copy(png, Path.of("target", "report-screenshot.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** A fio grid of two labels, perftest sweeps (recorded seed outputs) and a run with intervals. */
    private static void fill(Path db) throws Exception {
        HostSummary host = HostSummary.current(Map.of("eth0", "25 Gbit/s, MTU 9000"));
        List<Item> items = new ArrayList<>();
        for (String label : List.of("nfs-rdma", "nfs-tcp")) {
            for (String bs : List.of("4k", "16k")) {
                for (int depth : List.of(8, 16, 32)) {
                    double iops = (label.equals("nfs-rdma") ? 120_000 : 36_000) + depth * 1000 - (bs.equals("16k") ? 9000 : 0);
                    items.add(new Item(new Measurement("fio", "fio-3.33", "fio",
                            Map.of("bs", bs, "iodepth", Integer.toString(depth)),
                            List.of(Metric.of("iops", iops), Metric.of("bitsPerSecond", iops * 4096 * 8),
                                    Metric.of("latencyAvgMicros", depth * 1e6 / iops)), null, null, "parsed"),
                            List.of(label), "fio …", "fio-json", null, List.of("bs", "iodepth")));
                }
            }
        }
        for (String f : List.of("ib_send_bw-a.txt", "ib_send_lat-a.txt")) {
            String text = Files.readString(Path.of("src/test/resources/perftest-standin", f), StandardCharsets.UTF_8);
            for (Measurement m : Parsing.measurements(new PerftestParser(), f.replace("-a.txt", " -a"), text)) {
                items.add(new Item(m, List.of("seed"), null, "perftest-text", text));
            }
        }
        List<Measurement.Interval> intervals = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            intervals.add(new Measurement.Interval(s, s + 1, false, List.of(Metric.of("bitsPerSecond", 2.3e10 + s * 1e8))));
        }
        items.add(new Item(new Measurement("wirespeed", "0.1", "tcp-bw", Map.of("streams", "4"),
                List.of(Metric.of("bitsPerSecond", 2.35e10)), intervals, null, "measured"), List.of("single"), null, null,
                null));
        try (ResultStore store = ResultStore.open(db)) {
            store.save(RunInfo.of("campaign", "wirespeed run x.yaml", host), items);
        }
    }

    private record Browser(String out, List<String> consoleLines) {}

    private Browser chrome(String chromium, Path page, String... what) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        Path out = dir.resolve("chromium.out");
        Path err = dir.resolve("chromium.err");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(what));
        cmd.add(page.toUri().toString());
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 180 s");
        }
        List<String> console = Files.readAllLines(err).stream().filter(l -> CONSOLE.matcher(l).matches()).toList();
        return new Browser(Files.readString(out), console);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
