package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import org.junit.jupiter.api.Test;

/** -m/--mptcp's lines: the kernel's refusals (errno of socket(2)) and the result's MPTCP line. */
class MptcpTest {
    @Test
    void refusalsNameTheCauseAndTheFix() {
        // ENOPROTOOPT: net/mptcp/protocol.c mptcp_init_sock with net.mptcp.enabled=0
        assertThat(Mptcp.refusal(92)).isEqualTo("MPTCP is not enabled in this kernel: sysctl net.mptcp.enabled=1");
        // EPROTONOSUPPORT: no IPPROTO_MPTCP registered (CONFIG_MPTCP off, or before Linux 5.6)
        assertThat(Mptcp.refusal(93)).contains("no MPTCP").contains("CONFIG_MPTCP");
        assertThat(Mptcp.refusal(13)).startsWith("cannot open an MPTCP socket: ").doesNotContain("\n");
    }

    @Test
    void theResultLineSaysWhatTheKernelKept() {
        assertThat(new BwResult.Mptcp(4, 4).line()).isEqualTo("MPTCP: yes (4 of 4 data connections)");
        assertThat(new BwResult.Mptcp(4, 0).line()).startsWith("MPTCP asked, the path fell back to TCP (0 of 4");
        assertThat(new BwResult.Mptcp(4, 1).line()).startsWith("MPTCP: partly (1 of 4");
    }
}
