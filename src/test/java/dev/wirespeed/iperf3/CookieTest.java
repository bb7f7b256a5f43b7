package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.Wire;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CookieTest {
    @Test
    void randomCookiesLookLikeIperf3s() throws Exception {
        byte[] c = Cookie.random();
        assertThat(c).hasSize(37);
        assertThat(c[36]).isZero();
        assertThat(Cookie.text(c)).hasSize(36).matches("[a-z2-7]{36}");
        assertThat(Cookie.text(Cookie.random())).isNotEqualTo(Cookie.text(c));
    }

    /** iperf3 3.0 and 3.1 (still the common Windows build) start the cookie with the host name. */
    @Test
    void oldHostNameCookiesAreAccepted() throws Exception {
        byte[] c = new byte[37];
        byte[] text = "WIN-7QX2.1700000000.123456.0a1b2c3d4".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, c, 0, 36);
        assertThat(Cookie.text(c)).startsWith("WIN-7QX2.");
        assertThat(Wire.classify(Arrays.copyOf(c, 4))).isEqualTo(Wire.Opening.IPERF3);
    }

    @Test
    void notCookies() {
        byte[] nul = Cookie.random();
        nul[5] = 0;
        byte[] unterminated = Cookie.random();
        unterminated[36] = 'x';
        byte[] binary = Cookie.random();
        binary[0] = (byte) 0xc3;
        for (byte[] b : new byte[][] {nul, unterminated, binary, new byte[36]}) {
            assertThatThrownBy(() -> Cookie.text(b)).isInstanceOf(ProtocolException.class);
        }
    }

    @Test
    void theFirstFourBytesTellTheProtocols() {
        assertThat(Wire.classify("WSPD".getBytes(StandardCharsets.US_ASCII))).isEqualTo(Wire.Opening.WIRESPEED);
        assertThat(Wire.classify("k2ab".getBytes(StandardCharsets.US_ASCII))).isEqualTo(Wire.Opening.IPERF3);
        assertThat(Wire.classify("GET ".getBytes(StandardCharsets.US_ASCII))).isEqualTo(Wire.Opening.UNKNOWN);
        assertThat(Wire.classify(new byte[] {0x16, 0x03, 0x01, 0x02})).as("TLS").isEqualTo(Wire.Opening.UNKNOWN);
    }

    @Test
    void streamIdsSkipTwo() {
        assertThat(new int[] {Iperf3.streamId(0), Iperf3.streamId(1), Iperf3.streamId(2)}).containsExactly(1, 3, 4);
        assertThat(Iperf3.streamIndex(1)).isZero();
        assertThat(Iperf3.streamIndex(3)).isEqualTo(1);
        assertThat(Iperf3.streamIndex(2)).isEqualTo(-1);
        assertThat(Iperf3.streamIndex(0)).isEqualTo(-1);
        assertThat(Iperf3.streamIndex(1L << 40)).isEqualTo(-1);
    }

    @Test
    void errorNumbersAreDescribed() {
        assertThat(Iperf3Error.describe(5, 0)).contains("too long").contains("iperf3 error 5");
        assertThat(Iperf3Error.describe(114, 22)).contains("errno 22");
        assertThat(Iperf3Error.describe(999, 0)).isEqualTo("iperf3 error 999");
    }
}
