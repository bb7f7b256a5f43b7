package dev.wirespeed.units;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NumbersTest {
    @Test
    void countsSayTheirNounOnce() {
        assertThat(Numbers.count(1, "section")).isEqualTo("1 section");
        assertThat(Numbers.count(0, "section")).isEqualTo("0 sections");
        assertThat(Numbers.count(3, "series", "series")).isEqualTo("3 series");
    }

    /**
     * Issue 27: plain replaced seven copies of "whole numbers without .0, else Double.toString"; where
     * Double.toString writes no exponent (1e-3 ≤ |v| < 1e7) the text is the same.
     */
    @Test
    void plainIsWhatTheSevenTrimCopiesPrintedWithoutAnExponent() {
        Random random = new Random(27);
        for (int i = 0; i < 20_000; i++) {
            double v = switch (i % 4) {
                case 0 -> random.nextInt(100_000) / 10.0;
                case 1 -> random.nextInt(1_000_000) / 1000.0 + 0.001;
                case 2 -> random.nextDouble() * 9_999_999;
                default -> random.nextInt(10_000_000);
            };
            String old = v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
            assertThat(Numbers.plain(v)).as("%s", old).isEqualTo(old);
        }
    }

    @Test
    void plainDecimalsNeverUseENotation() {
        assertThat(Numbers.plain(2.47e10)).isEqualTo("24700000000");
        assertThat(Numbers.plain(1.25e-7)).isEqualTo("0.000000125");
        assertThat(Numbers.plain(10485760000.125)).isEqualTo("10485760000.125");
        assertThat(Numbers.plain(Double.NaN)).isEmpty();
    }

    @Test
    void significantDigitsAndSizesAndClocks() {
        assertThat(Numbers.significant(24.6789, 3)).isEqualTo("24.7");
        assertThat(Numbers.significant(1.2, 3)).isEqualTo("1.20");
        assertThat(Numbers.significant(0.012345, 3)).isEqualTo("0.0123");
        assertThat(Numbers.significant(12345, 3)).isEqualTo("12345");
        assertThat(Numbers.size(2)).isEqualTo("2 B");
        assertThat(Numbers.size(2048)).isEqualTo("2 K");
        assertThat(Numbers.size(65536)).isEqualTo("64 K");
        assertThat(Numbers.size(1 << 20)).isEqualTo("1 M");
        assertThat(Numbers.size(1500)).isEqualTo("1500 B");
        assertThat(Numbers.clock(42)).isEqualTo("0:42");
        assertThat(Numbers.clock(3723)).isEqualTo("1:02:03");
    }
}
