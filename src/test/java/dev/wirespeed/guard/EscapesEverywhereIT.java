package dev.wirespeed.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.host.Counters;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.FakeServer;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    /** Every kind of byte the issue names, ending in a line that would look like ours. */
    static final String EVIL = "E\u001b[2J\u001b]0;title\u0007\u001b]52;c;ZXZpbA==\u0007\u0007\r\nFORGED: fake\u202e\u009b[31m";

    @TempDir
    Path dir;

    /** No unsafe character but the line feeds, tabs and CRLFs (CSV) of our own layout, and no forged line. */
    static void assertClean(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
            if (c != '\n' && c != '\t' && !crlf && Printable.unsafe(c)) {
                int from = Math.max(0, i - 40);
                throw new AssertionError(what + ": raw U+" + String.format("%04X", (int) c) + " at " + i + " in ..."
                        + Printable.of(text.substring(from, Math.min(text.length(), i + 40))));
            }
        }
        for (String line : text.split("\n")) {
            assertThat(line.strip()).as(what + ": a forged line").doesNotStartWith("FORGED");
        }
    }

    static void assertClean(String what, Cli.Run r) {
        assertClean(what + " stdout", r.out());
        assertClean(what + " stderr", r.err());
    }

    private static String results(TestSpec spec) {
        List<Message.StreamTotal> streams = new ArrayList<>();
        for (int i = 0; i < spec.connections(); i++) {
            // what 1 s at 1 Gbit/s moves: plausible, so only the words are wrong
            streams.add(new Message.StreamTotal(i, false, 125_000_000L, 125_000_000L, 1_000_000_000L, null));
        }
        Counters evil = Counters.netdev(EVIL).value("rx_dropped", 7, EVIL).value(EVIL, 9, EVIL).build();
        return FakeServer.json(new Message.Results(streams, new Message.CpuTime(1, 1, 1_000_000_000L), null,
                new Message.DataPathUsed(EVIL, EVIL, List.of(EVIL, EVIL + "2")), List.of(evil)));
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
        assertThat(dev.wirespeed.results.Json.MAPPER.readTree(json.out()).path("server").path("host").asText())
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

    /** A paste whose prompt, CA name, firmware, host column and tool version carry escapes. */
    static String evilPaste() {
        String e = "\u001b]0;pwned\u0007\u001b]52;c;ZXZpbA==\u0007\u202e\u009b";
        return "[root@node1" + e + " ~]# ibstat\n"
                + "CA 'mlx5_" + e + "0'\n"
                + "        CA type: MT4125" + e + "\n"
                + "        Number of ports: 1\n"
                + "        Firmware version: 22.29.2002" + e + "\n"
                + "        Hardware version: 0\n"
                + "        Node GUID: 0xb8cef6030071f6fc\n"
                + "        System image GUID: 0xb8cef6030071f6fc\n"
                + "        Port 1:\n"
                + "                State: Active\n"
                + "                Physical state: LinkUp\n"
                + "                Rate: 100\n"
                + "                Base lid: 0\n"
                + "                LMC: 0\n"
                + "                SM lid: 0\n"
                + "                Capability mask: 0x00010000\n"
                + "                Port GUID: 0xbacef6fffe71f6fc\n"
                + "                Link layer: Ethernet\n"
                + "[root@node1 ~]# iperf3 -c 10.0.0.2" + e + "\r\n"
                + "Connecting to host 10.0.0.2" + e + ", port 5201\r\n"
                + "[  5] local 10.0.0.1 port 50000 connected to 10.0.0.2" + e + " port 5201\n"
                + "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
                + "[  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec    0   1.50 MBytes\n"
                + "[  5]   1.00-2.00   sec  1.10 GBytes  9.42 Gbits/sec    0   1.50 MBytes\n"
                + "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
                + "[ ID] Interval           Transfer     Bitrate         Retr\n"
                + "[  5]   0.00-2.00   sec  2.20 GBytes  9.42 Gbits/sec    0             sender\n"
                + "[  5]   0.00-2.00   sec  2.19 GBytes  9.41 Gbits/sec                  receiver\n"
                + "\n"
                + "iperf Done." + e + "\n"
                + "[root@node1 ~]# iperf3 -c 10.0.0.2 -J\n"
                + "{\"start\":{\"version\":\"iperf 3.9" + json(EVIL) + "\",\"connecting_to\":{\"host\":\"" + json(EVIL)
                + "\",\"port\":5201},\"test_start\":{\"protocol\":\"TCP\",\"num_streams\":1,\"duration\":2}},"
                + "\"intervals\":[],\"end\":{\"sum_sent\":{\"start\":0,\"end\":2,\"seconds\":2,\"bytes\":2362232012,"
                + "\"bits_per_second\":9448928048,\"retransmits\":0},\"sum_received\":{\"start\":0,\"end\":2,"
                + "\"seconds\":2,\"bytes\":2351494594,\"bits_per_second\":9405978376}}}\n";
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPastedLogIsEscapedInExplainAndEverywhereItsSavedResultsGo() throws Exception {
        Path paste = dir.resolve("evil.txt");
        Files.writeString(paste, evilPaste(), StandardCharsets.UTF_8);
        Path db = dir.resolve("paste.db");
        Cli.Run text = Cli.run("explain", paste.toString());
        assertClean("explain", text);
        assertThat(text.out()).contains("iperf3").contains("mlx5_\\x1b]0;pwned\\x07");
        assertClean("explain --json", Cli.run("explain", "--json", paste.toString()));
        Cli.Run save = Cli.run("explain", "--save", "--db", db.toString(), paste.toString());
        assertClean("explain --save", save);
        assertThat(save.out()).contains("saved:");
        stored(db);
    }
}
