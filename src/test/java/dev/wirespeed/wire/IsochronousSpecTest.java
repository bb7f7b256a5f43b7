package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What a server accepts of a test's isochronous field (TestSpec.validate), before any datagram. */
class IsochronousSpecTest {
    private static TestSpec.Builder upload() {
        return TestSpec.udpBandwidth().durationMillis(1_000).bufferBytes(1_472).rateBitsPerSecond(20_000_000)
                .isochronous(Isochronous.IPERF2_DEFAULT);
    }

    @Test
    void iperf2sDefaultOnAnUploadIsAccepted() {
        assertThatCode(() -> upload().build().validate(TestSpec.Limits.DEFAULT)).doesNotThrowAnyException();
        assertThatCode(() -> upload().bufferBytes(TestSpec.ISOCHRONOUS_MIN_BYTES).build()
                .validate(TestSpec.Limits.DEFAULT)).doesNotThrowAnyException();
    }

    @Test
    void outOfRangeFieldsAreRefusedByName() {
        assertThatThrownBy(() -> upload().direction(Direction.DOWNLOAD).build().validate(TestSpec.Limits.DEFAULT))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("upload udp-bw");
        assertThatThrownBy(() -> upload().mode(TestSpec.MODE_TCP_BW).build().validate(TestSpec.Limits.DEFAULT))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("isochronous");
        assertThatThrownBy(() -> upload().bufferBytes(TestSpec.ISOCHRONOUS_MIN_BYTES - 1).build()
                .validate(TestSpec.Limits.DEFAULT)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("bufferBytes");
        assertThatThrownBy(() -> upload().isochronous(new Isochronous(0, 1_000_000, 0)).build()
                .validate(TestSpec.Limits.DEFAULT)).hasMessageContaining("isochronous.framesPerSecond");
        assertThatThrownBy(() -> upload().isochronous(new Isochronous(30, 0, 0)).build()
                .validate(TestSpec.Limits.DEFAULT)).hasMessageContaining("isochronous.meanBitsPerSecond");
        assertThatThrownBy(() -> upload().isochronous(new Isochronous(30, 1_000_000, -1)).build()
                .validate(TestSpec.Limits.DEFAULT)).hasMessageContaining("isochronous.stdevBitsPerSecond");
    }
}
