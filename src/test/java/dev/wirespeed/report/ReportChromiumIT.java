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
import tools.jackson.databind.JsonNode;
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
 * offline, logs no console message, has every chart in its DOM, lays out every chart text (axis
 * titles, tick labels, legends) inside its chart, orders sizes numerically, and paints a
 * screenshot that is not blank. The report holds real bw and lat runs over loopback (per-stream
 * intervals, latency histograms, a latency sweep), perftest sweeps and a fio campaign.
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
        Cli.Run bw = Cli.run("bw", "--loopback", "-t", "2", "-P", "2", "--db", db.toString(), "--label", "loopback");
        assertThat(bw.exitCode()).as(bw.err()).isZero();
        Cli.Run lat = Cli.run("lat", "--loopback", "-a", "-n", "200", "--db", db.toString(), "--label", "loopback");
        assertThat(lat.exitCode()).as(lat.err()).isZero();
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
                .contains("bandwidth over time").contains("chromium check").contains("bandwidth per stream over time")
                .contains("round-trip time by percentile").contains("<h2>Findings</h2>");
        // numeric order: the legend of the fio charts lists 4k before 16k for each label
        String fio = dom.out().substring(dom.out().indexOf("fio: IOPS vs I/O depth"));
        assertThat(fio.indexOf(">nfs-rdma bs=4k<")).isPositive().isLessThan(fio.indexOf(">nfs-rdma bs=16k<"));
        assertThat(fio.indexOf(">nfs-rdma bs=16k<")).isLessThan(fio.indexOf(">nfs-tcp bs=4k<"));

        // Layout, measured by Chromium itself: a copy of the report with a script that compares
        // every chart text's box with its chart's box, and reads the size ticks left to right.
        Path checked = dir.resolve("checked.html");
        Files.writeString(checked, page.replace("</body>", LAYOUT_CHECK + "</body>"));
        Browser layout = chrome(chromium, checked, "--dump-dom", "--window-size=1200,2400");
        Matcher json = Pattern.compile("<pre id=\"layout-check\">(.*?)</pre>", Pattern.DOTALL).matcher(layout.out());
        assertThat(json.find()).as(layout.out()).isTrue();
        JsonNode check = dev.wirespeed.results.Json.MAPPER.readTree(json.group(1).replace("&quot;", "\"")
                .replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"));
        assertThat(check.path("charts").asInt()).isEqualTo(charts);
        assertThat(check.path("texts").asInt()).isGreaterThan(charts * 5);
        assertThat(check.path("sizeTicks").asInt()).as("size axes were read").isGreaterThan(10);
        assertThat(check.path("clipped")).as("texts outside their chart").isEmpty();
        assertThat(check.path("order")).as("size ticks out of numeric order").isEmpty();

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

    /**
     * Run in the page by Chromium: for each chart, every text's rendered box must lie inside the
     * chart's box (1 px of rounding allowed); size tick labels ("2 B", "64 K", "1 M"), sorted by
     * their position, must grow. The verdict is written into the page as JSON.
     */
    private static final String LAYOUT_CHECK = """
            <script>
            (function () {
              const out = {charts: 0, texts: 0, sizeTicks: 0, clipped: [], order: []};
              const unit = {B: 1, K: 1024, M: 1048576, G: 1073741824};
              document.querySelectorAll('figure.chart svg').forEach(function (svg, i) {
                out.charts++;
                const box = svg.getBoundingClientRect();
                const ticks = [];
                svg.querySelectorAll('text').forEach(function (t) {
                  out.texts++;
                  const r = t.getBoundingClientRect();
                  if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
                    out.clipped.push('chart ' + (i + 1) + ': ' + t.textContent);
                  }
                  const m = /^(\\d+) ([BKMG])$/.exec(t.textContent.trim());
                  if (m) {
                    ticks.push([r.left, Number(m[1]) * unit[m[2]], t.textContent]);
                  }
                });
                ticks.sort(function (a, b) { return a[0] - b[0]; });
                out.sizeTicks += ticks.length;
                for (let k = 1; k < ticks.length; k++) {
                  if (ticks[k][1] <= ticks[k - 1][1]) {
                    out.order.push('chart ' + (i + 1) + ': ' + ticks[k - 1][2] + ' before ' + ticks[k][2]);
                  }
                }
              });
              const pre = document.createElement('pre');
              pre.id = 'layout-check';
              pre.textContent = JSON.stringify(out);
              document.body.appendChild(pre);
            })();
            </script>
            """;

    private record Browser(String out, List<String> consoleLines) {}

    private Browser chrome(String chromium, Path page, String... what) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        Path out = dir.resolve("chromium.out");
        Path err = dir.resolve("chromium.err");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync",
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
