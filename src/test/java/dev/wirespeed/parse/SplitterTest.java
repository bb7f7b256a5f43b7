package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.DriverInfo;
import dev.wirespeed.parse.host.EthtoolLimits;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SplitterTest {
    private final Splitter splitter = new Splitter(Set.of("ibstat", "iperf3"));

    @Test
    void promptsOfEveryShellWeSee() {
        String log = String.join("\n",
                "root@r86s-01:~# lspci | grep Mellanox",
                "04:00.0 Ethernet controller: x",
                "[root@m02 MLNX_OFED_LINUX-4.6-1.0.1.1-rhel7.6-x86_64]# mst status",
                "MST modules:",
                "$ qperf",
                "C:\\WINDOWS\\system32>mlx5cmd -stat",
                "NIC 1:",
                "[admin@HUAWEI]",
                "MDCLI> display cfg/startup-infos # a writer's note",
                "{",
                "(venv) user@host:/tmp$ sudo numactl --cpunodebind=0 iperf -s -P8");
        List<Chunk> chunks = splitter.split(log);
        assertThat(chunks).extracting(Chunk::prompt).containsExactly("root@r86s-01:~#",
                "[root@m02 MLNX_OFED_LINUX-4.6-1.0.1.1-rhel7.6-x86_64]#", "$", "C:\\WINDOWS\\system32>", "MDCLI>",
                "(venv) user@host:/tmp$");
        assertThat(chunks).extracting(c -> c.command().program()).containsExactly("lspci", "mst", "qperf", "mlx5cmd",
                "display", "iperf");
        assertThat(chunks.get(4).command().text()).isEqualTo("display cfg/startup-infos");
        assertThat(chunks.get(4).lines().size()).as("the [admin@HUAWEI] context line belongs to the prompt").isEqualTo(1);
        assertThat(chunks.get(5).command().args()).containsExactly("-s", "-P8");
        assertThat(chunks.getFirst().lines().lineNumber(0)).isEqualTo(2);
    }

    @Test
    void redHatPromptWithoutItsHost() {
        List<Chunk> chunks = splitter.split("[ec2-user ~]$ ethtool -S eth0\nbw_in_allowance_exceeded: 0\n[root ~]# ibstat\nCA 'mlx5_0'"
                + "\n[INFO ] $ not a prompt\n[  1.234] # nor this");
        assertThat(chunks).extracting(Chunk::prompt).containsExactly("[ec2-user ~]$", "[root ~]#");
        assertThat(chunks).extracting(c -> c.command().program()).containsExactly("ethtool", "ibstat");
        assertThat(chunks.get(1).lines().size()).as("log lines in brackets stay output").isEqualTo(3);
    }

    @Test
    void bashsDefaultPromptOfAContainer() {
        List<Chunk> chunks = splitter.split("sh-5.1# ib_write_bw -d mlx5_1 -q 16 192.168.2.1\n WARNING: x\nbash-4.2$ ibstat\nCA 'mlx5_0'");
        assertThat(chunks).extracting(Chunk::prompt).containsExactly("sh-5.1#", "bash-4.2$");
        assertThat(chunks).extracting(c -> c.command().program()).containsExactly("ib_write_bw", "ibstat");
    }

    @Test
    void quotedMailTaggedHarnessAndPathlessOrPowerShellPrompts() {
        String log = String.join("\n",
                ">> [root@nfsvmd07 ~]# nfsstat -m",
                ">> Flags:\trw,relatime,vers=4.1,",
                ">>         proto=tcp,timeo=600",
                "cumulus@switch$ sudo ethtool -m swp3",
                "[STDOUT] sockperf: Summary: Latency is 156.309 usec",
                "PS C:\\Windows\\system32> zerotier-cli.bat peers",
                "200 peers");
        List<Chunk> chunks = splitter.split(log);
        assertThat(chunks).extracting(Chunk::prompt).containsExactly("[root@nfsvmd07 ~]#", "cumulus@switch$",
                "PS C:\\Windows\\system32>");
        assertThat(chunks.getFirst().lines().raw(1)).as("the quote marks go, the indentation stays")
                .isEqualTo("        proto=tcp,timeo=600");
        assertThat(chunks.get(1).lines().get(0)).isEqualTo("sockperf: Summary: Latency is 156.309 usec");
        assertThat(chunks.get(1).lines().lineNumber(0)).as("line numbers are the input's").isEqualTo(5);
    }

    @Test
    void quotedPrintableMailIsDecodedKeepingLineNumbers() {
        String log = String.join("\n",
                "$ sockperf ping-pong -i 10.9.9.1 -=",
                "-mps=3Dmax",
                "sockperf: [Valid Duration] RunTime=3D119.549 sec; SentMessages=3D2429473;=",
                " ReceivedMessages=3D2429473",
                "sockperf: Summary: Latency is 24.571 usec");
        List<Chunk> chunks = splitter.split(log);
        assertThat(chunks.getFirst().command().text()).isEqualTo("sockperf ping-pong -i 10.9.9.1 --mps=max");
        Lines out = chunks.getFirst().lines();
        assertThat(out.get(0)).isEqualTo("sockperf: [Valid Duration] RunTime=119.549 sec; SentMessages=2429473; ReceivedMessages=2429473");
        assertThat(out.lineNumber(0)).as("a joined line has its first part's number").isEqualTo(3);
        assertThat(out.get(1)).isEqualTo("sockperf: Summary: Latency is 24.571 usec");
        assertThat(out.lineNumber(1)).as("the joined part's number is skipped").isEqualTo(5);
        List<Chunk> plain = splitter.split(String.join("\n", "$ echo a=", "b=", "c"));
        assertThat(plain.getFirst().lines().get(0)).as("no =3D or =20: not quoted-printable").isEqualTo("b=");
    }

    @Test
    void quotedPrintableBytesAreUtf8AndNoBreakSpacesBecomeSpaces() {
        String log = String.join("\n",
                "$ iperf3 -c leporello",
                "[=C2=A0 5]=C2=A0=C2=A0 0.00-10.00=C2=A0 sec=C2=A0 1.08 GBytes=C2=",
                "=A0=C2=A0 929 Mbits/sec=C2=A0 sender",
                "x=3Dy caf=",
                "=C3=A9");
        Lines out = splitter.split(log).getFirst().lines();
        assertThat(out.get(0)).isEqualTo("[  5]   0.00-10.00  sec  1.08 GBytes   929 Mbits/sec  sender");
        assertThat(out.get(1)).as("two bytes, one character").isEqualTo("x=y caf\u00e9");
    }

    @Test
    void aGmailNarrowNoBreakSpaceMarksAQuotedPrintableMailToo() {
        // round 15b: a raw netdev reply whose only escape is Gmail's "3:28=E2=80=AFPM"; its soft breaks cut a kernel line
        String log = String.join("\n",
                "On Wed, Nov 6, 2024 at 3:28=E2=80=AFPM Jianbo Liu wrot=",
                "e:",
                "> mlx5_core 0000:08:00.0: mlx5_cmd_out_err:803:(pid 3966): SET_FLOW_TA=",
                "BLE_ENTRY(0x936) op_mod(0x0) failed");
        Lines out = splitter.split(log).getFirst().lines();
        assertThat(out.get(0)).isEqualTo("On Wed, Nov 6, 2024 at 3:28 PM Jianbo Liu wrote:");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < out.size(); i++) {
            text.append(out.get(i)).append('\n');
        }
        assertThat(text.toString()).contains("SET_FLOW_TABLE_ENTRY(0x936) op_mod(0x0) failed");
        // one "=E2" alone (no continuation byte after it) is no UTF-8 character: the "=" lines stay
        Lines plain = splitter.split(String.join("\n", "$ echo a=E2", "b=", "c=")).getFirst().lines();
        assertThat(plain.get(0)).isEqualTo("b=");
    }

    @Test
    void anElisionMarkGoesAndTheLineAfterItSaysSoKeepingItsNumber() {
        Lines out = splitter.split(String.join("\n", "$ cat /proc/net/softnet_stat", "0073d76b 00000000 000049ae", "<snip>",
                "0000015c 00000000 00000000")).getFirst().lines();
        assertThat(out.size()).isEqualTo(2);
        assertThat(out.elidedBefore(1)).isTrue();
        assertThat(out.elidedBefore(0)).isFalse();
        assertThat(out.lineNumber(1)).as("the mark's number is skipped").isEqualTo(4);
    }

    @Test
    void doubleSpacedLinesCloseUpAndZeroWidthCharactersGo() {
        Lines out = splitter.split(String.join("\n", "$ ethtool eth0", "", "\uFEFFSettings for eth0:", "", "\tSpeed:\u200B 25000Mb/s", "",
                "\tDuplex: Full", "", "", "", "\tLink detected: yes")).getFirst().lines();
        assertThat(out.size()).as("one blank line of three stays: the output's own").isEqualTo(5);
        assertThat(out.raw(1)).isEqualTo("\tSpeed: 25000Mb/s");
        assertThat(out.blank(3)).isTrue();
        assertThat(out.lineNumber(4)).isEqualTo(11);
    }

    @Test
    void formatFlowedMailIsJoinedOnlyWhenItsHeaderSaysSo() {
        String flowed = String.join("\n", "Content-Type: text/plain; charset=UTF-8; format=flowed", "", "$ ibstat",
                "CA 'mlx5_0' ", " CA type: MT4123", "\tPort 1:");
        Lines out = splitter.split(flowed).get(1).lines();
        assertThat(out.raw(0)).as("soft break joined, space-stuffing gone").isEqualTo("CA 'mlx5_0' CA type: MT4123");
        Lines plain = splitter.split(flowed.replace("; format=flowed", "")).get(1).lines();
        assertThat(plain.get(1)).as("a trailing space of its own: no join").isEqualTo("CA type: MT4123");
    }

    @Test
    void bareCommandLinesInProseStartChunks() {
        List<Chunk> chunks = splitter.split(String.join("\n", "Check the card:", "ibstat", "CA 'mlx5_0'",
                "iperf3 -c 192.168.1.11", "iperf3 Done. and more prose", "iperf3 is a tool"));
        assertThat(chunks).extracting(c -> c.command() == null ? null : c.command().text())
                .containsExactly(null, "ibstat", "iperf3 -c 192.168.1.11");
        assertThat(chunks.get(1).prompt()).isEmpty();
    }

    @Test
    void aManPageNameLineQuotedInProseIsNoCommand() {
        // readers10: the r8169 notes quote ethtool(8)'s NAME line ("> ethtool : query or control …") above the shell block
        Splitter ethtool = new Splitter(Set.of("ethtool"));
        List<Chunk> chunks = ethtool.split(Fixture.text("host/ethtool-i-r8169-ohmyzsh-arrow-prompt-cn-notes.txt"));
        assertThat(chunks).extracting(c -> c.command() == null ? null : c.command().text())
                .containsExactly(null, "ethtool -i enp3s0");
        List<Chunk> dash = ethtool.split(String.join("\n", "ethtool - query or control network driver and hardware settings",
                "ethtool -", "ethtool -i eth0"));
        assertThat(dash).extracting(c -> c.command() == null ? null : c.command().text())
                .containsExactly(null, "ethtool -", "ethtool -i eth0");
    }

    @Test
    void continuationLinesJoinTheCommandAndColourCodesGo() {
        List<Chunk> chunks = splitter.split("root@t3640:/# fio --rw=randread \\\n --bs=4k\nsockperf: \u001B[2;35m== version #3.7 ==\u001B[0m [msg/sec]");
        assertThat(chunks.getFirst().command().text()).isEqualTo("fio --rw=randread  --bs=4k");
        assertThat(chunks.getFirst().lines().get(0)).isEqualTo("sockperf: == version #3.7 == [msg/sec]");
    }

    @Test
    void htmlReferencesAvocadoPrefixesAndVersionBannersWhichAreNotCommands() {
        String log = String.join("\n",
                "$ iperf3 -V -c 10.0.0.1 -u",
                "iperf 3.9",
                "[  4]   0.00-10.00  sec  1.24 GBytes  1.06 Gbits/sec  0.001 ms  135795/162217 (84&#37;) &lt;x&gt; &amp;#37;",
                "20:22:23 DEBUG| [stdout]   write: IOPS=19, BW=19.0MiB/s (19.9MB/s)(39.0MiB/2052msec)",
                // avocado pads the level to five characters (its logging guide, docs/source/guides/writer/chapters/logging.rst,
                // shows "avocado.test INFO | INIT …" beside "avocado.test DEBUG| PARAMS …"); a word no level is stays
                "20:22:23 INFO | the level padded (paste9)",
                "20:22:23 NOTE | not a harness prefix",
                "iperf3 -c 10.0.0.2");
        List<Chunk> chunks = splitter.split(log);
        assertThat(chunks).extracting(c -> c.command().text()).as("'iperf 3.9' is -V's banner, not a new command")
                .containsExactly("iperf3 -V -c 10.0.0.1 -u", "iperf3 -c 10.0.0.2");
        Lines out = chunks.getFirst().lines();
        assertThat(out.get(0)).isEqualTo("iperf 3.9");
        assertThat(out.get(1)).endsWith("135795/162217 (84%) <x> &#37;");
        assertThat(out.raw(2)).as("the tag goes, the indentation stays").isEqualTo("  write: IOPS=19, BW=19.0MiB/s (19.9MB/s)(39.0MiB/2052msec)");
        assertThat(out.get(3)).isEqualTo("the level padded (paste9)");
        assertThat(out.get(4)).isEqualTo("20:22:23 NOTE | not a harness prefix");
    }

    /**
     * Issue 31: a session a config file keeps as comments (the held-out NixOS sample's form), here the talos#9167
     * fixture with every line commented as such a file does; and what is no such comment.
     */
    @Test
    void aSessionKeptAsCommentsIsReadAsTheSession() {
        String session = Fixture.text("host/ethtool-g-tx-push-rx-push-note-driver-e1000e-talos9167.txt")
                .replaceAll("(?m)^(?=.)", "# ").replaceAll("(?m)^$", "#");
        List<Parsed> blocks = Fixture.blocksOf(session);
        assertThat(blocks).flatExtracting(b -> b.all(EthtoolLimits.class))
                .singleElement().satisfies(l -> assertThat(l.current()).containsEntry("rx", 256L).containsEntry("tx", 256L));
        assertThat(blocks).flatExtracting(b -> b.all(DriverInfo.class))
                .extracting(DriverInfo::driver).containsExactly("e1000e");
        // NixOS's prompt "[das@hp1:~]$" names the command of each piece
        assertThat(new Splitter(Set.of()).split(session)).extracting(c -> c.command() == null ? null : c.command().text())
                .contains("ethtool --show-ring enp3s0f0", "ethtool --driver enp3s0f0");
        // a root shell's prompt: its output lines carry no "#", nothing is removed
        assertThat(Fixture.blocksOf("# ethtool -i eth0\ndriver: mlx5_core\nversion: 5.0-0\nfirmware-version: 16.35.4030\n"))
                .flatExtracting(b -> b.all(DriverInfo.class))
                .extracting(DriverInfo::driver).containsExactly("mlx5_core");
        // nccl-tests' own "#" lines start with no prompt and follow no command: they stay as printed
        List<Chunk> nccl = new Splitter(Set.of("all_reduce_perf")).split("# nThread 1 nGpus 1 minBytes 8\n#\n# Using devices\n");
        assertThat(nccl.getFirst().lines().get(0)).isEqualTo("# nThread 1 nGpus 1 minBytes 8");
    }

    /** srun --label: the task number before each line goes when one task's labels run three lines or more; ip's "2: eth0:" stays. */
    @Test
    void srunTaskLabelsGoAndInterfaceIndexesStay() {
        List<Chunk> labelled = new Splitter(Set.of()).split(" 0: # Out of bounds values : 0 OK\n 0: # Avg bus bandwidth    : 25.3468\n 0: #\n");
        assertThat(labelled.getFirst().lines().get(1)).isEqualTo("# Avg bus bandwidth    : 25.3468");
        List<Chunk> ip = new Splitter(Set.of()).split("1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536\n2: eth0: <BROADCAST> mtu 1500\n"
                + "3: eth1: <BROADCAST> mtu 1500\n");
        assertThat(ip.getFirst().lines().get(1)).isEqualTo("2: eth0: <BROADCAST> mtu 1500");
    }
}
