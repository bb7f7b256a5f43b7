package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.host.ServiceStatus;
import dev.wirespeed.parse.host.SubnetManagerSeen;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whether a subnet manager runs, from pasted systemctl status, sminfo and ps, joined with ibstat's "SM lid";
 * which unit starts one (opensm with the distributions' package, opensmd with MLNX_OFED, issue 26 case 6);
 * and one finding for the one cause (issue 26 case 10).
 */
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

    private static List<Finding> findings(String text) {
        return Explainer.standard().explain("paste.txt", text).findings();
    }

    private static List<String> rules(String text) {
        return findings(text).stream().map(Finding::rule).toList();
    }

    private static Finding only(String text, String rule) {
        List<Finding> f = findings(text).stream().filter(x -> x.rule().equals(rule)).toList();
        assertThat(f).as(rule).hasSize(1);
        return f.getFirst();
    }

    @Test
    void parserReadsSystemctlAndSminfo() {
        assertThat(Fixture.only("ib/opensm-status-inactive.txt", "systemctl-status").records()).singleElement()
                .isInstanceOfSatisfying(ServiceStatus.class, s -> {
                    assertThat(s.unit()).isEqualTo("opensmd");
                    assertThat(s.active()).isEqualTo("inactive");
                    assertThat(s.unitFile()).isEqualTo("/etc/rc.d/init.d/opensmd");
                });
        assertThat(Fixture.only("ib/systemctl-status-opensm-not-found.txt", "systemctl-status").records()).singleElement()
                .isInstanceOfSatisfying(ServiceStatus.class, s -> {
                    assertThat(s.unit()).isEqualTo("opensm");
                    assertThat(s.active()).isEqualTo("not-found");
                });
        assertThat(Fixture.only("host/systemctl-status-rshim-seed002.txt", "systemctl-status").records()).singleElement()
                .isInstanceOfSatisfying(ServiceStatus.class, s -> assertThat(s.unit() + " " + s.active()).isEqualTo("rshim active"));
        assertThat(Fixture.only("ib/sminfo-master.txt", "subnet-manager").records()).singleElement()
                .isInstanceOfSatisfying(SubnetManagerSeen.class, s -> {
                    assertThat(s.running()).isTrue();
                    assertThat(s.smLid()).isEqualTo(117);
                });
    }

    @Test
    void oneCauseOneFindingAndSminfoOrPsQuietsTheNotRunningPart() {
        String inactive = Fixture.text("ib/opensm-status-inactive.txt");
        // INIT, SM LID 0, opensmd inactive: one finding, the SM LID and the status its evidence (on main: both rules fired)
        assertThat(rules(IBSTAT_INIT + inactive)).containsOnlyOnce("ib-sm-not-running").doesNotContain("ib-no-subnet-manager");
        assertThat(only(IBSTAT_INIT + inactive, "ib-sm-not-running").evidence()).extracting(e -> e.raw())
                .containsExactly("INIT", "0", "LinkUp", "Active: inactive (dead)");
        // no look for an SM: the port's own facts speak
        assertThat(rules(IBSTAT_INIT)).contains("ib-no-subnet-manager").doesNotContain("ib-sm-not-running");
        assertThat(rules(IBSTAT_INIT + inactive.replace("inactive (dead)", "active (running) since Tue 2026-12-01 10:00:00 UTC")))
                .doesNotContain("ib-sm-not-running").contains("ib-no-subnet-manager");
        assertThat(rules(IBSTAT_INIT + inactive + "[root@m02 ~]# ps -ef | grep opensm\n"
                + "root      2201     1  0 10:00 ?        00:00:03 /usr/sbin/opensm --daemon\n"
                + "root      2210  2150  0 10:05 pts/0    00:00:00 grep --color=auto opensm\n"))
                .doesNotContain("ib-sm-not-running");
    }

    @Test
    void theUnitThatStartsAnSmIsTheOneThisHostHas() {
        // systemctl shows opensmd (MLNX_OFED's init script): opensmd, never opensm (on main: "opensm", Unit not found)
        assertThat(only(IBSTAT_INIT + Fixture.text("ib/opensm-status-inactive.txt"), "ib-sm-not-running").fix().command())
                .isEqualTo("systemctl enable --now opensmd");
        // ofed_info names MLNX_OFED: opensmd
        assertThat(only(IBSTAT_INIT + "[root@m02 ~]# ofed_info -s\nMLNX_OFED_LINUX-5.8-1.0.1.1:\n", "ib-no-subnet-manager")
                .fix().command()).isEqualTo("systemctl enable --now opensmd");
        // mlnx_tune's driver status names MLNX_OFED (seed 001 l.486)
        assertThat(only(IBSTAT_INIT + Fixture.text("mlx/mlnx_tune-r-seed001.txt").replace("[root@m02 ~]# ", "[root@m02 ~]# "),
                "ib-no-subnet-manager").fix().command()).isEqualTo("systemctl enable --now opensmd");
        // "Unit opensm.service could not be found." and nothing else: not opensm; the stack is not named, so both
        Finding notFound = only(IBSTAT_INIT + Fixture.text("ib/systemctl-status-opensm-not-found.txt"), "ib-no-subnet-manager");
        assertThat(notFound.fix().command()).isEqualTo("systemctl enable --now opensm || systemctl enable --now opensmd");
        // with MLNX_OFED named too: opensmd
        assertThat(only(IBSTAT_INIT + Fixture.text("ib/systemctl-status-opensm-not-found.txt")
                + "[root@m02 ~]# ofed_info -s\nMLNX_OFED_LINUX-5.8-1.0.1.1:\n", "ib-no-subnet-manager").fix().command())
                .isEqualTo("systemctl enable --now opensmd");
        // nothing says which: both, in one command that works on either stack
        assertThat(only(IBSTAT_INIT, "ib-no-subnet-manager").fix().command())
                .isEqualTo("systemctl enable --now opensm || systemctl enable --now opensmd");
        assertThat(only(IBSTAT_INIT, "ib-no-subnet-manager").fix().action()).contains("opensm with the distribution's packages",
                "opensmd with MLNX_OFED");
    }

    @Test
    void rshimAndOpenibdStates() {
        // seed 002's rshim and seed 001's openibd are active: nothing to say
        assertThat(rules(Fixture.text("host/systemctl-status-rshim-seed002.txt"))).doesNotContain("service-not-running");
        assertThat(rules(Fixture.text("host/systemctl-status-openibd-seed001.txt"))).doesNotContain("service-not-running");
        Finding rshim = only(Fixture.text("host/systemctl-status-rshim-seed002.txt")
                .replace("Active: active (running) since Wed 2024-07-17 15:46:33 CST; 1s ago", "Active: inactive (dead)"),
                "service-not-running");
        assertThat(rshim.subject()).isEqualTo("rshim");
        assertThat(rshim.fix().command()).isEqualTo("systemctl enable --now rshim");
        Finding openibd = only(Fixture.text("host/systemctl-status-openibd-seed001.txt")
                .replace("Active: active (exited) since Fri 2019-07-12 05:19:02 CST; 15s ago", "Active: failed (Result: exit-code)"),
                "service-not-running");
        assertThat(openibd.fix().command()).isEqualTo("systemctl restart openibd");
    }

    @Test
    void garbledLinesAreNotAnSm() {
        assertThat(rules("sminfo: sm lid x sm guid\nActive: inactive (dead)\n")).doesNotContain("ib-sm-not-running");
        assertThat(Explainer.standard().explain("p.txt", "Active: inactive (dead)\n").facts().stream()
                .flatMap(f -> f.settings().stream())).isEmpty();
        // a bullet list is not systemctl: its header needs the "Loaded:" line under it
        assertThat(Explainer.standard().explain("p.txt", "● opensm.service - a note\nsomething else\n").facts().stream()
                .flatMap(f -> f.settings().stream())).isEmpty();
    }
}
