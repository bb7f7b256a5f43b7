package dev.wirespeed.run.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.run.PointParams;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How campaign parameters become a wirespeed test spec or an external tool's command line. */
class EnginesTest {
    private static PointParams params(Map<String, String> values) {
        return new PointParams(values, "point 1");
    }

    @Test
    void wirespeedBwMapsEveryParameterToTheSpec() {
        TestSpec s = WirespeedBwEngine.spec(params(Map.of("streams", "4", "duration", "2.5", "omit", "1",
                "length", "64K", "window", "4M", "mss", "1400", "congestion", "bbr", "nodelay", "true",
                "reverse", "true")));
        assertThat(s.testMode()).isEqualTo(TestMode.TCP_BW);
        assertThat(s.direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(s.streams()).isEqualTo(4);
        assertThat(s.durationMillis()).isEqualTo(2500);
        assertThat(s.omitMillis()).isEqualTo(1000);
        assertThat(s.bufferBytes()).isEqualTo(64 * 1024);
        assertThat(s.windowBytes()).isEqualTo(4 << 20);
        assertThat(s.mssBytes()).isEqualTo(1400);
        assertThat(s.congestion()).isEqualTo("bbr");
        assertThat(s.noDelay()).isTrue();
    }

    @Test
    void wirespeedBwDefaultsAreBwsDefaults() {
        TestSpec s = WirespeedBwEngine.spec(params(Map.of()));
        assertThat(s.direction()).isEqualTo(Direction.UPLOAD);
        assertThat(s.streams()).isEqualTo(1);
        assertThat(s.durationMillis()).isEqualTo(10_000);
        assertThat(s.bufferBytes()).isEqualTo(TestSpec.DEFAULT_TCP_BUFFER_BYTES);
    }

    @Test
    void reverseAndBidirExcludeEachOther() {
        assertThatThrownBy(() -> WirespeedBwEngine.spec(params(Map.of("reverse", "true", "bidir", "true"))))
                .hasMessageContaining("bidir");
    }

    @Test
    void iperf3ClientCommandHasTheCommonOptionsAndJson() {
        Iperf3Engine e = new Iperf3Engine();
        assertThat(e.clientCommand(params(Map.of("host", "10.0.0.2", "streams", "4", "duration", "5",
                "reverse", "true", "congestion", "bbr")), "5201"))
                .containsSubsequence("-c", "10.0.0.2", "-p", "5201", "-P", "4", "-t", "5", "-R", "-J", "-C", "bbr");
    }
}
