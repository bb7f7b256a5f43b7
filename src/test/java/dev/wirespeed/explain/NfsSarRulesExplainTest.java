package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Round 15 (nfsrules15): the findings on NFS statistics and sar rates name what they saw, as the output printed it,
 * and what the output cannot tell. The advice by the facts is pinned in RightFixTest; here the numbers and the
 * evidence lines.
 */
class NfsSarRulesExplainTest {
    private static List<Finding> findings(String rule, String text) {
        return Explainer.standard().explain("paste.txt", text).findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    private static List<Finding> fixture(String rule, String file) {
        return findings(rule, Fixture.text(file));
    }

    @Test
    void allNfsdThreadsBusyNamesTheCountsTheThLineAndWhatItCannotTell() {
        List<Finding> f = fixture("nfsd-threads-all-busy", "host/proc-net-rpc-nfsd-th-all-busy-rhel5-thelinuxcluster-2010.txt");
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("all 8 nfsd threads were busy at once 18573687 times")
                .contains("before 2.6.29").contains("cannot tell");
        assertThat(f.getFirst().evidence().getFirst().raw()).startsWith("th 8 18573687");
    }

    @Test
    void aSoftMountWithSmallIoNamesBothAndOnlyThatMount() {
        List<Finding> f = fixture("nfs-mount-options", "host/mount-grep-nfs4-krb5-hard-and-soft-rsize8192-freeipa-notes-ru.txt");
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("soft: after 2 retries of timeo=600").contains("rsize=8192 wsize=8192 over tcp")
                .contains("cannot tell which");
        assertThat(f.getFirst().evidence().getFirst().raw()).contains("/home/ipahomes/ipetrov type nfs4");
    }

    @Test
    void sarTcpRetransmissionsUseTheAveragesAndSayWhatAHostWideRateCannotTell() {
        List<Finding> f = fixture("sar-tcp-retransmissions", "counters/sar-n-dev-edev-tcp-etcp-tbf-overflow-retrans-veth-made-here.txt");
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("53.5 %").contains("retrans/s 6228.74 of oseg/s 11641.72")
                .contains("sar's averages").contains("cannot name the connection");
        assertThat(f.getFirst().evidence()).extracting(e -> e.raw()).anyMatch(r -> r.contains("6228.74"))
                .anyMatch(r -> r.contains("11641.72"));
    }

    @Test
    void sarTcpRetransmissionsSumTheSamplesWithoutAverages() {
        // the 4.13 notes' two samples: 1 resent of 4286 sent, below 1 %; the same rows with 100 resent a second are above
        String text = Fixture.text("counters/sar-n-tcp-etcp-4.13-retrans-1-of-1626-unwrapped-perf-notes.txt");
        assertThat(findings("sar-tcp-retransmissions", text)).isEmpty();
        List<Finding> f = findings("sar-tcp-retransmissions", text.replace("03:41:02 AM 0.00 0.00 1.00 0.00 0.00",
                "03:41:02 AM 0.00 0.00 100.00 0.00 0.00"));
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("2.3 %").contains("2 samples");
    }

    @Test
    void sarInterfaceErrorsNameTheWorstSampleAndTheAverage() {
        List<Finding> f = fixture("sar-interface-errors", "counters/sar-n-edev-veth-mtu-mismatch-txdrop-ip-s-link-made-here.txt");
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().subject()).isEqualTo("va15");
        assertThat(f.getFirst().message()).contains("txdrop/s 114.00 per second at its worst sample")
                .contains("averaged over the run txdrop/s 38.00").contains("does not say why");
        assertThat(f.getFirst().evidence()).hasSize(2);
    }

    @Test
    void perOpRowsNameTheResendsAndTheTimeoutsOfEachOperation() {
        List<Finding> f = findings("nfs-op-latency", Fixture.text("host/mountstats-per-op-v3-cks-blog.txt")
                .replace("192686 192688 0", "192686 194688 3"));
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("GETATTR 2002 of 192686 sent again, 3 major timeouts")
                .contains("a snapshot cannot tell when");
    }

    @Test
    void perOpRowsWhoseExecuteTimeIsTheClientsAreNamedSo() {
        // SETATTR's 10782 calls with 18919 ms of round trips and 250000 ms of execution: 21.4 ms waited in the client each
        List<Finding> f = findings("nfs-op-latency", Fixture.text("host/mountstats-per-op-v3-cks-blog.txt")
                .replace("1139 18919 20152", "1139 18919 250000"));
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("time spent in the client").contains("SETATTR execute 23.2 ms against RTT 1.8 ms");
    }

    @Test
    void aTransportsBadXidsAreCountedAgainstItsReplies() {
        List<Finding> f = findings("nfs-transport", RightFixTest.NCONNECT16.replace("2826 2818 0 24955", "2826 2818 9 24955"));
        assertThat(f).hasSize(1);
        assertThat(f.getFirst().message()).contains("/srv/nfs/files over tcp").contains("9 of 2818 replies matched no waiting request")
                .contains("cannot tell whether");
    }
}
