package dev.wirespeed.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void sizesAreBinaryWhateverTheSpelling() {
        assertThat(ByteSize.parse("65536")).isEqualTo(65536);
        assertThat(ByteSize.parse("128K")).isEqualTo(131072);
        assertThat(ByteSize.parse("128k")).isEqualTo(131072);
        assertThat(ByteSize.parse("128KiB")).isEqualTo(131072);
        assertThat(ByteSize.parse("4M")).isEqualTo(4L << 20);
        assertThat(ByteSize.parse("1.5G")).isEqualTo(3L << 29);
        assertThat(ByteSize.parse("2T")).isEqualTo(2L << 40);
    }

    @Test
    void badSizesNameTheInput() {
        assertThatThrownBy(() -> ByteSize.parse("12x")).hasMessageContaining("'12x' is not a size");
        assertThatThrownBy(() -> ByteSize.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ByteSize.parse("-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ByteSize.parse("99999999999T")).hasMessageContaining("too large");
    }

    @Test
    void sizesFormatWithThreeDigitsAndALabel() {
        assertThat(ByteSize.format(512)).isEqualTo("512 B");
        assertThat(ByteSize.format(131072)).isEqualTo("128 KiB");
        assertThat(ByteSize.format(1536L << 20)).isEqualTo("1.50 GiB");
        assertThat(ByteSize.format(28_800_000_000L)).isEqualTo("26.8 GiB");
        assertThat(ByteSize.formatExact(131072)).isEqualTo("128 KiB");
        assertThat(ByteSize.formatExact(100_000)).isEqualTo("100000 B");
    }

    @Test
    void ratesAreDecimal() {
        assertThat(Rate.parse("100M")).isEqualTo(100_000_000L);
        assertThat(Rate.parse("2.5G")).isEqualTo(2_500_000_000L);
        assertThat(Rate.parse("10g")).isEqualTo(10_000_000_000L);
        assertThat(Rate.parse("0")).isZero();
        assertThat(Rate.parse("1k")).isEqualTo(1000);
        assertThatThrownBy(() -> Rate.parse("fast")).hasMessageContaining("'fast' is not a rate");
        assertThat(Rate.format(26.4e9)).isEqualTo("26.4 Gbit/s");
        assertThat(Rate.format(943e6)).isEqualTo("943 Mbit/s");
        assertThat(Rate.format(5)).isEqualTo("5.00 bit/s");
        assertThat(Rate.bitsPerSecond(1_250_000_000L, 1_000_000_000L)).isEqualTo(1e10);
        assertThat(Rate.bitsPerSecond(10, 0)).isZero();
    }
}
