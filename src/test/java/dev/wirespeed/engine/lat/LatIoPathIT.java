package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.sys.NativeIoFastPathTest;
import dev.wirespeed.results.IoPath;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.testing.InProcessServer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A latency result says which I/O path its loop took, and on a supported platform it is the direct one. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatIoPathIT {
    @Test
    void theResultRecordsTheDirectPath() throws Exception {
        assumeTrue(NativeIoFastPathTest.supportedPlatform(), "not a platform where the direct path is required");
        try (InProcessServer s = InProcessServer.start()) {
            for (boolean udp : new boolean[] {false, true}) {
                LatClientConfig c = LatClientConfig.builder().host("127.0.0.1").port(s.port()).udp(udp)
                        .sizesBytes(List.of(64)).iterations(200L).warmupIterations(10).connectTimeoutMillis(5_000)
                        .timeoutMillis(5_000).build();
                LatResult r = new LatClient(c).run(TestListener.none());
                assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
                assertThat(r.ioPath()).as("udp=" + udp).isEqualTo(IoPath.DIRECT);
                assertThat(Json.MAPPER.writeValueAsString(r)).contains("\"ioPath\" : \"direct\"");
            }
        }
    }
}
