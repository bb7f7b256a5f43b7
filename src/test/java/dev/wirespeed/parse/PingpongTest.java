package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.ib.PingpongAddress;
import dev.wirespeed.parse.ib.PingpongError;
import dev.wirespeed.parse.ib.PingpongResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The libibverbs ping-pong examples (ibv_rc_pingpong …): addresses, results, failures and their advice. */
class PingpongTest {
    private static <T extends ParsedRecord> List<T> all(String text, Class<T> kind) {
        return Fixture.blocksOf(text).stream().flatMap(b -> b.all(kind).stream()).toList();
    }

    private static List<Finding> failed(String text) {
        return Explainer.standard().explain("p.txt", text).findings().stream()
                .filter(f -> f.rule().equals("pingpong-failed")).toList();
    }

    @Test
    void aRunReadsBothAddressesAndItsResult() {
        String text = Fixture.text("ib/ibv_rc_pingpong-roce-25g-cx5-cx6-no-command-report.txt");
        assertThat(all(text, PingpongAddress.class)).extracting(PingpongAddress::side).containsExactly("local", "remote");
        PingpongResult r = all(text, PingpongResult.class).getFirst();
        assertThat(r.rate().value()).isEqualTo(8635.66e6);
        assertThat(r.perIteration().value()).isEqualTo(7.59);
        assertThat(r.seconds()).isEqualTo(0.01);
        assertThat(failed(text)).as("a run that worked").isEmpty();
    }

    @Test
    void perftestsAddressLinesStayPerftests() {
        // perftest 2.x and later print no commas between LID, QPN and PSN (perftest_communication.c)
        assertThat(all(" local address: LID 0x04 QPN 0xba1c93 PSN 0xbb1ff7\n", PingpongAddress.class)).isEmpty();
    }

    @Test
    void aFailureLineNeedsAPingpongCommandUnlessOnlyTheExamplesPrintIt() {
        assertThat(all("Failed to modify QP to RTR\n", PingpongError.class)).isEmpty();
        assertThat(all("Couldn't get local LID\n", PingpongError.class)).extracting(PingpongError::failure).containsExactly("lid");
        assertThat(all("$ ibv_ud_pingpong -g 3 host2\nFailed to modify QP to RTR\n", PingpongError.class))
                .extracting(PingpongError::failure).containsExactly("qp");
    }

    @Test
    void aMissingDeviceListIsAFindingWithItsReason() {
        assertThat(failed(Fixture.text("ib/ibv_pingpong-rdma-core-44-no-device-list-terminal.txt"))).hasSize(3)
                .allSatisfy(f -> assertThat(f.message()).contains("no RDMA device").contains("Function not implemented"));
    }

    @Test
    void noLocalLidIsAnInfinibandPortWithoutASubnetManager() {
        assertThat(failed("$ ibv_rc_pingpong -d mlx5_0\nCouldn't get local LID\n")).singleElement()
                .satisfies(f -> assertThat(f.fix().action()).contains("subnet manager").doesNotContain("-g"));
    }

    @Test
    void aQueuePairThatCannotReachRtrIsJudgedByTheAddressesPasted() {
        // built from rc_pingpong.c's printf formats: the client's address lines, then pp_connect_ctx's failure
        String roceNoGid = String.join("\n", "$ ibv_rc_pingpong -d mlx5_0 server1",
                "  local address:  LID 0x0000, QPN 0x00018b, PSN 0x92d03e, GID ::",
                "  remote address: LID 0x0000, QPN 0x000089, PSN 0x76ea22, GID ::", "Failed to modify QP to RTR", "");
        assertThat(failed(roceNoGid)).singleElement().satisfies(f -> assertThat(f.fix().action())
                .contains("RoCE port (LID 0)").contains("without -g").doesNotContain("InfiniBand"));
        String ib = String.join("\n", "$ ibv_rc_pingpong -d mlx5_0 -m 4096 server1",
                "  local address:  LID 0x0004, QPN 0x00018b, PSN 0x92d03e, GID ::",
                "  remote address: LID 0x0002, QPN 0x000089, PSN 0x76ea22, GID ::", "Failed to modify QP to RTR", "");
        assertThat(failed(ib)).singleElement().satisfies(f -> assertThat(f.fix().action())
                .contains("InfiniBand port").doesNotContain("-g"));
        assertThat(failed("$ ibv_rc_pingpong -g 1 server1\nFailed to modify QP to RTR\n")).singleElement()
                .satisfies(f -> assertThat(f.fix().action()).contains("does not show the link layer").contains("on RoCE")
                        .contains("on InfiniBand"));
    }

    @Test
    void theAdviceFollowsThePortsPastedBesideTheFailure() {
        // an ibstat of a RoCE port (ConnectX-6 Dx, "Link layer: Ethernet") pasted with a failure that prints no address
        String roce = Fixture.text("ib/ibstat-ethernet-cx6dx-log-heading-l2fwd6.txt")
                + "$ ibv_rc_pingpong -d mlx5_0 -g 1 server1\nFailed to modify QP to RTR\n";
        assertThat(failed(roce)).singleElement().satisfies(f -> assertThat(f.fix().action())
                .startsWith("on RoCE").doesNotContain("InfiniBand"));
    }

    @Test
    void aRetryCounterExceededOnARocePortGetsRocesAdviceOnly() {
        // rc_pingpong.c's address lines and its completion failure ("Failed status %s (%d) for wr_id %d")
        String roce = String.join("\n", "$ ibv_rc_pingpong -d mlx5_0 -g 3 server1",
                "  local address:  LID 0x0000, QPN 0x00018b, PSN 0x92d03e, GID ::ffff:192.168.1.2",
                "  remote address: LID 0x0000, QPN 0x000089, PSN 0x76ea22, GID ::ffff:192.168.1.1",
                "Failed status transport retry counter exceeded (12) for wr_id 2", "");
        assertThat(failed(roce)).singleElement().satisfies(f -> assertThat(f.fix().action())
                .startsWith("on RoCE").contains("show_gids").doesNotContain("InfiniBand"));
        String unknown = "$ ibv_rc_pingpong server1\nFailed status transport retry counter exceeded (12) for wr_id 2\n";
        assertThat(failed(unknown)).singleElement().satisfies(f -> assertThat(f.fix().action())
                .contains("does not show the link layer").contains("on RoCE").contains("on InfiniBand"));
    }
}
