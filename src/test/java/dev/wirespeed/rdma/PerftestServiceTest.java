package dev.wirespeed.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PerftestServiceTest {
    @Test
    void aReversedRunsOutputGoesBackWithoutItsPerQueuePairLinesAndBounded() {
        String out = " local address: LID 0000 QPN 0x0800\n GID: 253:147:22\n remote address: LID 0000\n"
                + " #bytes     #iterations    BW peak[Gb/sec]\n 2          20000           0.147331\n";
        assertThat(PerftestService.returned(out)).isEqualTo(" #bytes     #iterations    BW peak[Gb/sec]\n"
                + " 2          20000           0.147331\n");
        String huge = "x".repeat(PerftestMessage.MAX_RETURNED_OUTPUT_CHARS * 2) + "\n 8388608 5000 92.39 92.39 0.001377\n";
        String sent = PerftestService.returned(huge);
        assertThat(sent.length()).isLessThanOrEqualTo(PerftestMessage.MAX_RETURNED_OUTPUT_CHARS);
        assertThat(sent).endsWith(" 8388608 5000 92.39 92.39 0.001377\n").contains("characters left out]");
    }
}
