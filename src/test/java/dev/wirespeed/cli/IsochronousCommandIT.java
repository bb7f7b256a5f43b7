package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bw --isochronous} from the command line: usage errors exit 2 with one line naming the
 * option before anything opens; iperf2's default needs no value; a loopback run prints the frames
 * (text) or the isochronous document (JSON).
 */
class IsochronousCommandIT {
    @Test
    void usageErrorsExitTwoWithOneLine() {
        String[][] refused = {
            {"-R"}, {"--bidir"}, {"-b", "1M"}, {"-a"}, {"--latency"}, {"--iperf3"}, {"-l", "20"},
            {"--json-format", "iperf3"}, {"--isochronous=abc"}, {"--isochronous=30:8p"}, {"--isochronous=0:8m"},
            {"--isochronous=30:fast"}, {"--isochronous=30:0"}, {"-C", "cubic"}, {"-Z"}, {"-n", "1M"}, {"-N"},
        };
        for (String[] r : refused) {
            List<String> args = new ArrayList<>(List.of("bw", "127.0.0.1", "--no-save"));
            if (!r[0].startsWith("--isochronous")) {
                args.add("--isochronous");
            }
            args.addAll(List.of(r));
            Cli.Run run = Cli.run(args.toArray(String[]::new));
            assertThat(run.exitCode()).as(String.join(" ", r) + ": " + run.err()).isEqualTo(2);
            assertThat(run.err().strip().lines()).as(String.join(" ", r)).hasSize(1);
            assertThat(run.err()).as(String.join(" ", r)).contains("--isochronous");
            assertThat(run.err()).doesNotContain("Exception");
        }
        // iperf2 runs --isochronous over TCP unless -u: its TCP-only options say that this one is UDP
        Cli.Run tcp = Cli.run("bw", "127.0.0.1", "--no-save", "--isochronous", "-Z");
        assertThat(tcp.err()).contains("TCP isochronous test is not carried out here").contains("-Z");
    }

    @Test
    void aLoopbackRunPrintsTheFrames() {
        // no value: iperf2's 60:20m,0; -l after it is the datagram's length, not the option's value
        Cli.Run text = Cli.run("bw", "--loopback", "--isochronous", "-l", "1000", "-t", "1", "--no-save");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("UDP upload").contains("Isochronous: 60 frames/s, mean 20.0 Mbit/s")
                .contains("datagrams of 1000 B").contains(" complete, ").contains("frame latency needs clocks");
        Cli.Run json = Cli.run("bw", "--loopback", "--isochronous", "30:4m,1m", "--trip-times", "-t", "1", "--json",
                "--no-save");
        assertThat(json.exitCode()).as(json.err()).isZero();
        assertThat(JsonSchemas.errors("isochronous.schema.json", json.out())).isEmpty();
        assertThat(json.out()).contains("\"framesPerSecond\" : 30").contains("\"agreement\" : \"one-kernel\"")
                .contains("\"latency\" : {");
    }
}
