package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.explain.Explanation;
import dev.wirespeed.host.Counters;
import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.host.NetInterfaceRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ethtool -S, ip -s link, perfquery, ibqueryerrors, netstat -s and nstat on real pastes
 * (parse/counters/README.md), and the counter rules (doctor's, one per signal) on what they give.
 */
class CountersParsersTest {
    private static CounterSample only(String path, String format) {
        return Fixture.only("counters/" + path, format).all(CounterSample.class).getFirst();
    }

    private static List<Finding> findings(String path) {
        Explanation e = Explainer.standard().explain(path, Fixture.text("counters/" + path));
        return e.findings().stream().filter(f -> f.rule().startsWith("counter-")).toList();
    }

    @Test
    void ethtoolStatsMlx5() {
        Parsed p = Fixture.only("counters/ethtool-S-mlx5-ethq8.txt", "ethtool-stats");
        CounterSample s = p.all(CounterSample.class).getFirst();
        assertThat(s.values()).hasSize(23);
        assertThat(s.value("rx_packets")).isEqualTo(845320277L);
        assertThat(s.value("tx_bytes")).isEqualTo(2655285206479L);
        assertThat(s.value("rx_csum_none")).isEqualTo(49455L);
        assertThat(s.subject()).isNull();
        assertThat(p.skipped()).isEmpty();
        assertThat(findings("ethtool-S-mlx5-ethq8.txt")).as("no error counter is nonzero").isEmpty();
    }

    @Test
    void ethtoolStatsGreppedRxOutOfBufferNamesTheRing() {
        CounterSample s = only("ethtool-S-mlx5-grep-netmap649.txt", "ethtool-stats");
        assertThat(s.subject()).isEqualTo("enp193s0f0np0");
        assertThat(s.value("rx_out_of_buffer")).isEqualTo(48L);
        assertThat(findings("ethtool-S-mlx5-grep-netmap649.txt")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-rx-buffer");
            assertThat(f.severity()).isEqualTo(Severity.WARN);
            assertThat(f.message()).contains("rx_out_of_buffer 48 ", "want of buffers");
            assertThat(f.fix().command()).isEqualTo("ethtool -G enp193s0f0np0 rx <maximum>");
        });
    }

    @Test
    void ethtoolStatsBe2netAndE1000e() {
        CounterSample be = only("ethtool-S-be2net-ethq7.txt", "ethtool-stats");
        assertThat(be.subject()).isEqualTo("eth0");
        assertThat(be.values()).hasSize(37);
        assertThat(be.value("rx_dropped_too_short")).isEqualTo(5710L);
        assertThat(be.value("rx_ip_checksum_errs")).isEqualTo(12655L);
        CounterSample e = only("ethtool-S-e1000e-netdata988.txt", "ethtool-stats");
        assertThat(e.value("rx_no_buffer_count")).isEqualTo(527L);
        assertThat(e.value("rx_missed_errors")).isEqualTo(4954L);
        assertThat(findings("ethtool-S-e1000e-netdata988.txt")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-rx-buffer");
            assertThat(f.message()).startsWith("the port: rx_missed_errors 4,954, rx_no_buffer_count 527 ");
            assertThat(f.fix().command()).as("no interface named, so no command to run").isNull();
        });
    }

    @Test
    void ethtoolStatsPerQueueLines() {
        CounterSample s = only("ethtool-S-bnx2x-queues-ethq6.txt", "ethtool-stats");
        assertThat(s.value("0.rx_bytes")).isEqualTo(209487403324L);
        assertThat(s.value("1.tx_bcast_packets")).isEqualTo(8249L);
        assertThat(s.values()).hasSize(34);
        assertThat(findings("ethtool-S-bnx2x-queues-ethq6.txt")).as("rx_discards are 0 on both queues").isEmpty();
    }

    @Test
    void perfqueryExtendedAndPlain() {
        CounterSample x = only("perfquery-x-infiniband-diags16.txt", "perfquery");
        assertThat(x.subject()).isEqualTo("LID 10 port 1");
        assertThat(x.values()).hasSize(25);
        assertThat(x.value("PortXmitWait")).isZero();
        assertThat(x.value("CounterSelect2")).isZero();
        CounterSample plain = only("perfquery-ibsim1.txt", "perfquery");
        assertThat(plain.subject()).isNull();
        assertThat(plain.value("PortSelect")).isEqualTo(1L);
        assertThat(plain.values()).hasSize(10);
        assertThat(findings("perfquery-x-infiniband-diags16.txt")).isEmpty();
    }

    @Test
    void ibqueryerrorsPortLineNamesFlapsPhysicalErrorsAndCongestion() {
        CounterSample s = only("ibqueryerrors-ucx9590.txt", "ibqueryerrors");
        assertThat(s.subject()).isEqualTo("GUID 0x1070fd0300370ea2 port ALL");
        assertThat(s.value("LinkDownedCounter")).isEqualTo(25L);
        assertThat(s.value("PortRcvErrors")).isEqualTo(26L);
        assertThat(s.value("PortXmitDiscards")).isEqualTo(2846L);
        assertThat(s.value("PortXmitWait")).isEqualTo(14681376621L);
        assertThat(findings("ibqueryerrors-ucx9590.txt")).extracting(f -> f.rule() + " " + f.message()).satisfiesExactlyInAnyOrder(
                m -> assertThat(m).startsWith("counter-phy-errors GUID 0x1070fd0300370ea2 port ALL: port_rcv_errors 26 ")
                        .contains("cable"),
                m -> assertThat(m).startsWith("counter-link-flaps GUID 0x1070fd0300370ea2 port ALL: link_downed 25 "),
                m -> assertThat(m).startsWith("counter-congestion GUID 0x1070fd0300370ea2 port ALL: "
                        + "port_xmit_discards 2,846, port_xmit_wait 14,681,376,621 ").contains("congestion"));
    }

    @Test
    void ipStatsTwiceWithWrappedHeadLine() {
        Parsed p = Fixture.only("counters/ip-s-s-link-security-onion437.txt", "ip");
        assertThat(p.all(NetInterfaceRecord.class)).singleElement().satisfies(n -> {
            assertThat(n.name()).isEqualTo("eth4");
            assertThat(n.state()).isEqualTo("UP");
        });
        CounterSample s = p.all(CounterSample.class).getFirst();
        assertThat(s.subject()).isEqualTo("eth4");
        assertThat(s.value("rx_bytes")).isEqualTo(1361950677217L);
        assertThat(s.value("rx_dropped")).isEqualTo(179L);
        assertThat(s.value("rx_over_errors")).isEqualTo(47323L);
        assertThat(s.value("multicast")).isEqualTo(12119074L);
        assertThat(s.value("rx_missed_errors")).isEqualTo(1725828L);
        assertThat(s.value("tx_heartbeat_errors")).isZero();
        assertThat(p.skipped()).isEmpty();
        assertThat(findings("ip-s-s-link-security-onion437.txt")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-rx-buffer");
            assertThat(f.message()).startsWith("eth4: rx_missed_errors 1,725,828, rx_over_errors 47,323 ");
            assertThat(f.fix().command()).isEqualTo("ethtool -G eth4 rx <maximum>");
        });
    }

    @Test
    void ipStatsNewerLayoutDropsAreOnlyInformation() {
        CounterSample s = only("ip-s-link-bond-ha-unraid13.txt", "ip");
        assertThat(s.subject()).isEqualTo("bond1");
        assertThat(s.value("rx_dropped")).isEqualTo(185979L);
        assertThat(s.value("tx_dropped")).isEqualTo(1L);
        assertThat(s.value("rx_missed_errors")).isZero();
        assertThat(s.value("collisions")).isZero();
        assertThat(findings("ip-s-link-bond-ha-unraid13.txt")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-dropped");
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.message()).startsWith("bond1: rx_dropped 185,979, tx_dropped 1 ");
        });
    }

    @Test
    void countersBecomeTheHostCounterFacts() {
        Explanation ip = Explainer.standard().explain("ip.txt", Fixture.text("counters/ip-s-s-link-security-onion437.txt"));
        Counters eth4 = ip.facts().getFirst().counters(Counters.Scope.NETDEV, "eth4").orElseThrow();
        assertThat(eth4.value("rx_missed_errors")).contains(1725828L);
        assertThat(eth4.observed("rx_missed_errors").orElseThrow().source()).isEqualTo("ip, ip.txt line 2");
        Explanation pq = Explainer.standard().explain("pq.txt", Fixture.text("counters/perfquery-x-infiniband-diags16.txt"));
        Counters lid = pq.facts().getFirst().counters(Counters.Scope.RDMA_PORT, "LID 10/1").orElseThrow();
        assertThat(lid.value("port_xmit_wait")).contains(0L);
        assertThat(lid.value("symbol_error")).contains(0L);
        Explanation et = Explainer.standard().explain("e.txt", Fixture.text("counters/ethtool-S-mlx5-grep-netmap649.txt"));
        assertThat(et.facts().getFirst().counters(Counters.Scope.NETDEV, "enp193s0f0np0").orElseThrow()
                .value("rx_out_of_buffer")).contains(48L);
    }

    @Test
    void netstatStatisticsUnderNstatNames() {
        Parsed p = Fixture.only("counters/netstat-s-osquery1919.txt", "netstat-s");
        CounterSample s = p.all(CounterSample.class).getFirst();
        assertThat(s.subject()).isEqualTo("host");
        assertThat(s.value("IpInReceives")).isEqualTo(19839951L);
        assertThat(s.value("IpOutNoRoutes")).isEqualTo(1657L);
        assertThat(s.value("IcmpMsgOutType69")).isEqualTo(244L);
        assertThat(s.value("TcpOutSegs")).isEqualTo(16880653L);
        assertThat(s.value("TcpRetransSegs")).isEqualTo(3006L);
        assertThat(s.value("TcpInErrs")).isEqualTo(53L);
        assertThat(p.lastLine()).as("the last line, \"53 bad segments received.\"").isEqualTo(48);
        Explanation e = Explainer.standard().explain("n.txt", Fixture.text("counters/netstat-s-osquery1919.txt"));
        assertThat(e.facts().getFirst().counters(Counters.Scope.HOST, "host").orElseThrow().value("TcpRetransSegs"))
                .contains(3006L);
        assertThat(e.findings()).as("0.02 %% retransmitted").filteredOn(f -> f.subject().equals("tcp/ip")).isEmpty();
        String lossy = Fixture.text("counters/netstat-s-osquery1919.txt").replace("3006 segments", "300600 segments");
        assertThat(Explainer.standard().explain("n.txt", lossy).findings()).filteredOn(f -> f.subject().equals("tcp/ip"))
                .singleElement().satisfies(f -> {
                    assertThat(f.rule()).isEqualTo("counter-tcp-retransmits");
                    assertThat(f.message()).startsWith("tcp/ip: TcpRetransSegs 300,600 (1.78 % of segments sent) ");
                });
    }

    @Test
    void nstatAllCountersWithZerosEndToEnd() {
        Parsed p = Fixture.only("counters/nstat-az-notes.txt", "netstat-s");
        CounterSample s = p.all(CounterSample.class).getFirst();
        assertThat(s.tool()).isEqualTo("nstat");
        assertThat(s.subject()).isEqualTo("host");
        assertThat(s.values()).hasSize(295);
        assertThat(s.value("IpInReceives")).isEqualTo(469406576L);
        assertThat(s.value("TcpOutSegs")).isEqualTo(119724480L);
        assertThat(s.value("TcpRetransSegs")).isEqualTo(67576L);
        assertThat(s.value("UdpRcvbufErrors")).isEqualTo(7347L);
        assertThat(s.value("Udp6RcvbufErrors")).isZero();
        assertThat(s.value("TcpExtTCPFastOpenListenOverflow")).as("a 31-character name").isZero();
        assertThat(s.value("IpExtInOctets")).isEqualTo(79681676414L);
        assertThat(s.value("IpExtReasmOverlaps")).as("the last line").isZero();
        assertThat(p.skipped()).isEmpty();

        Explanation e = Explainer.standard().explain("n.txt", Fixture.text("counters/nstat-az-notes.txt"));
        Counters host = e.facts().getFirst().counters(Counters.Scope.HOST, "host").orElseThrow();
        assertThat(host.value("TcpRetransSegs")).contains(67576L);
        assertThat(host.observed("UdpRcvbufErrors").orElseThrow().source()).isEqualTo("netstat-s, n.txt line 2");
        // 67,576 of 119,724,480 segments (0.06 %) retransmitted is background; 7,347 UDP receive-buffer drops are not
        assertThat(findings("nstat-az-notes.txt")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-udp-drops");
            assertThat(f.subject()).isEqualTo("tcp/ip");
            assertThat(f.message()).startsWith("tcp/ip: UdpRcvbufErrors 7,347 since the counters were last reset: ");
            assertThat(f.fix().command()).isEqualTo("sysctl -w net.core.rmem_max=268435456"); // no TCP setting for UDP drops
        });
    }

    @Test
    void nstatTruncatedOrGarbledKeepsWhatCameBefore() {
        String text = Fixture.text("counters/nstat-az-notes.txt");
        String cut = text.substring(0, text.indexOf("TcpRetransSegs") + "TcpRetr".length());
        CounterSample s = Fixture.blocksOf(cut).stream().flatMap(o -> o.all(CounterSample.class).stream()).findFirst().orElseThrow();
        assertThat(s.value("TcpOutSegs")).isEqualTo(119724480L);
        assertThat(s.values()).doesNotContainKey("TcpRetr").doesNotContainKey("TcpRetransSegs");

        String garbled = text.replace("TcpOutSegs                      119724480", "TcpOutSegs                      ~~~~~~~~~");
        Explanation g = Explainer.standard().explain("g.txt", garbled);
        Counters host = g.facts().getFirst().counters(Counters.Scope.HOST, "host").orElseThrow();
        assertThat(host.value("TcpInSegs")).contains(92831131L);
        assertThat(host.value("TcpOutSegs")).as("the garbled line ends the block").isEmpty();
        // with no segments-sent count the retransmit share cannot be judged: no finding rather than a wrong one
        assertThat(g.findings()).noneMatch(f -> f.rule().equals("counter-tcp-retransmits"));
    }

    @Test
    void ethtoolPauseStatisticsGiveThePauseFinding() {
        Explanation doc = Explainer.standard().explain("a.txt", Fixture.text("host/ethtool-include-statistics-a-kerneldoc.txt"));
        Counters eth0 = doc.facts().getFirst().counters(Counters.Scope.NETDEV, "eth0").orElseThrow();
        assertThat(eth0.value("tx_pause_frames")).contains(1L);
        assertThat(eth0.value("rx_pause_frames")).contains(1L);
        assertThat(doc.findings()).filteredOn(f -> f.rule().startsWith("counter-")).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("counter-pause");
            assertThat(f.message()).startsWith("eth0: rx_pause_frames 1, tx_pause_frames 1 since the counters were last reset");
            assertThat(f.fix().command()).isEqualTo("ethtool -a eth0");
        });
        Explanation fbnic = Explainer.standard().explain("b.txt", Fixture.text("host/ethtool-I-a-fbnic.txt"));
        assertThat(fbnic.findings()).filteredOn(f -> f.rule().startsWith("counter-")).extracting(Finding::rule)
                .containsExactlyInAnyOrder("counter-pause", "counter-pause-storm");
        // without --include-statistics there are no counters, so no pause finding (only the settings)
        Explanation settings = Explainer.standard().explain("c.txt", Fixture.text("host/ethtool-a-seed000.txt"));
        assertThat(settings.findings()).noneMatch(f -> f.rule().startsWith("counter-"));
    }

    @Test
    void procNetSnmpAndNetstatNamePairsAreTheHostCounters() {
        CounterSample snmp = only("proc-net-snmp-node-exporter.txt", "netstat-s");
        assertThat(snmp.tool()).isEqualTo("/proc/net/snmp");
        assertThat(snmp.value("TcpRetransSegs")).isEqualTo(227L);
        assertThat(snmp.value("TcpOutSegs")).isEqualTo(54915039L);
        assertThat(snmp.value("IcmpMsgOutType3")).isEqualTo(120L);
        assertThat(snmp.value("UdpLiteInCsumErrors")).as("the last pair").isZero();
        CounterSample netstat = only("proc-net-netstat-node-exporter.txt", "netstat-s");
        assertThat(netstat.values()).hasSize(83 + 12);
        assertThat(netstat.value("TcpExtTCPTimeouts")).isEqualTo(115L);
        Explanation e = Explainer.standard().explain("s.txt", Fixture.text("counters/proc-net-snmp-node-exporter.txt"));
        assertThat(e.facts().getFirst().counters(Counters.Scope.HOST, "host").orElseThrow().value("TcpRetransSegs"))
                .contains(227L);
        assertThat(findings("proc-net-snmp-node-exporter.txt")).as("227 of 54.9 M segments").isEmpty();
        String lossy = Fixture.text("counters/proc-net-snmp-node-exporter.txt").replace(" 54915039 227 ", " 54915039 2270000 ");
        assertThat(Explainer.standard().explain("s.txt", lossy).findings()).extracting(Finding::rule)
                .contains("counter-tcp-retransmits");
        // a values line that lost a number no longer pairs with its names: that group is not read as shifted values
        String cut = Fixture.text("counters/proc-net-snmp-node-exporter.txt").replace(" 54915039 227 5 1003 0", " 54915039 227");
        CounterSample s = Fixture.blocksOf(cut).stream().flatMap(o -> o.all(CounterSample.class).stream()).findFirst().orElseThrow();
        assertThat(s.value("IpInReceives")).isEqualTo(57740232L);
        assertThat(s.values()).doesNotContainKey("TcpRetransSegs");
    }

    @Test
    void softnetStatRowsPerCpuAndElision() {
        List<CounterSample> rows = Fixture.only("counters/softnet-stat-elided-rcbops677.txt", "softnet-stat").all(CounterSample.class);
        assertThat(rows).extracting(CounterSample::subject).containsExactly("cpu0", "cpu1", null);
        assertThat(rows.getFirst().values()).containsEntry("processed", 0x73d76bL).containsEntry("dropped", 0L)
                .containsEntry("time_squeeze", 0x49aeL);
        String modern = """
                $ cat /proc/net/softnet_stat
                0000a1b2 00000003 00000010 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000002
                """;
        CounterSample cpu2 = Fixture.blocksOf(modern).stream().flatMap(o -> o.all(CounterSample.class).stream()).findFirst().orElseThrow();
        assertThat(cpu2.subject()).as("the 13th column names the CPU").isEqualTo("cpu2");
        assertThat(cpu2.value("dropped")).isEqualTo(3L);
        assertThat(Fixture.blocksOf("0000a1b2 00000003 00000010 00000000 00000000 00000000 00000000 00000000 00000000\n"))
                .as("one hex row without the command is not enough").noneMatch(b -> b.format().equals("softnet-stat"));
    }

    @Test
    void netstatSetInMarkdownBoldAndDoubleSpacedWithTranslatedHistogramHeads() {
        CounterSample s = only("netstat-s-bold-markdown-portuguese.txt", "netstat-s");
        assertThat(s.value("TcpRetransSegs")).isEqualTo(863L);
        assertThat(s.value("IpExtInNoECTPkts")).as("the last line").isEqualTo(51041L);
        // a bold word inside a line loses its marks too since paste8 (Markdown's emphasis around a value in a row,
        // parse/iperf's forum thread): the line reads as netstat printed it
        List<Parsed> inner = Fixture.blocksOf("Tcp:\n    37264 segments send out\n    863 segments **retransmited**\n");
        CounterSample t = inner.stream().flatMap(o -> o.all(CounterSample.class).stream()).findFirst().orElseThrow();
        assertThat(t.value("TcpOutSegs")).isEqualTo(37264L);
        assertThat(t.value("TcpRetransSegs")).isEqualTo(863L);
    }

    @Test
    void ethtoolDumpsGoOnPastAPastersNoteAndCutMark() {
        // real (netdev mail, ixgbe): "tx_errors: 0 // No TX Error" and "..." where queues were cut
        CounterSample ixgbe = Fixture.blocks("counters/ethtool-S-ixgbe-e1000e-mail-quoted-netdev.txt").stream()
                .flatMap(b -> b.all(CounterSample.class).stream()).filter(s -> s.values().containsKey("fdir_overflow"))
                .findFirst().orElseThrow();
        assertThat(ixgbe.values()).containsEntry("tx_errors", 0L).containsEntry("rx_dropped", 55706L)
                .containsEntry("rx_queue_7_bytes", 202416521359L).hasSize(96);
        CounterSample s = Fixture.blocksOf("NIC statistics:\n     rx_dropped: 5 // mine\n     x_y: 1 because\n     z: 2\n")
                .getFirst().all(CounterSample.class).getFirst();
        assertThat(s.values()).as("a word after a value is no note: the dump ends there").containsOnlyKeys("rx_dropped");
    }

    @Test
    void ethtoolStandardStatsNameTheirInterface() {
        CounterSample s = Fixture.blocksOf("Standard stats for eth0:\neth-mac-FrameCheckSequenceErrors: 1\neth-mac-AlignmentErrors: 0\n")
                .getFirst().all(CounterSample.class).getFirst();
        assertThat(s.subject()).isEqualTo("eth0");
        assertThat(s.values()).containsEntry("eth-mac-FrameCheckSequenceErrors", 1L);
    }

    @Test
    void otherDriversCountersReachTheirSignals() {
        // real: bnxt_en's rx_fcs_err_frames 1 and the standard eth-mac group's FrameCheckSequenceErrors 1
        assertThat(findings("ethtool-S-bnxt-groups-eth-mac-grep-patch.txt")).extracting(Finding::rule)
                .contains("counter-phy-errors");
        // real: ENA on EC2, bw_in_allowance_exceeded 9: the hypervisor's limit, not this host's
        List<Finding> ena = findings("ethtool-S-ena-grep-allowance-prompt-blog.txt");
        assertThat(ena).extracting(Finding::rule).containsExactly("counter-cloud-allowance");
        assertThat(ena.getFirst().message()).contains("bw_in_allowance_exceeded");
        assertThat(findings("ethtool-S-ixgbe-e1000e-mail-quoted-netdev.txt")).extracting(Finding::rule)
                .as("rx_no_dma_resources is 0 there").doesNotContain("counter-rx-buffer");
        String drops = "NIC statistics:\n     rx_packets: 100\n     rx_no_dma_resources: 1109\n";
        assertThat(Explainer.standard().explain("x.txt", drops).findings()).extracting(Finding::rule)
                .contains("counter-rx-buffer");
    }

    @Test
    void theLastRingReadingOfAPasteIsTheOneTheFixReads() {
        // real: ethtool -g at 512 of 4096, ethtool -G, then 4096 of 4096; the drops are a stand-in dump
        String paste = Fixture.text("host/ethtool-g-before-after-uhd-e320.txt")
                + "\n$ ethtool -S enp101s0f0\nNIC statistics:\n     rx_missed_errors: 12\n";
        Finding f = Explainer.standard().explain("e320.txt", paste).findings().stream()
                .filter(x -> x.rule().equals("counter-rx-buffer")).findFirst().orElseThrow();
        assertThat(f.message()).contains("4096 of 4096").doesNotContain("512 of 4096");
        assertThat(f.fix().command()).doesNotContain("-G enp101s0f0 rx");
    }
}
