package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
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
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The HTML report as a browser shows it, against the chart rules (docs/STORE.md "results
 * report"), for four reports of one store: a campaign over buffer lengths, a UDP rate sweep, a
 * latency run set and the whole store mixed (fio grid, perftest sweeps, a latency sweep, interval
 * and per-stream charts). Headless Chromium (Debian package chromium) loads each offline, logs no
 * console message, and runs src/test/resources/report/chart-rules-check.js in the page, which
 * measures every chart as laid out: sizes on base-2 log axes with binary ticks, rates on
 * decimal-prefixed ticks in a unit that suits them, axis titles in words with units and never a
 * setting, a log y axis exactly when the data span more than two decades, every series its own
 * palette colour with a legend entry and one colour per name across the report, every text inside
 * its chart, and tables that never widen the page (also in a narrow window). Screenshots go to
 * target/report-*.png (docs/img holds copies).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportChromiumIT {
    private static final Pattern CONSOLE = Pattern.compile(".*:CONSOLE[:(].*");

    @TempDir
    static Path dir;

    private String chromium;
    private Path db;
    private long campaignRun;

    @BeforeAll
    void fillTheStore() throws Exception {
        chromium = Programs.find("chromium").map(Path::toString)
                .or(() -> Programs.find("chromium-browser").map(Path::toString)).orElse(null);
        assumeTrue(chromium != null, "SKIPPED: chromium not installed (apt-get install chromium)");
        db = dir.resolve("r.db");
        // a campaign over buffer lengths, two series (1 and 2 streams)
        Path plan = dir.resolve("lengths.yaml");
        Files.writeString(plan, """
                name: lengths
                defaults: {duration: 1, host: loopback}
                grid: {length: [8K, 128K, 1M]}
                series:
                  - engine: wirespeed-bw
                    label: one-stream
                    params: {streams: 1}
                  - engine: wirespeed-bw
                    label: two-streams
                    params: {streams: 2}
                """);
        ok(Cli.run("run", plan.toString(), "--db", db.toString()));
        try (ResultStore store = ResultStore.open(db)) {
            campaignRun = store.find(ResultStore.Query.all()).getFirst().runId();
        }
        // a UDP rate sweep: three target rates, two datagram sizes (labels)
        for (String rate : List.of("50M", "200M", "1G")) {
            ok(Cli.run("bw", "--loopback", "--udp", "-b", rate, "-t", "1", "--db", db.toString(), "--label", "udp"));
            ok(Cli.run("bw", "--loopback", "--udp", "-b", rate, "-l", "8K", "-t", "1", "--db", db.toString(),
                    "--label", "udp-8k"));
        }
        // a latency run set: the same test with different iteration counts, and one with busy polling
        for (String n : List.of("300", "1000", "3000")) {
            ok(Cli.run("lat", "--loopback", "-n", n, "--db", db.toString(), "--label", "lat"));
        }
        ok(Cli.run("lat", "--loopback", "-n", "1000", "--busy-poll", "--db", db.toString(), "--label", "lat"));
        // for the whole store: per-stream intervals, a latency sweep, a fio grid and perftest sweeps
        ok(Cli.run("bw", "--loopback", "-t", "2", "-P", "2", "--db", db.toString(), "--label", "loopback"));
        ok(Cli.run("lat", "--loopback", "-a", "-n", "200", "--db", db.toString(), "--label", "loopback"));
        // issue 29: latency under load (bandwidth and round trips on one time axis) and connection rate
        ok(Cli.run("bw", "--loopback", "--latency", "--idle", "1", "-t", "2", "-P", "1", "--db", db.toString(),
                "--label", "loaded"));
        ok(Cli.run("lat", "--loopback", "--connect", "-t", "1", "--db", db.toString(), "--label", "crr"));
        fill(db);
    }

    @Test
    void latencyUnderLoadAndConnectionRate() throws Exception {
        JsonNode check = report("loaded", "loaded", "crr");
        // one chart, two value axes: bandwidth on the left, the pings' round trips on the right
        assertThat(titles(check)).contains("Bandwidth (bit/s)", "Time since the first ping (s)",
                "Transaction rate (transactions/s)", "Connect time, p99 (µs)");
        // the right axis' title (the page script reads the left one) and its columns, apart from the left's span
        String page = Files.readString(dir.resolve("loaded.html"));
        assertThat(page).contains(">Round trip (ms)<").contains("<th class=\"y2\">RTT p99</th>");
        assertThat(captions(check)).anyMatch(c -> c.contains("bufferbloat:"));
        assertThat(check.path("legendEntries").asInt()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aCampaignOverSizes() throws Exception {
        JsonNode check = report("sizes", "run:" + campaignRun);
        assertThat(check.path("sizeAxes").asInt()).as("size axes measured").isPositive();
        assertThat(check.path("rateValueAxes").asInt()).as("rate axes measured").isPositive();
        assertThat(titles(check)).contains("Buffer length (bytes)", "Bandwidth (bit/s)");
        assertThat(check.path("legendEntries").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aUdpRateSweep() throws Exception {
        JsonNode check = report("udp", "udp", "udp-8k");
        assertThat(check.path("rateAxes").asInt()).as("target rates on a rate axis").isPositive();
        assertThat(titles(check)).contains("Target rate (bit/s)", "Bandwidth (bit/s)");
        assertThat(check.path("legendEntries").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aLatencyRunSet() throws Exception {
        JsonNode check = report("latency", "lat");
        // the iteration counts are a setting: named in the caption, on no axis
        assertThat(captions(check)).anyMatch(c -> c.contains("iterations 300, 1000, 3000"));
        assertThat(titles(check)).noneMatch(t -> t.toLowerCase().contains("iteration")).contains("One-way latency (µs)");
        assertThat(check.path("legendEntries").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theWholeStoreMixed() throws Exception {
        JsonNode check = report("mixed");
        // a size sweep's bandwidth spans more than two decades: a log axis; loopback runs do not
        assertThat(check.path("logY").asInt()).as("log y axes measured").isPositive();
        assertThat(check.path("linearY").asInt()).as("linear y axes measured").isPositive();
        assertThat(check.path("sizeAxes").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(check.path("rateAxes").asInt()).isPositive();
        assertThat(check.path("charts").asInt()).isGreaterThanOrEqualTo(12);
        // "bandwidth over time" of many runs: every run its own colour (checked per chart), eight at most
        assertThat(check.path("colours").properties().stream().map(Map.Entry::getKey).filter(n -> n.startsWith("#")))
                .hasSizeGreaterThanOrEqualTo(8);
    }

    /**
     * Writes the report of {@code selections}, checks it offline and in Chromium (at 1200 px, and
     * its tables again at 760 px), takes its screenshot, and returns what the page script measured.
     */
    private JsonNode report(String name, String... selections) throws Exception {
        Path html = dir.resolve(name + ".html");
        List<String> args = new ArrayList<>(List.of("results", "report", "--db", db.toString(), "-o", html.toString(),
                "--title", "wirespeed: " + name));
        args.addAll(List.of(selections));
        Cli.Run run = ok(Cli.run(args.toArray(String[]::new)));
        Matcher m = Pattern.compile("(\\d+) charts?\\b").matcher(run.out());
        assertThat(m.find()).as(run.out()).isTrue();
        int charts = Integer.parseInt(m.group(1));
        assertThat(charts).isPositive();
        String page = Files.readString(html);
        // Offline: nothing to fetch (the only URLs are SVG namespace names, which are never loaded).
        assertThat(page).doesNotContain("<script").doesNotContain("<link").doesNotContain("@import")
                .doesNotContainPattern("(src|href)\\s*=\\s*['\"]?https?:").doesNotContainPattern("url\\(['\"]?https?:");

        String script = Files.readString(Path.of("src/test/resources/report/chart-rules-check.js"))
                .replace("__PALETTE__", Charts.paletteHex().stream().map(c -> "'" + c + "'")
                        .collect(Collectors.joining(", ", "[", "]")));
        Path checked = dir.resolve(name + "-checked.html");
        Files.writeString(checked, page.replace("</body>", "<script>\n" + script + "\n</script></body>"));
        // One launch for the page's DOM and the check: the script only appends its <pre>, so the figures
        // are the page's own; the page alone is loaded (and its console read) for the screenshot below.
        // A load is ~1.8 s of CPU spread over Chromium's processes, which wait on each other much of the
        // time: the three loads of this report start at once, then are read one by one.
        Launch wideLaunch = launch(checked, "--dump-dom", "--window-size=1200,2400");
        Launch narrowLaunch = launch(checked, "--dump-dom", "--window-size=760,2400");
        Path png = dir.resolve(name + ".png");
        Launch shotLaunch = launch(html, "--screenshot=" + png, "--window-size=1200,3000");
        Browser wide = wideLaunch.finish();
        assertThat(count(wide.out(), "<figure class=\"chart\"")).isEqualTo(charts);
        JsonNode check = measured(wide);
        assertThat(check.path("problems")).as(name + ": chart rules broken").isEmpty();
        assertThat(check.path("charts").asInt()).isEqualTo(charts);
        assertThat(check.path("texts").asInt()).isGreaterThan(charts * 5);
        assertThat(check.path("legendEntries").asInt()).isGreaterThanOrEqualTo(charts);
        assertThat(check.path("tables").asInt()).isGreaterThanOrEqualTo(charts);
        // a narrow window: tables wrap or scroll inside their box, the page does not scroll sideways
        JsonNode narrow = measured(narrowLaunch.finish());
        assertThat(narrow.path("problems")).as(name + " at 760 px").isEmpty();

        Browser shot = shotLaunch.finish();
        assertThat(shot.consoleLines()).isEmpty();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1200);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        // A blank or text-only page has a handful of colours; charts' series and anti-aliased lines many more.
        assertThat(colours.size()).isGreaterThan(40);
        Files.createDirectories(Path.of("target"));
        Files.copy(png, Path.of("target", "report-" + name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        return check;
    }

    private static JsonNode measured(Browser b) {
        assertThat(b.consoleLines()).isEmpty();
        Matcher json = Pattern.compile("<pre id=\"layout-check\">(.*?)</pre>", Pattern.DOTALL).matcher(b.out());
        assertThat(json.find()).as(b.out()).isTrue();
        return Json.MAPPER.readTree(json.group(1).replace("&quot;", "\"").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&"));
    }

    private static List<String> titles(JsonNode check) {
        List<String> out = new ArrayList<>();
        check.path("axisTitles").forEach(t -> out.add(t.asString()));
        return out;
    }

    private static List<String> captions(JsonNode check) {
        List<String> out = new ArrayList<>();
        check.path("captions").forEach(t -> out.add(t.asString()));
        return out;
    }

    @Test
    void theConsoleCheckCatchesAPageThatLogsAnError() throws Exception {
        Path bad = dir.resolve("bad.html");
        Files.writeString(bad, "<html><body><script>console.error('report-check')</script></body></html>");
        assertThat(chrome(bad, "--dump-dom").consoleLines()).anyMatch(l -> l.contains("report-check"));
    }

    private static Cli.Run ok(Cli.Run run) {
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        return run;
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

    private Browser chrome(Path page, String... what) throws Exception {
        return launch(page, what).finish();
    }

    /** A Chromium started on {@code page}; {@link #finish} waits for it (bounded) and reads what it wrote. */
    private record Launch(Process process, Path out, Path err) {
        Browser finish() throws Exception {
            if (!process.waitFor(180, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("chromium did not finish in 180 s");
            }
            List<String> console = Files.readAllLines(err).stream().filter(l -> CONSOLE.matcher(l).matches()).toList();
            return new Browser(Files.readString(out), console);
        }
    }

    private Launch launch(Path page, String... what) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        Path out = profile.resolveSibling(profile.getFileName() + ".out");
        Path err = profile.resolveSibling(profile.getFileName() + ".err");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(what));
        cmd.add(page.toUri().toString());
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new Launch(p, out, err);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
