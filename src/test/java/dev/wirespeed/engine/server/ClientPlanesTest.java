package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.TestMode;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The client's registry is the server's twin: every mode has a plane on each side, and one only. */
class ClientPlanesTest {
    @Test
    void everyModeHasOneClientPlane() {
        Set<TestMode> seen = new HashSet<>();
        for (ClientPlanes.Entry<?, ?, ?> e : new ClientPlanes.Entry<?, ?, ?>[] {ClientPlanes.TCP_BW,
                ClientPlanes.UDP_BW, ClientPlanes.LATENCY}) {
            for (TestMode mode : e.modes()) {
                assertThat(seen.add(mode)).as("%s in two entries", mode.label()).isTrue();
            }
        }
        for (TestMode mode : TestMode.values()) {
            assertThat(ClientPlanes.forMode(mode)).as(mode.label()).isNotNull();
            assertThat(ServerPlanes.forMode(mode)).as(mode.label()).isNotNull();
        }
    }
}
