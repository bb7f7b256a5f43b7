package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.cli.Main;
import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.host.Counters;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.testing.Golden;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 27, deliver 8: golden files for the renderers that had none — `limits` (from the command line
 * and from a seed host's fixture tree) and the counters of a test (one verdict from the test's own
 * interface, host-wide context beside it). Inputs are fixed; see {@link Golden} to regenerate.
 */
class RenderersGoldenTest {
    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(String.join(" ", args) + ": " + err).isZero();
        return out.toString();
    }

    @Test
    void limitsFromTheCommandLineSeed004() {
        Golden.assertMatches("limits-eth25g-2ports-gen3x4.txt",
                cli("limits", "--eth", "25G", "--ports", "2", "--mtu", "9000", "--pcie", "gen3x4"));
    }

    @Test
    void limitsOfInfinibandWithIpoib() {
        Golden.assertMatches("limits-ib-edr-ipoib-connected.txt",
                cli("limits", "--ib", "4X EDR", "--pcie", "gen3x16", "--ipoib", "connected"));
    }

    @Test
    void limitsOfACapturedHost() {
        Golden.assertMatches("limits-root-ndr200-node-000.txt",
                cli("limits", "--root", "src/test/resources/hosts/ndr200-node-000"));
    }

    private static Counters values(Counters.Builder b, String source, Object... nameValue) {
        for (int i = 0; i < nameValue.length; i += 2) {
            b.value((String) nameValue[i], ((Number) nameValue[i + 1]).longValue(), source);
        }
        return b.build();
    }

    @Test
    void countersOfATcpTest() {
        List<Counters> client = List.of(
                values(Counters.netdev("eth0"), "/sys/class/net/eth0/statistics", "rx_packets", 812_000, "tx_packets",
                        1_640_000, "rx_dropped", 0),
                values(Counters.netdev("eth0"), "ethtool -S eth0", "rx_out_of_buffer", 1_250),
                values(Counters.host(), "/proc/net/snmp", "TcpRetransSegs", 40, "TcpOutSegs", 1_700_000,
                        "UdpRcvbufErrors", 9_000));
        List<Counters> server = List.of(
                values(Counters.host(), "/proc/net/snmp", "TcpRetransSegs", 0, "TcpOutSegs", 800_000));
        CounterReport r = TestCounters.report(Protocol.TCP, new TestCounters.Side("eth0", client, null),
                new TestCounters.Side(null, server, null));
        Golden.assertMatches("counters-tcp-test.txt", Golden.render(out -> new CountersText(out).print(r)));
    }
}
