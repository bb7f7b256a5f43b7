package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.TestMode;
import org.junit.jupiter.api.Test;

/** Every mode of the protocol has a server plane: a mode added without one fails here, not at a client. */
class ServerPlanesTest {
    @Test
    void everyModeHasAServerPlane() {
        for (TestMode mode : TestMode.values()) {
            assertThat(ServerPlanes.forMode(mode)).as(mode.label()).isNotNull();
        }
    }
}
