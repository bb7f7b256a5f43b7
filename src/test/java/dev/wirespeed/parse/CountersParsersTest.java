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

/** ethtool -S, ip -s link, perfquery and ibqueryerrors on real pastes (parse/counters/README.md), and their rule. */
class CountersParsersTest {
    private static CounterSample only(String path, String format) {
        return Fixture.only("counters/" + path, format).all(CounterSample.class).getFirst();
    }

    private static List<Finding> findings(String path) {
        Explanation e = Explainer.standard().explain(path, Fixture.text("counters/" + path));
        return e.findings().stream().filter(f -> f.rule().equals("counter-errors")).toList();
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
            assertThat(f.severity()).isEqualTo(Severity.WARN);
            assertThat(f.message()).contains("rx_out_of_buffer 48", "ring buffers");
            assertThat(f.fix().command()).isEqualTo("ethtool -G enp193s0f0np0 rx 8192");
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
        assertThat(findings("ethtool-S-e1000e-netdata988.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("rx_no_buffer_count 527", "rx_missed_errors 4954"));
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
        assertThat(findings("ibqueryerrors-ucx9590.txt")).extracting(Finding::message).satisfiesExactlyInAnyOrder(
                m -> assertThat(m).contains("PortRcvErrors 26", "cable"),
                m -> assertThat(m).contains("LinkDownedCounter 25", "went down"),
                m -> assertThat(m).contains("PortXmitDiscards 2846", "PortXmitWait 14681376621", "congestion"));
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
            assertThat(f.message()).contains("rx_over_errors 47323", "rx_missed_errors 1725828");
            assertThat(f.fix().command()).isEqualTo("ethtool -G eth4 rx 8192");
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
        assertThat(findings("ip-s-link-bond-ha-unraid13.txt")).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));
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
        assertThat(e.findings()).as("0.02 %% retransmitted").filteredOn(f -> f.subject().equals("TCP")).isEmpty();
        String lossy = Fixture.text("counters/netstat-s-osquery1919.txt").replace("3006 segments", "300600 segments");
        assertThat(Explainer.standard().explain("n.txt", lossy).findings()).filteredOn(f -> f.subject().equals("TCP"))
                .singleElement().satisfies(f -> assertThat(f.message()).contains("300600 of 16880653 segments (1.8 %"));
    }
}
