package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** TCP_CONGESTION's buffer as the kernel fills it (net/ipv4/tcp.c: the name, NUL-padded to the length asked). */
class CongestionNameTest {
    private static byte[] buffer(String name) {
        return Arrays.copyOf(name.getBytes(StandardCharsets.US_ASCII), 16);
    }

    @Test
    void theNameEndsAtTheFirstNul() {
        assertThat(NativeSockets.caName(buffer("bbr"), 16)).isEqualTo("bbr");
        assertThat(NativeSockets.caName(buffer("cubic"), 16)).isEqualTo("cubic");
    }

    @Test
    void aNameFillingTheBufferIsKeptWhole() {
        byte[] full = "abcdefghijklmnop".getBytes(StandardCharsets.US_ASCII);
        assertThat(NativeSockets.caName(full, 16)).isEqualTo("abcdefghijklmnop");
    }

    @Test
    void theReturnedLengthBoundsTheName() {
        assertThat(NativeSockets.caName(buffer("westwood"), 4)).isEqualTo("west");
        assertThat(NativeSockets.caName(buffer("bbr"), 99)).isEqualTo("bbr");
        assertThat(NativeSockets.caName(buffer("bbr"), -1)).isNull();
    }

    @Test
    void anEmptyNameIsNone() {
        assertThat(NativeSockets.caName(new byte[16], 16)).isNull();
        assertThat(NativeSockets.caName(buffer("bbr"), 0)).isNull();
    }
}
