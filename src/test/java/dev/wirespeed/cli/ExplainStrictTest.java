package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;
import dev.wirespeed.results.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** explain --json lists, per piece, the blocks read, their skipped lines and the runs of unrecognized lines; --strict exits 4. */
class ExplainStrictTest {
    @TempDir
    Path dir;

    /** ethtool -a, then a line of prose, a blank, another prose line, then ip link: one run of lines 6-8 unread. */
    private static final String LOG = """
            root@t3640:/# ethtool -a enp1s0f0np0
            Pause parameters for enp1s0f0np0:
            Autonegotiate: off
            RX: on
            TX: on
            and then the author wrote a sentence

            and another one
            2: enp1s0f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000
                link/ether 10:70:fd:00:00:01 brd ff:ff:ff:ff:ff:ff
            """;

    private record Run(int code, String out) {}

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(new StringWriter()));
        return new Run(code, out.toString());
    }

    private String file(String text) throws Exception {
        Path p = dir.resolve("log.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p.toString();
    }

    @Test
    void jsonNamesWhatWasReadAndWhatWasNot() throws Exception {
        Run r = run("explain", "--json", file(LOG));
        assertThat(r.code()).isZero();
        JsonNode piece = Json.MAPPER.readTree(r.out()).get("pieces").get(0);
        assertThat(piece.get("outputs")).extracting(o -> o.get("format").asText()).containsExactly("ethtool", "ip");
        assertThat(piece.get("outputs").get(0).get("firstLine").asInt()).isEqualTo(2);
        assertThat(piece.get("outputs").get(0).get("lastLine").asInt()).isEqualTo(5);
        JsonNode un = piece.get("unrecognized");
        assertThat(un.get("lines").asInt()).isEqualTo(2);
        assertThat(un.get("first").get("line").asInt()).isEqualTo(6);
        assertThat(un.get("ranges")).hasSize(1);
        assertThat(un.get("ranges").get(0).get("firstLine").asInt()).isEqualTo(6);
        assertThat(un.get("ranges").get(0).get("lastLine").asInt()).isEqualTo(8);
    }

    @Test
    void strictExits4OnlyWhenSomethingWasNotRecognized() throws Exception {
        Run strict = run("explain", "--strict", file(LOG));
        assertThat(strict.code()).isEqualTo(ExitCode.UNRECOGNIZED).isEqualTo(4);
        assertThat(strict.out()).contains("strict: 2 line(s) not recognized");
        Run plain = run("explain", file(LOG));
        assertThat(plain.code()).isZero();
        String clean = LOG.lines().filter(l -> !l.contains("sentence") && !l.contains("another one"))
                .reduce("", (a, l) -> a + l + "\n");
        assertThat(run("explain", "--strict", file(clean)).code()).isZero();
        assertThat(run("explain", "--strict", "--json", file(LOG)).code()).isEqualTo(4);
    }
}
