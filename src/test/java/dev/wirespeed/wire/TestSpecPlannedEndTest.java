package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
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
    void itIsNotPartOfTheWireJson() throws Exception {
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(1_000).build();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new FrameCodec(new ByteArrayInputStream(new byte[0]), wire).write(new Message.TestRequest(spec));
        assertThat(wire.toString(StandardCharsets.UTF_8)).contains("durationMillis").doesNotContain("plannedEnd");
    }
}
