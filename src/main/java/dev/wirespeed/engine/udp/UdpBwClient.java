package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;

/**
 * The client of a UDP bandwidth test (udp-bw): a {@link ClientSession} with the {@link UdpBwPlane}.
 * As with TCP, once data flows every outcome returns a result.
 */
public final class UdpBwClient {
    private final UdpBwClientConfig config;

    public UdpBwClient(UdpBwClientConfig config) {
        this.config = config;
    }

    public UdpResult run(TestListener<TestSpec, UdpResult.UdpInterval> listener) throws IOException {
        return ClientSession.run(config, new UdpBwPlane(config, listener), listener::warning);
    }
}
