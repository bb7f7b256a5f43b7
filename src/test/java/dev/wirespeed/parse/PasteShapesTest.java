package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What {@link RepeatedPrefix} and {@link EscapedOutput} leave alone: each repair happens only when
 * more lines start a known format after it than before (the real samples they read are fixtures
 * with key facts: kubernetes#94005, s2n-quic#786, sriov-network-operator#968, benchmark-operator#33).
 */
class PasteShapesTest {
    private final LogReader reader = LogReader.standard();
    private final Splitter splitter = new Splitter(Set.of("iperf3", "ethtool"), reader::starts);

    private List<String> lines(String text) {
        return SplitLines.of(splitter, text);
    }

    /** Each line of the paste comes out starting as it did. */
    private void kept(String start, String... pasted) {
        assertThat(lines(String.join("\n", pasted))).hasSize(pasted.length).allMatch(l -> l.startsWith(start));
    }

    @Test
    void aPrefixOverLinesNoParserReadsStays() {
        // s2n-quic#786's other service: its lines are no tool's output, with or without "sim |"
        kept("sim             | ",
                "sim             | Forwarding packet (0 bytes) from 193.167.0.90",
                "sim             | Forwarding packet (1 bytes) from 193.167.100.110",
                "sim             | Forwarding packet (0 bytes) from 193.167.100.110");
    }

    @Test
    void iperfRowsKeepTheirStreamColumnAndAKernelLogItsJournalPrefix() {
        // "[  5] " is the same on every row and ends in ']', but the rows already read
        kept("[  5]",
                "[  5]   0.00-1.00   sec  1.01 GBytes  8.67 Gbits/sec",
                "[  5]   1.00-2.00   sec  1.02 GBytes  8.72 Gbits/sec",
                "[  5]   2.00-3.00   sec  1.01 GBytes  8.69 Gbits/sec",
                "[  5]   3.00-4.00   sec  1.03 GBytes  8.85 Gbits/sec");
        // the kernel reader reads journalctl's prefix
        kept("Dec 05 ",
                "Dec 05 10:00:01 host kernel: mlx5_core 0000:08:00.0: Port module event: module 0, Cable unplugged",
                "Dec 05 10:00:02 host kernel: mlx5_core 0000:08:00.0 enp8s0f0np0: Link down",
                "Dec 05 10:00:09 host kernel: mlx5_core 0000:08:00.0 enp8s0f0np0: Link up");
    }

    @Test
    void aCommentedOutputUnderAnIndentedMarkReads() {
        // a Python comment in a review diff ("+  # "): the diff's "+" and then the indented "# " go
        String diff = String.join("\n",
                "```diff",
                "+  # [  4] local 10.0.0.1 port 53525 connected with 10.0.0.2 port 5001",
                "+  # [ ID] Interval       Transfer     Bandwidth",
                "+  # [  4]  0.0-60.0 sec  3730 MBytes   521 Mbits/sec",
                "+  # [SUM]  0.0-60.0 sec  14010 MBytes  1957 Mbits/sec");
        assertThat(lines(diff)).contains("[SUM]  0.0-60.0 sec  14010 MBytes  1957 Mbits/sec");
    }

    @Test
    void codeWithEscapedBreaksStaysOneLine() {
        String code = "    fprintf(stderr, \"usage: %s [-c host]\\n  -p port\\n  -t seconds\\n\", argv[0]);";
        assertThat(lines(code)).containsExactly(code);
    }

    @Test
    void anOutputInsideAStringLiteralBecomesItsLinesNumberedAsPasted() {
        String log = "first line\n{\"msg\": \"ran ethtool\", \"stdout\": \"Settings for eth0:\\n\\tSpeed: 25000Mb/s\\n\\tDuplex: Full\\n"
                + "\\tLink detected: yes\\n\", \"rc\": 0}";
        List<Chunk> chunks = splitter.split(log);
        List<String> all = lines(log);
        assertThat(all).contains("Settings for eth0:", "\tSpeed: 25000Mb/s", "\tLink detected: yes");
        Lines in = chunks.getLast().lines();
        for (int i = 0; i < in.size(); i++) {
            if (in.raw(i).contains("Speed")) {
                assertThat(in.lineNumber(i)).as("the pasted line it came from").isEqualTo(2);
            }
        }
    }

    @Test
    void aReadersArrowNoteGoesButWhatToolsPrintStays() {
        // the annotated guides (parse/host README) read in full by KeyFactsTest; these stay as printed
        assertThat(lines("        Speed: 1000Mb/s                                             <-- Nic Speed 확인"))
                .containsExactly("        Speed: 1000Mb/s");
        assertThat(lines("                100baseT/Half 100baseT/Full   \u2190 the EMAC tops out at 100M"))
                .containsExactly("                100baseT/Half 100baseT/Full");
        String lspci = "\t\tLnkCap:\tPort #0, Speed 8GT/s, Width x16, ASPM L1, Exit Latency L1 <4us";
        assertThat(lines(lspci)).containsExactly(lspci);
        String perftest = " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]";
        assertThat(lines(perftest)).containsExactly(perftest);
        String nccl = "#       size         count      type   redop    root     time   algbw   busbw #wrong";
        assertThat(lines(nccl)).containsExactly(nccl);
    }

    @Test
    void aLineBlocksContinuationJoinsButATablesRowsStay() {
        List<String> block = lines(String.join("\n",
                "| Connecting to host iperf.funet.fi, port 5201",
                "| [ 4] local 86.50.166.23 port 51444 connected to 193.166.255.193 port",
                "  5201",
                "| [ ID] Interval Transfer Bandwidth Retr Cwnd"));
        assertThat(block).contains("[ 4] local 86.50.166.23 port 51444 connected to 193.166.255.193 port 5201").hasSize(3);
        // a Markdown table's rows end in "|": an indented line after them is no continuation
        List<String> table = lines(String.join("\n", "| a | b |", "|---|---|", "| 1 | 2 |", "    indented"));
        assertThat(table).hasSize(4);
        // two "| " lines are no block
        assertThat(lines(String.join("\n", "| one", "| two", "  three"))).hasSize(3);
    }

    @Test
    void suseDefaultPromptStartsACommand() {
        List<Chunk> chunks = splitter.split("hks@sisu-login3:~> iperf3 -c iperf.funet.fi\nConnecting to host iperf.funet.fi, port 5201");
        assertThat(chunks.getLast().command().text()).isEqualTo("iperf3 -c iperf.funet.fi");
        // "user@host>" in prose, no path: no prompt
        assertThat(Splitter.prompt("mail admin@example.org> see below")).isNull();
    }

    @Test
    void aFenceGluedToAPromptOrAnOutputsFirstLineGoesButAnInfoStringStays() {
        // RHsyseng/openshift-checks#22: the lspci command under a prompt glued to its fence starts its own piece
        List<Chunk> chunks = splitter.split(Fixture.text("pci/lspci-vvv-xxv710-fence-glued-to-prompt-ethtool-i-i40e-openshift-checks22.txt"));
        assertThat(chunks.getLast().prompt()).isEqualTo("[core@worker-00 ~]$");
        assertThat(chunks.getLast().command().text()).isEqualTo("sudo lspci -vvv -D -s 0000:12:00.0");
        // a fence glued to the first line of an output: the line as the tool printed it
        assertThat(lines("```Settings for eth0:\n\tSpeed: 1000Mb/s\n\tDuplex: Full")).first().isEqualTo("Settings for eth0:");
        // an info string is no output ("```C" before a RIOT shell log, "```console"): the fence line stays
        assertThat(lines("```C\n2020-06-01 23:09:37,684 # 3 packets transmitted, 3 packets received, 0% packet loss"))
                .first().isEqualTo("```C");
        assertThat(lines("~~~console\n$ ethtool eth0")).first().isEqualTo("~~~console");
    }

    @Test
    void boldMarksInsideARowGoButAsterisksToolsPrintStay() {
        // the "Slow upload speed" forum thread (parse/iperf README): the receiver's rate in bold inside its row
        assertThat(lines("[  4]   0.00-10.00  sec  1.07 GBytes   **920 Mbits/sec**                  receiver"))
                .containsExactly("[  4]   0.00-10.00  sec  1.07 GBytes   920 Mbits/sec                  receiver");
        // a lone "**", or asterisks masking a value (parse/other's ZeroTier blog: "ee:**:**:2f:46:c1"), are no marks
        assertThat(lines("rx_**_drops: 0 ** see below")).containsExactly("rx_**_drops: 0 ** see below");
        assertThat(lines("200 listnetworks b6**** insane_tattam ee:**:**:2f:46:c1 OK PRIVATE"))
                .containsExactly("200 listnetworks b6**** insane_tattam ee:**:**:2f:46:c1 OK PRIVATE");
    }

    @Test
    void grepsFileNameAndLineNumberGoWhenTheRestReads() {
        // calcky/nslab's qdisc example (parse/iperf README): grep over two iperf3 outputs
        assertThat(lines("/tmp/flow1:[  5]   0.00-10.01 sec  11.5 MBytes  9.64 Mbits/sec  receiver\n"
                + "/tmp/flow2:[  5]   0.00-10.01 sec  11.2 MBytes  9.38 Mbits/sec  receiver"))
                .allMatch(l -> l.startsWith("[  5]"));
        // "grep -Hn": the name and the number
        assertThat(lines("out/eth0.txt:1:Settings for eth0:\nout/eth0.txt:4:\tSpeed: 1000Mb/s\nout/eth0.txt:5:\tDuplex: Full"))
                .first().isEqualTo("Settings for eth0:");
        // names before lines no parser reads better without them stay, and an interface's "eth0.100: " has a blank
        kept("src/main.c:", "src/main.c:12:int main(void)", "src/main.c:13:{", "src/main.c:14:    return 0;");
        kept("eth0.100: ", "eth0.100: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500",
                "eth0.100: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 9000");
    }

    @Test
    void aTerminalScreenCopyLosesItsPaddingAndCutLinesJoinButEqualRowsStay() {
        String pad = " ".repeat(80);
        // every line padded to 80 columns, the two longer ones cut at the width (inside "DEFAULT")
        String cut = "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 15";
        List<String> screen = List.of("1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
                "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
                cut + "00 qdisc mq state UP mode DEFAULT group default qlen 1000",
                "    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff", "", "$ ");
        StringBuilder text = new StringBuilder();
        for (String l : screen) {
            for (int at = 0; at == 0 || at < l.length(); at += 80) {
                String row = l.substring(at, Math.min(l.length(), at + 80));
                text.append(row).append(pad, 0, 80 - row.length()).append('\n');
            }
        }
        assertThat(lines(text.toString())).contains(screen.get(0), screen.get(1), screen.get(2));
        // iperf3's own rows, the same length and ending in its blanks: only the blanks go
        String row = "[  5]   %d.00-%d.00   sec   110 MBytes   922 Mbits/sec    0    134 KBytes       ";
        List<String> rows = List.of(row.formatted(0, 1), row.formatted(1, 2), row.formatted(2, 3), row.formatted(3, 4), row.formatted(4, 5));
        assertThat(lines(String.join("\n", rows))).containsExactlyElementsOf(rows.stream().map(String::stripTrailing).toList());
        // rows as long as each other that end in their last column (lspci -xxx): no screen, nothing joined
        String hex = "%d0: 86 80 fb 10 06 04 10 00 01 00 00 02 10 00 00 00 86 80 fb 10 06 04 10 00 01";
        List<String> dump = List.of(hex.formatted(0), hex.formatted(1), hex.formatted(2), hex.formatted(3), hex.formatted(4));
        assertThat(lines(String.join("\n", dump))).containsExactlyElementsOf(dump);
    }

    @Test
    void promptsOfThemesDistributionsAndEnvironmentsStartACommand() {
        // oh-my-zsh's robbyrussell theme (parse/host README, the r8169 notes): the working directory is no part of the command
        List<Chunk> arrow = splitter.split(Fixture.text("host/ethtool-i-r8169-ohmyzsh-arrow-prompt-cn-notes.txt"));
        assertThat(arrow.getLast().prompt()).isEqualTo("\u279C  ~");
        assertThat(arrow.getLast().command().text()).isEqualTo("ethtool -i enp3s0");
        assertThat(Splitter.prompt("\u279C  wirespeed git:(main) \u2717 ethtool eth0")[1]).isEqualTo("ethtool eth0");
        assertThat(Splitter.prompt("(base) \u279C  ~ ethtool eno1")[1]).isEqualTo("ethtool eno1");
        // zsh's default prompt on macOS (parse/iperf README, the Thunderbolt bridge)
        List<Chunk> mac = splitter.split(Fixture.text("iperf/iperf3-3.8.1-apple-V-bidir-thunderbolt.txt"));
        assertThat(mac.getLast().prompt()).isEqualTo("oddbjorn@mac ~ %");
        assertThat(mac.getLast().command().text()).isEqualTo("iperf3-darwin -c 10.0.0.131 -V --bidir");
        // openSUSE's root prompt, a host in brackets with an exit status, environments before "$" or a user@host prompt
        assertThat(Splitter.prompt("zabulon:~ # ethtool -i eth0")).containsExactly("zabulon:~ #", "ethtool -i eth0");
        assertThat(Splitter.prompt("[schwarzgerat](0) $ ethtool -i igb")).containsExactly("[schwarzgerat](0) $", "ethtool -i igb");
        assertThat(Splitter.prompt("(venv) $ iperf3 -c 10.0.0.1")).containsExactly("(venv) $", "iperf3 -c 10.0.0.1");
        assertThat(Splitter.prompt("(testbed) (base) root@27ea:/# ethtool eth0")[1]).isEqualTo("ethtool eth0");
        // what is no prompt: a URL before a shell comment, a list item's "ex)", a value in percent
        assertThat(Splitter.prompt("http://example.org/x # see there")).isNull();
        assertThat(Splitter.prompt("ex) $ ethtool -p ens12f0")).isNull();
        assertThat(Splitter.prompt("    send_cpus_used    =     200 % cpus")).isNull();
    }

    @Test
    void aFenceGluedToTheLastLineAndCaretMarksGoButInlineCodeStays() {
        assertThat(lines("```\n[  5]   0.00-10.01  sec  11.0 GBytes  9.41 Gbits/sec                  receiver```"))
                .contains("[  5]   0.00-10.01  sec  11.0 GBytes  9.41 Gbits/sec                  receiver");
        assertThat(lines("Run ```ethtool -i eth0``` first")).containsExactly("Run ```ethtool -i eth0``` first");
        assertThat(lines("\tSpeed: 1000Mb/s\n\t       ^^^^^^^^^ should be 10000\n\tDuplex: Full"))
                .containsExactly("\tSpeed: 1000Mb/s", "\tDuplex: Full");
        // a caret inside a line stays (a regular expression, an exponent)
        assertThat(lines("x ^^ y")).containsExactly("x ^^ y");
    }

    @Test
    void aCatNGutterAndAvocadosMixedLevelsGo() {
        assertThat(lines("     1\tSettings for eth0:\n     2\t\tSpeed: 1000Mb/s\n     3\t\tDuplex: Full\n     4\t\tLink detected: yes"))
                .containsExactly("Settings for eth0:", "\tSpeed: 1000Mb/s", "\tDuplex: Full", "\tLink detected: yes");
        assertThat(lines("13:06:19 INFO | PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.\n"
                + "13:06:19 DEBUG| 64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.199 ms\n"
                + "2023-04-13 17:05:47,100 avocado.test INFO | 64 bytes from 10.0.0.2: icmp_seq=2 ttl=64 time=0.206 ms"))
                .containsExactly("PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.", "64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.199 ms",
                        "64 bytes from 10.0.0.2: icmp_seq=2 ttl=64 time=0.206 ms");
        // numbered lines no parser reads better without their number stay (a listing of code)
        kept("     ", "     1\tint main(void)", "     2\t{", "     3\t    return 0;", "     4\t}");
    }

    @Test
    void twoHostsInterleavedByAParallelShellAreReadApart() {
        List<String> apart = lines(String.join("\n", "node01: Settings for eth0:", "node02: Settings for eth0:", "node01: \tSpeed: 25000Mb/s",
                "node02: \tSpeed: 10000Mb/s", "node01: \tLink detected: yes", "node02: \tLink detected: no"));
        assertThat(apart).containsExactly("Settings for eth0:", "\tSpeed: 25000Mb/s", "\tLink detected: yes", "", "Settings for eth0:",
                "\tSpeed: 10000Mb/s", "\tLink detected: no");
        // a host's lines already together stay in their order, with no blank line added
        assertThat(lines(String.join("\n", "node01: Settings for eth0:", "node01: \tSpeed: 25000Mb/s", "node01: \tLink detected: yes")))
                .containsExactly("Settings for eth0:", "\tSpeed: 25000Mb/s", "\tLink detected: yes");
    }

    @Test
    void aStampWithAZoneWordOrAYearAfterItsTimeGoesButDataAfterATimeStays() {
        // iperf3 --timestamps='%F %T %Z ' and its default '%c ' (fixtures: parse/iperf/iperf3-3.12-timestamps-*)
        assertThat(lines("2026-12-06 05:20:12 CET [ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
                + "2026-12-06 05:20:12 CET [  5]   0.00-1.00   sec  6.00 MBytes  50.3 Mbits/sec    1   1.12 MBytes\n"
                + "2026-12-06 05:20:13 CET [  5]   1.00-2.00   sec  6.00 MBytes  50.3 Mbits/sec    0   1.12 MBytes"))
                .allMatch(l -> l.startsWith("[ "));
        assertThat(lines("Sun Dec  6 04:20:16 2026 [ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
                + "Sun Dec  6 04:20:16 2026 [  5]   0.00-1.00   sec  6.00 MBytes  50.3 Mbits/sec    0   1.12 MBytes\n"
                + "Sun Dec 16 04:20:17 2026 [  5]   1.00-2.00   sec  6.00 MBytes  50.3 Mbits/sec    0   1.12 MBytes"))
                .allMatch(l -> l.startsWith("[ "));
        // a host named in capitals after journalctl's time is no zone: the kernel reader reads the lines with it
        kept("Dec 05 ",
                "Dec 05 10:00:01 GPU kernel: mlx5_core 0000:08:00.0: Port module event: module 0, Cable unplugged",
                "Dec 05 10:00:02 GPU kernel: mlx5_core 0000:08:00.0 enp8s0f0np0: Link down",
                "Dec 05 10:00:09 GPU kernel: mlx5_core 0000:08:00.0 enp8s0f0np0: Link up");
        // after a time, only a year of 1900-2099 ends a stamp; another number (a count, a port) is data
        assertThat(RepeatedPrefix.afterTime("Dec", "Dec00:0:00", " 2026")).isTrue();
        assertThat(RepeatedPrefix.afterTime("Dec", "Dec00:0:00", " 5201")).isFalse();
        assertThat(RepeatedPrefix.afterTime("0-0-00:0:0", "CET", "T")).isTrue();
        assertThat(RepeatedPrefix.afterTime("0-0-00:0:0", "host", "t")).isFalse();
        assertThat(RepeatedPrefix.afterTime("0:0", "ID]", "]")).isFalse();
    }
}
