package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plain nfsstat's client RPC table (issue 31): more than 5 % of the calls retransmitted is a finding,
 * naming the counts and the table. Fixtures: parse/host/nfsstat-c-solaris-connectionless-retrans-oracle-doc.txt
 * (25029 of 80785 over UDP) and parse/host/nfsstat-client-v4-root-prompt-cut-linuxkit2251.txt (none).
 */
class NfsRetransmissionsTest {
    private static List<Finding> findings(String fixture) {
        Explanation e = Explainer.standard().explain(fixture, Fixture.text(fixture));
        return e.findings().stream().filter(f -> f.rule().equals("nfs-retransmissions")).toList();
    }

    @Test
    void aClientRetransmittingAThirdOfItsCallsIsAFinding() {
        List<Finding> f = findings("host/nfsstat-c-solaris-connectionless-retrans-oracle-doc.txt");
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("25029 of 80785 RPC calls retransmitted (31.0 %")
                .contains("Client rpc Connectionless");
        assertThat(f.getFirst().evidence().getFirst().raw()).as("the counts row, as printed").startsWith("80785")
                .contains("25029");
    }

    @Test
    void aClientWithoutRetransmissionsIsNoFinding() {
        assertThat(findings("host/nfsstat-client-v4-root-prompt-cut-linuxkit2251.txt")).isEmpty();
    }
}
