package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.PrometheusText;
import dev.wirespeed.wire.TestSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result says what it was measured against: two wirespeed servers on one host (127.0.0.1, two
 * ports), one run to each with both directions, are four OpenMetrics series (peer, port,
 * direction, protocol, tool apart), which promtool reads; `results list` shows each peer with its
 * port and the server's software, `show` and the CSV export carry it too.
 */
class PeerSeriesIT {
    private static final Pattern BANDWIDTH = Pattern.compile("(?m)^wirespeed_bandwidth_bits_per_second\\{([^}]*)} ");

    @TempDir
    Path dir;

    @Test
    void twoServersOnOneHostUploadAndDownloadAreFourSeries() throws Exception {
        Path db = dir.resolve("r.db");
        try (Server a = server(); Server b = server()) {
            for (Server s : List.of(a, b)) {
                Cli.Run run = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(s.port()), "--bidir", "-t", "1",
                        "-P", "1", "--db", db.toString(), "--label", "lab");
                assertThat(run.exitCode()).as(run.err()).isZero();
            }
            Cli.Run om = Cli.run("results", "export", "--format", "openmetrics", "--db", db.toString());
            assertThat(om.exitCode()).as(om.err()).isZero();
            Set<String> series = new TreeSet<>();
            Matcher m = BANDWIDTH.matcher(om.out());
            while (m.find()) {
                series.add(m.group(1));
            }
            assertThat(series).as(om.out()).hasSize(4);
            for (Server s : List.of(a, b)) {
                for (String direction : List.of("upload", "download")) {
                    assertThat(series).anyMatch(l -> l.contains("direction=\"" + direction + "\"")
                            && l.contains("peer=\"127.0.0.1\"") && l.contains("port=\"" + s.port() + "\"")
                            && l.contains("protocol=\"tcp\"") && l.contains("tool=\"wirespeed\""));
                }
            }
            assertThat(PrometheusText.errors(om.out(), true)).isEmpty();
            assertThat(PrometheusText.promtool(om.out())).isEmpty();

            Cli.Run list = Cli.run("results", "list", "--db", db.toString());
            assertThat(list.out()).contains("PEER (SERVER)").contains("127.0.0.1:" + a.port() + " wirespeed ")
                    .contains("127.0.0.1:" + b.port() + " wirespeed ");
            Cli.Run show = Cli.run("results", "show", "1", "--db", db.toString());
            // each test had its server to itself, and the server says so (issue 29: results.sharedWithTests 0)
            assertThat(show.out()).containsPattern("peer: +127\\.0\\.0\\.1:" + a.port() + ", wirespeed \\S+; "
                    + "the server ran no other test at the same time");
            Cli.Run csv = Cli.run("results", "export", "--csv", "--db", db.toString());
            assertThat(csv.out().lines().findFirst().orElseThrow())
                    .contains("peer_host,peer_port,peer_tool,peer_tool_version,peer_shared");
            assertThat(csv.out()).contains(",127.0.0.1," + b.port() + ",wirespeed,");
            Cli.Run json = Cli.run("results", "list", "--json", "--db", db.toString());
            assertThat(json.out()).contains("\"peer\"").contains("\"port\" : " + a.port()).contains("\"shared\" : \"no\"");
            assertThat(JsonSchemas.errors("results.schema.json", json.out())).isEmpty();
        }
    }

    @Test
    void aLoopbackRunsOwnServerRanNothingElse() throws Exception {
        Path db = dir.resolve("l.db");
        Cli.Run run = Cli.run("bw", "--loopback", "-t", "1", "-P", "1", "--db", db.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Cli.Run show = Cli.run("results", "show", "1", "--db", db.toString());
        assertThat(show.out()).contains("the server ran no other test at the same time");
        assertThat(Files.exists(db)).isTrue();
    }

    private static Server server() throws Exception {
        Server s = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                line -> { }));
        s.serveInBackground();
        return s;
    }
}
