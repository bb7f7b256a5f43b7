package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.stream.TestClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The planned end every side's interval sampler stops scheduling at (-t plus the warm-up -O). */
class TestSpecPlannedEndTest {
    @Test
    void aTimedTestEndsAfterItsWarmUpAndDuration() {
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(10_000).omitMillis(2_000).build();
        assertThat(spec.plannedEndNanos()).isEqualTo(12_000_000_000L);
    }

    @Test
    void aTestBoundedByBytesHasNoPlannedEnd() {
        TestSpec spec = TestSpec.tcpBandwidth().bytes(1 << 20).omitMillis(2_000).build();
        assertThat(spec.plannedEndNanos()).isZero();
    }

    @Test
    void aTestUntilStoppedIsValidForTcpOnlyAndEndsAtTheServersLimit() throws Exception {
        TestSpec.Limits limits = new TestSpec.Limits(8, 60_000);
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(0).bytes(0).omitMillis(1_000).build();
        assertThat(spec.untilStopped()).isTrue();
        assertThat(spec.plannedEndNanos()).isZero();
        spec.validate(limits); // on main: "durationMillis/bytes ... exactly one of the two > 0"
        Assertions.assertThatThrownBy(() -> TestSpec.tcpBandwidth().durationMillis(1_000)
                .bytes(1).build().validate(limits)).isInstanceOf(ProtocolException.class);
        assertThat(TestSpec.tcpBandwidth().durationMillis(1_000).build().untilStopped()).isFalse();
        assertThat(TestSpec.tcpBandwidth().bytes(1).build().untilStopped()).isFalse();
        // the client's clock: no end of its own, the server's limit (Welcome) after the warm-up
        TestClock clock = TestClock.of(spec, 0, () -> false, 60_000);
        assertThat(clock.endNanos()).isEqualTo(61_000_000_000L);
        assertThat(TestClock.of(spec, 0, () -> false).endNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void itIsNotPartOfTheWireJson() throws Exception {
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(1_000).build();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new FrameCodec(new ByteArrayInputStream(new byte[0]), wire).write(new Message.TestRequest(spec));
        assertThat(wire.toString(StandardCharsets.UTF_8)).contains("durationMillis").doesNotContain("plannedEnd");
    }
}
