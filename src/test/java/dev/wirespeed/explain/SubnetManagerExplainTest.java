package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.host.SubnetManagerSeen;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whether a subnet manager runs, from pasted systemctl status, sminfo and ps, joined with ibstat's "SM lid". */
class SubnetManagerExplainTest {
    // seed 002 l.177-207 style ibstat port: InfiniBand, Initializing, SM lid 0 (a port no SM has configured)
    private static final String IBSTAT_INIT = """
            [root@m02 ~]# ibstat
            CA 'mlx5_0'
            	CA type: MT4115
            	Number of ports: 1
            	Firmware version: 12.28.2006
            	Port 1:
            		State: Initializing
            		Physical state: LinkUp
            		Rate: 56
            		Base lid: 65535
            		LMC: 0
            		SM lid: 0
            		Capability mask: 0x2651e848
            		Port GUID: 0x248a0703002b7a1c
            		Link layer: InfiniBand
            """;

    private static List<String> rules(String text) {
        return Explainer.standard().explain("paste.txt", text).findings().stream().map(Finding::rule).toList();
    }

    @Test
    void parserReadsSystemctlAndSminfo() {
        assertThat(Fixture.only("ib/opensm-status-inactive.txt", "subnet-manager").records()).singleElement()
                .isInstanceOfSatisfying(SubnetManagerSeen.class, s -> {
                    assertThat(s.how()).isEqualTo("systemctl");
                    assertThat(s.running()).isFalse();
                });
        assertThat(Fixture.only("ib/sminfo-master.txt", "subnet-manager").records()).singleElement()
                .isInstanceOfSatisfying(SubnetManagerSeen.class, s -> {
                    assertThat(s.running()).isTrue();
                    assertThat(s.smLid()).isEqualTo(117);
                });
    }

    @Test
    void initPortAndOpensmInactiveFiresAndSminfoOrPsQuietsIt() {
        String inactive = Fixture.text("ib/opensm-status-inactive.txt");
        assertThat(rules(IBSTAT_INIT + inactive)).contains("ib-sm-not-running", "ib-no-subnet-manager");
        assertThat(rules(IBSTAT_INIT)).doesNotContain("ib-sm-not-running");
        assertThat(rules(IBSTAT_INIT + inactive.replace("inactive (dead)", "active (running) since Tue 2026-12-01 10:00:00 UTC")))
                .doesNotContain("ib-sm-not-running");
        assertThat(rules(IBSTAT_INIT + inactive + "[root@m02 ~]# ps -ef | grep opensm\n"
                + "root      2201     1  0 10:00 ?        00:00:03 /usr/sbin/opensm --daemon\n"
                + "root      2210  2150  0 10:05 pts/0    00:00:00 grep --color=auto opensm\n"))
                .doesNotContain("ib-sm-not-running");
    }

    @Test
    void garbledLinesAreNotAnSm() {
        assertThat(rules("sminfo: sm lid x sm guid\nActive: inactive (dead)\n")).doesNotContain("ib-sm-not-running");
        assertThat(Explainer.standard().explain("p.txt", "Active: inactive (dead)\n").facts().stream()
                .flatMap(f -> f.settings().stream())).isEmpty();
    }
}
