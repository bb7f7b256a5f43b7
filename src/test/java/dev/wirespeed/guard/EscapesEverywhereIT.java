package dev.wirespeed.guard;

import static dev.wirespeed.testing.Hostile.EVIL;
import static dev.wirespeed.testing.Hostile.assertClean;
import static dev.wirespeed.testing.Hostile.evilPaste;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.FakeServer;
import dev.wirespeed.wire.CounterDelta;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 4: words that are not ours — a lying server's fields, a pasted log, what a paste
 * left in the store — reach no terminal and no file with a raw control character: ESC, OSC 0 (the
 * window title), OSC 52 (a clipboard write), BEL, CR, a line feed that would forge a line, C1's CSI
 * and U+202E all come out escaped.
 */
@Tag("hostile")
class EscapesEverywhereIT {

    @TempDir
    Path dir;

    private static String results(TestSpec spec) {
        List<Message.StreamTotal> streams = new ArrayList<>();
        for (int i = 0; i < spec.connections(); i++) {
            // what 1 s at 1 Gbit/s moves: plausible, so only the words are wrong
            streams.add(new Message.StreamTotal(i, false, 125_000_000L, 125_000_000L, 1_000_000_000L, null));
        }
        Map<String, CounterDelta.Count> values = new LinkedHashMap<>();
        values.put("rx_dropped", CounterDelta.Count.of(7, EVIL));
        values.put(EVIL, CounterDelta.Count.of(9, EVIL));
        CounterDelta evil = new CounterDelta("netdev", EVIL, values);
        return FakeServer.json(new Message.Results(streams, new Message.CpuTime(1, 1, 1_000_000_000L), null,
                new Message.DataPathUsed(EVIL, EVIL, List.of(EVIL, EVIL + "2")), List.of(evil), null));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLyingServersEveryWordIsEscapedInTextJsonAndTheStore() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run bw;
        try (FakeServer server = new FakeServer(new FakeServer.Script(FakeServer.welcome(EVIL, EVIL, EVIL),
                EscapesEverywhereIT::results))) {
            bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "-i", "0.5",
                    "--db", db.toString());
        }
        assertClean("bw", bw);
        assertThat(bw.out()).as(bw.err()).contains("\\x1b]0;title\\x07").contains("\\u202e");
        stored(db);
        Cli.Run json;
        try (FakeServer server = new FakeServer(new FakeServer.Script(FakeServer.welcome(EVIL, EVIL, EVIL),
                EscapesEverywhereIT::results))) {
            json = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "--json");
        }
        assertClean("bw --json", json);
        assertThat(Json.MAPPER.readTree(json.out()).path("server").path("host").asText())
                .contains("\\x1b]0;title");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anEnumThatDoesNotExistIsNamedEscapedWithoutJacksonsWords() throws Exception {
        Cli.Run bw;
        try (FakeServer server = new FakeServer(new FakeServer.Script(FakeServer.welcome("wirespeed", "h", "Linux"),
                spec -> results(spec).replace("\"netdev\"", "\"" + EVIL.replace("\u001b", "\\u001b")
                        .replace("\u0007", "\\u0007").replace("\r", "\\r").replace("\n", "\\n") + "\"")))) {
            bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "--no-save");
        }
        assertClean("bw", bw);
        assertThat(bw.out() + bw.err()).contains("\\x1b]0;title").doesNotContain("dev.wirespeed")
                .doesNotContain("tools.jackson").doesNotContain("Cannot deserialize");
    }

    /** What a result saved from a lying peer or a paste prints through every results command. */
    private void stored(Path db) throws Exception {
        String d = db.toString();
        assertClean("results list", Cli.run("results", "list", "--db", d));
        assertClean("results show", Cli.run("results", "show", "1", "--db", d));
        assertClean("results export --csv", Cli.run("results", "export", "--csv", "--db", d));
        assertClean("results export --json", Cli.run("results", "export", "--json", "--db", d));
        Path csv = dir.resolve("out.csv");
        assertThat(Cli.run("results", "export", "--csv", "--db", d, "-o", csv.toString()).exitCode()).isZero();
        assertClean("export -o", Files.readString(csv, StandardCharsets.UTF_8));
        Path html = dir.resolve("report.html");
        Cli.Run report = Cli.run("results", "report", "--include-partial", "--db", d, "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertClean("report", Files.readString(html, StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPastedLogIsEscapedInExplainAndEverywhereItsSavedResultsGo() throws Exception {
        Path paste = dir.resolve("evil.txt");
        Files.writeString(paste, evilPaste(), StandardCharsets.UTF_8);
        Path db = dir.resolve("paste.db");
        Cli.Run text = Cli.run("explain", paste.toString());
        assertClean("explain", text);
        // a terminal title sequence in a pasted line is removed before reading, as the terminal it was
        // copied from showed it (paste31: `ESC ] … BEL` sets a title and prints nothing); what is left of
        // the line is shown escaped, and an escape inside a JSON string (iperf3 -J's version) is shown
        // escaped whole
        assertThat(text.out()).contains("iperf3").contains("mlx5_\\u202e\\u009b0").contains("3.9E\\x1b[2J\\x1b]0;title");
        assertClean("explain --json", Cli.run("explain", "--json", paste.toString()));
        Cli.Run save = Cli.run("explain", "--save", "--db", db.toString(), paste.toString());
        assertClean("explain --save", save);
        assertThat(save.out()).contains("saved:");
        stored(db);
    }
}
