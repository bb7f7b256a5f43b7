package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.host.SarSample;
import dev.wirespeed.parse.host.SocketInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Round 13's counters sweep (counters13): sar -n and ss read (facts alone cannot tell which row a value is
 * in, so the rows are checked here), and a GRE tunnel's UNKNOWN operstate is no cable fault.
 */
class CountersSweepExplainTest {
    private static final String AWS = "counters/ena-ethtool-S-ip-s-s-link-tun-sar-n-dev-edev-softnet-aws-gateway-loop.txt";

    private static <T extends ParsedRecord> List<T> all(String fixture, Class<T> type) {
        return Fixture.blocks(fixture).stream().flatMap(p -> p.all(type).stream()).toList();
    }

    @Test
    void sarRowsAreEachInterfacesAtEachTimeAndTheAveragesAreMarked() {
        List<SarSample> rows = all(AWS, SarSample.class);
        // two reports of nine interfaces, one sample and the averages each; mpstat's rows after them are not sar's
        assertThat(rows).hasSize(36);
        SarSample eth0 = rows.stream().filter(r -> r.report().equals("DEV") && "eth0".equals(r.subject()) && !r.average())
                .findFirst().orElseThrow();
        assertThat(eth0.time()).isEqualTo("12:07:23 PM");
        assertThat(eth0.values()).containsEntry("rxpck/s", 8.0).containsEntry("txkB/s", 0.88).containsKey("%ifutil");
        assertThat(rows).filteredOn(r -> r.average() && r.report().equals("EDEV")).hasSize(9)
                .allMatch(r -> r.time().equals("Average:") && r.values().size() == 9);
        assertThat(rows).noneMatch(r -> "all".equals(r.subject()));
    }

    @Test
    void aZhCnLocalesTimesAndAveragesRead() {
        List<SarSample> rows = all("counters/sar-n-edev-sock-zh-cn-locale-times-tab-indented-notes.txt", SarSample.class);
        assertThat(rows).filteredOn(r -> r.report().equals("EDEV")).hasSize(9);
        assertThat(rows).filteredOn(r -> r.report().equals("SOCK")).hasSize(3)
                .allMatch(r -> r.subject() == null && r.values().get("totsck") == 684.0);
        assertThat(rows).filteredOn(SarSample::average).extracting(SarSample::time).containsOnly("平均时间:");
    }

    @Test
    void aSocketWhosePeerAndDetailsAMailWrappedIsOneSocket() {
        String fixture = "counters/ss-tmi-grep-x11-mail-quoted-wrapped-netdev.txt";
        List<SocketInfo> sockets = all(fixture, SocketInfo.class);
        assertThat(sockets).hasSize(4);
        SocketInfo server = sockets.get(2);
        assertThat(server.recvQ()).isEqualTo(228528L);
        assertThat(server.local()).isEqualTo("127.0.0.1:x11");
        assertThat(server.peer()).isEqualTo("127.0.0.1:59830");
        assertThat(server.congestionControl()).isEqualTo("cubic");
        Parsed block = Fixture.blocks(fixture).stream().filter(p -> p.records().contains(sockets.get(3))).findFirst().orElseThrow();
        assertThat(block.printed(block.records().indexOf(sockets.get(3))))
                .containsEntry("retrans", "0/1").containsEntry("send", "349.1Mbps").containsEntry("cwnd", "10");
    }

    @Test
    void aListenersAcceptQueueAndBacklogAreKept() {
        List<SocketInfo> listeners = all("counters/netstat-st-listen-overflow-ifconfig-1.60-ss-nltp-recvq-k8s-node-cn.txt",
                SocketInfo.class);
        assertThat(listeners).hasSize(5).allMatch(s -> s.state().equals("LISTEN") && s.sendQ() == 128L);
        assertThat(listeners.getFirst().recvQ()).isEqualTo(129L);
    }

    @Test
    void aGreTunnelInStateUnknownIsNoPortWithoutLink() {
        Explanation e = Explainer.standard().explain(AWS, Fixture.text(AWS));
        List<Finding> down = e.findings().stream().filter(f -> f.rule().equals("port-down")).toList();
        assertThat(down).as("link/gre, operstate UNKNOWN with LOWER_UP: a tunnel, no cable to check").isEmpty();
    }

    @Test
    void listenersWhoseAcceptQueueIsOverItsBacklogAreOneFinding() {
        String fixture = "counters/netstat-st-listen-overflow-ifconfig-1.60-ss-nltp-recvq-k8s-node-cn.txt";
        List<Finding> full = Explainer.standard().explain(fixture, Fixture.text(fixture)).findings().stream()
                .filter(f -> f.rule().equals("listen-queue-full")).toList();
        assertThat(full).hasSize(1);
        // 129 over 128 twice; 74, 24 and 3 waiting are below the backlog
        assertThat(full.getFirst().subject()).isEqualTo("2 listeners");
        assertThat(full.getFirst().message()).contains(":::30720 (129 waiting, backlog 128)", ":::31425")
                .doesNotContain(":::32420");
        assertThat(full.getFirst().fix().command()).isNull();
        String established = "counters/ss-t-i-ss-m-ss-io-http-cubic-ja-notes.txt";
        assertThat(Explainer.standard().explain(established, Fixture.text(established)).findings())
                .noneMatch(f -> f.rule().equals("listen-queue-full"));
    }
}
