package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Measurement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * perftest -b prints both directions summed: on bluefield2-002's 200 Gbit/s RoCE port a summed
 * 300 Gbit/s is 150 per direction (below 80 %), a summed 340 is 170 (not); judged as one direction
 * the first would pass.
 */
class BandwidthBelowLinkBidirTest {
    private static List<Finding> below(double summedBitsPerSecond) {
        Facts tree = Fixtures.facts("bluefield2-002");
        Measurement m = new Measurement("perftest", null, "rdma-write-bw-bidir", Map.of("device", "mlx5_0",
                "direction", "both"), List.of(Measurement.Metric.of(Measurement.Metrics.BITS_PER_SECOND,
                summedBitsPerSecond)), List.of(), List.of(), "measured");
        Facts.Builder b = Facts.builder(tree.origin());
        tree.interfaces().forEach(b::add);
        tree.rdmaDevices().forEach(b::add);
        tree.pciFunctions().forEach(b::add);
        b.add(m);
        Facts f = b.build();
        return new BandwidthBelowLinkRule().apply(f, Context.of(f));
    }

    @Test
    void eachDirectionIsJudgedAgainstTheLink() {
        assertThat(below(300e9)).singleElement().satisfies(f -> assertThat(f.message())
                .startsWith("perftest rdma-write-bw-bidir: 150 Gbit/s per direction (both summed: 300 Gbit/s) = 75 % of"));
        assertThat(below(340e9)).isEmpty();
    }
}
