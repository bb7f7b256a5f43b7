package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.host.Counters;
import dev.wirespeed.report.CountersText;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Protocol;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, case 7: a test's verdict names only its own counters. The host-wide deltas below are
 * the ones reported: a loopback TCP `check` beside another process's UDP flood (UdpRcvbufErrors
 * +110.1 k), and `lat --udp` on a host whose other TCP connections retransmitted.
 */
class TestCountersTest {
    private static Counters host(Object... nameValue) {
        Counters.Builder b = Counters.host();
        for (int i = 0; i < nameValue.length; i += 2) {
            b.value((String) nameValue[i], ((Number) nameValue[i + 1]).longValue(), "/proc/net/snmp");
        }
        return b.build();
    }

    private static Counters lo(Object... nameValue) {
        Counters.Builder b = Counters.netdev("lo");
        for (int i = 0; i < nameValue.length; i += 2) {
            b.value((String) nameValue[i], ((Number) nameValue[i + 1]).longValue(), "/sys/class/net/lo/statistics");
        }
        return b.build();
    }

    private static String text(CounterReport r) {
        StringWriter w = new StringWriter();
        new CountersText(new PrintWriter(w, true)).print(r);
        return w.toString();
    }

    @Test
    void aTcpTestBesideAUdpFloodNamesNoUdpCounter() {
        List<Counters> deltas = List.of(lo("rx_packets", 900_000), host("UdpRcvbufErrors", 110_100, "UdpInDatagrams", 5_000,
                "TcpRetransSegs", 10, "TcpOutSegs", 4_000_000, "IpInReceives", 4_000_000));
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("lo", deltas, null),
                new TestCounters.Side(null, deltas, null));
        String json = Json.MAPPER.writeValueAsString(r);
        assertThat(json).doesNotContain("Udp").doesNotContain("tcp_rmem");
        assertThat(r.protocol()).isEqualTo("tcp");
        assertThat(r.client()).filteredOn(c -> c.scope() == Counters.Scope.HOST).singleElement()
                .satisfies(c -> assertThat(c.values()).containsKeys("TcpRetransSegs", "IpInReceives"));
        assertThat(r.headline()).as("nothing of the test's own moved").isNull();
        assertThat(text(r)).doesNotContain("Udp").doesNotContain("Verdict");
    }

    @Test
    void aUdpTestNamesNoTcpCounterEvenWhenTheHostRetransmits() {
        // lat --udp named TcpRetransSegs: 3 % of the host's segments, none of them the test's
        List<Counters> deltas = List.of(host("TcpRetransSegs", 300, "TcpOutSegs", 10_000, "TcpExtTCPRcvQDrop", 40,
                "UdpInDatagrams", 2_000));
        CounterReport r = TestCounters.report(Protocol.UDP, new TestCounters.Side("lo", deltas, null), null);
        assertThat(Json.MAPPER.writeValueAsString(r)).doesNotContain("Tcp").doesNotContain("tcp_rmem");
        assertThat(r.notes()).isEmpty();
        assertThat(r.headline()).isNull();
        assertThat(text(r)).doesNotContain("Tcp");
    }

    @Test
    void hostWideCountersOfTheTestsProtocolAreContextNeverTheVerdict() {
        // the host retransmitted 3 % of its segments; the test's own sockets did not retransmit
        List<Counters> deltas = List.of(host("TcpRetransSegs", 300, "TcpOutSegs", 10_000));
        CounterReport.Sockets own = new CounterReport.Sockets("tcp", 4, 0L, 9_000L, null);
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("eth0", deltas, own), null);
        assertThat(r.notes()).singleElement().satisfies(n -> {
            assertThat(n.rule()).isEqualTo("counter-tcp-retransmits");
            assertThat(n.hostWide()).isTrue();
            assertThat(n.subject()).isEqualTo("client host-wide");
            assertThat(n.message()).contains("host-wide: other processes count here too");
            assertThat(n.fix()).startsWith("to see which connections retransmit: ss -ti");
        });
        assertThat(r.headline()).isNull();
        assertThat(text(r)).contains("  host-wide: other processes count here too: client TcpRetransSegs +300")
                .doesNotContain("Verdict");
    }

    @Test
    void theTestsOwnSocketsConfirmAndTheVerdictNamesThem() {
        List<Counters> deltas = List.of(host("TcpRetransSegs", 450, "TcpOutSegs", 12_000));
        CounterReport.Sockets own = new CounterReport.Sockets("tcp", 4, 400L, 9_500L, null);
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("eth0", deltas, own), null);
        assertThat(r.notes()).extracting(CounterReport.Note::subject).containsExactly("client sockets", "client host-wide");
        CounterReport.Note headline = r.headline();
        assertThat(headline.subject()).isEqualTo("client sockets");
        assertThat(headline.hostWide()).isNull();
        assertThat(headline.message()).isEqualTo("client sockets: the test's 4 TCP sockets retransmitted 400 segments"
                + " (4.21 % of about 9500 sent) during the test: TCP retransmitted segments: packets were lost on the"
                + " path (drops, errors or congestion)");
        assertThat(headline.message()).doesNotContain("TcpRetransSegs");
        assertThat(text(r)).contains("  client sockets (the test's 4 TCP): retransmits +400 of about 9500 segments sent")
                .contains("Verdict: client sockets: the test's 4 TCP sockets retransmitted 400");
    }

    @Test
    void fewOwnRetransmitsAreBackground() {
        CounterReport.Sockets own = new CounterReport.Sockets("tcp", 2, 10L, 4_000_000L, null);
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("lo", List.of(), own), null);
        assertThat(r.notes()).isEmpty();
    }

    @Test
    void aUdpSocketsOwnDropsAreTheVerdictWithAUdpFix() {
        List<Counters> deltas = List.of(host("UdpRcvbufErrors", 5_000, "TcpRetransSegs", 90, "TcpOutSegs", 100));
        CounterReport.Sockets own = new CounterReport.Sockets("udp", 1, null, null, 1_234L);
        CounterReport r = TestCounters.report(Protocol.UDP, null, new TestCounters.Side(null, deltas, own));
        CounterReport.Note h = r.headline();
        assertThat(h.side()).isEqualTo("server");
        assertThat(h.rule()).isEqualTo("counter-udp-drops");
        assertThat(h.severity()).isEqualTo("warn");
        assertThat(h.message()).startsWith("server sockets: the test's UDP socket dropped 1234 datagrams during the test");
        assertThat(h.fix()).contains("SO_RCVBUF").contains("sysctl -w net.core.rmem_max=").doesNotContain("tcp_rmem");
        assertThat(r.notes()).extracting(CounterReport.Note::rule).containsExactly("counter-udp-drops", "counter-udp-drops");
        assertThat(r.notes().getLast().hostWide()).isTrue();
        assertThat(Json.MAPPER.writeValueAsString(r)).doesNotContain("Tcp");
    }

    @Test
    void thePathBeatsHostWideCountersWhateverTheirSeverity() {
        Counters qdisc = Counters.netdev("veth0").value("qdisc_dropped", 700, "tc").build();
        List<Counters> deltas = List.of(host("TcpExtTCPRcvQDrop", 80, "TcpRetransSegs", 900, "TcpOutSegs", 9_000), qdisc);
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("veth0", deltas, null), null);
        assertThat(r.headline().rule()).isEqualTo("counter-qdisc-drops");
        assertThat(r.notes()).extracting(CounterReport.Note::isHostWide).containsExactly(false, true, true);
    }

    @Test
    void aNoteStoredBeforeIssue26OnTheHostsCountersIsHostWide() throws Exception {
        // bw --json of issue 18: the headline was the host's UDP drops, subject "client tcp/ip"
        String stored = "{\"clientInterface\":\"lo\",\"client\":[],\"notes\":[{\"side\":\"client\",\"rule\":"
                + "\"counter-socket-drops\",\"severity\":\"info\",\"subject\":\"client tcp/ip\",\"message\":"
                + "\"client tcp/ip: UdpRcvbufErrors +110.1 k during the test\"}]}";
        CounterReport r = Json.MAPPER.readValue(stored, CounterReport.class);
        assertThat(r.notes().getFirst().isHostWide()).isTrue();
        assertThat(r.headline()).isNull();
    }

    @Test
    void protocolGroupsAreToldApartByTheirWholeName() {
        assertThat(Protocol.UDP.owns("UdpLiteInErrors")).isFalse();
        assertThat(Protocol.UDP.owns("Udp6RcvbufErrors")).isTrue();
        assertThat(Protocol.TCP.owns("Udp6RcvbufErrors")).isFalse();
        assertThat(Protocol.UDP.owns("TcpExtTCPBacklogDrop")).isFalse();
        assertThat(Protocol.UDP.owns("IpExtInOctets")).isTrue();
        assertThat(Protocol.TCP.owns("IpInDiscards")).isTrue();
    }
}
