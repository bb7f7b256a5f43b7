package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.check.HostCheck;
import dev.wirespeed.diagnose.Verdict;
import dev.wirespeed.results.BwResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When `check` follows its test with a -Z --skip-rx-copy one: CPU-bound (≥ 85 % of a core per stream) below the ceiling. */
class CheckZeroCopyTest {
    private static BwResult result(int streams, double clientPercent, double serverPercent) {
        BwResult.BwParams params = new BwResult.BwParams("tcp", "upload", streams, "option", 5.0, null, 0, 1, 131072,
                null, null, null, false);
        return new BwResult(BwResult.SCHEMA, null, null, null, null, params, List.of(),
                new BwResult.Cpu(new BwResult.CpuSide(10, clientPercent - 10, clientPercent),
                        new BwResult.CpuSide(10, serverPercent - 10, serverPercent)), BwResult.Outcome.OK);
    }

    private static Verdict verdict(double measured, Double ceiling) {
        return new Verdict(measured, ceiling, ceiling == null ? null : measured / ceiling * 100, null, null, null, "t");
    }

    @Test
    void followsUpOnlyACpuBoundTestBelowAKnownCeiling() {
        assertThat(HostCheck.cpuBoundBelowCeiling(result(2, 190, 120), verdict(30e9, 100e9)))
                .as("client 95 % per stream").isTrue();
        assertThat(HostCheck.cpuBoundBelowCeiling(result(1, 40, 99), verdict(30e9, 100e9)))
                .as("the receiver is the busy side").isTrue();
        assertThat(HostCheck.cpuBoundBelowCeiling(result(2, 120, 120), verdict(30e9, 100e9)))
                .as("60 % per stream: not CPU-bound").isFalse();
        assertThat(HostCheck.cpuBoundBelowCeiling(result(1, 100, 100), verdict(100e9, 100e9)))
                .as("at the ceiling").isFalse();
        assertThat(HostCheck.cpuBoundBelowCeiling(result(1, 100, 100), verdict(30e9, null)))
                .as("no ceiling known").isFalse();
        assertThat(HostCheck.cpuBoundBelowCeiling(result(1, 100, 100), null)).as("no verdict").isFalse();
    }
}
