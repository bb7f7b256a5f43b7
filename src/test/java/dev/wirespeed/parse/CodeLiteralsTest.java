package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Outputs kept in code ({@link LiteralLines}, {@link RawStringEdges}): read as printed when the literals or the
 * string's edges are undone, and left alone where a tool's own line holds quotes or the literals hold no format. The
 * real samples are fixtures with key facts (parse/iperf, perftest, pci, host and ib READMEs, round 17).
 */
class CodeLiteralsTest {
    private final LogReader reader = LogReader.standard();
    private final Splitter splitter = new Splitter(Set.of("iperf3", "ethtool", "ibstat"), reader::starts);

    private List<String> lines(String... pasted) {
        return SplitLines.of(splitter, String.join("\n", pasted));
    }

    @Test
    void aListOfLineLiteralsReadsAsTheLines() {
        // the shape of the iperf GUI's REAL_313_TCP_RUN and Ansible's "msg": each literal one line, its commas gone
        assertThat(lines("RUN = [",
                "    \"Connecting to host 127.0.0.1, port 5299\",",
                "    \"[  4] local 127.0.0.1 port 56079 connected to 127.0.0.1 port 5299\", ",
                "    \"[ ID] Interval           Transfer     Bandwidth\",",
                "    \"[  4]   0.00-0.51   sec   380 MBytes  6.26 Gbits/sec\"]"))
                .containsExactly("RUN = [", "Connecting to host 127.0.0.1, port 5299",
                        "[  4] local 127.0.0.1 port 56079 connected to 127.0.0.1 port 5299",
                        "[ ID] Interval           Transfer     Bandwidth", "[  4]   0.00-0.51   sec   380 MBytes  6.26 Gbits/sec");
    }

    @Test
    void literalsWithLineBreaksAreJoinedAndSplitAtTheBreaks() {
        // a JavaScript concatenation, two literals to a line with a comment after: one output line over two literals
        assertThat(lines("const out = \"Settings for eth0:\\n\" + \"\\tSpeed: \" +  // the mock",
                "    \"25000Mb/s\\n\" + \"\\tDuplex: Full\\n\" +",
                "    \"\\tLink detected: yes\\n\";"))
                .containsExactly("Settings for eth0:", "\tSpeed: 25000Mb/s", "\tDuplex: Full", "\tLink detected: yes");
    }

    @Test
    void aToolsOwnQuotesAndQuotedProseStay() {
        String[] ibstat = {"CA 'mlx5_0'", "\tCA type: MT4123", "\tNumber of ports: 1"};
        assertThat(lines(ibstat)).containsExactly(ibstat);
        String[] prose = {"names = [", "    \"alpha\",", "    \"beta\",", "]"};
        assertThat(lines(prose)).containsExactly(prose); // no format starts in them: kept as pasted
    }

    @Test
    void twoValuesEachAWholeOutputAreDecodedApart() {
        // one call's literal holds an output of its own: EscapedOutput decodes each, the two stay apart
        List<String> out = lines("    return Result(\"driver: mlx5_core\\nbus-info: 0000:19:00.0\\n\")",
                "return Result(\"Speed: 100000Mb/s\\nLink detected: yes\\n\")");
        assertThat(out).contains("driver: mlx5_core", "bus-info: 0000:19:00.0", "Speed: 100000Mb/s", "Link detected: yes");
        assertThat(out.indexOf("Speed: 100000Mb/s")).isGreaterThan(out.indexOf("bus-info: 0000:19:00.0") + 1);
    }

    @Test
    void aMultiLineStringLosesItsEdgesAndEscapedTabs() {
        assertThat(lines("LSPCI = \"\"\"0000:00:1c.4 PCI bridge: Intel Corporation Device 7ab4 (rev 11)",
                "\\tCapabilities: [40] Express (v2) Root Port (Slot+), MSI 00",
                "\\t\\tLnkCap:\\tPort #5, Speed 8GT/s, Width x4, ASPM L1, Exit Latency L1 <16us",
                "\\t\\tLnkSta:\\tSpeed 5GT/s (downgraded), Width x1 (downgraded)\"\"\".splitlines()"))
                .containsExactly("0000:00:1c.4 PCI bridge: Intel Corporation Device 7ab4 (rev 11)",
                        "\tCapabilities: [40] Express (v2) Root Port (Slot+), MSI 00",
                        "\t\tLnkCap:\tPort #5, Speed 8GT/s, Width x4, ASPM L1, Exit Latency L1 <16us",
                        "\t\tLnkSta:\tSpeed 5GT/s (downgraded), Width x1 (downgraded)");
    }

    @Test
    void aLineContinuedByABackslashInsideAStringIsOneLineAgain() {
        // perftest's head and row a writer broke with Python's line continuation inside a triple-quoted string
        List<String> out = lines("OUT = \"\"\"",
                " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec] \\",
                "  MsgRate[Mpps]",
                " 65536      5000           11691.45           11689.32 \\",
                "            0.187029",
                "\"\"\"");
        assertThat(out).contains(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]",
                " 65536      5000           11691.45           11689.32             0.187029");
    }

    @Test
    void anOpeningWhoseRestStartsNoFormatStays() {
        String[] code = {"HELP = \"\"\"usage: tool [options]", "  -h  help", "\"\"\""};
        assertThat(lines(code)).containsExactly(code);
    }
}
