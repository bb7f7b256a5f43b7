package dev.wirespeed.engine.tcp;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.IntervalReport;
import java.io.IOException;

/**
 * The client side of a TCP bandwidth test against a wirespeed server: a {@link ClientSession} with
 * the {@link TcpBwPlane} ({@code ClientPlanes.TCP_BW}). Errors before data flows are thrown; once data flows, every outcome
 * (done, Ctrl-C, server lost) returns a result holding all that was measured, so nothing is lost.
 */
public final class BwClient {
    private final BwClientConfig config;

    public BwClient(BwClientConfig config) {
        this.config = config;
    }

    public BwResult run(TestListener<BwResult.BwParams, BwResult.IntervalReport> listener) throws IOException {
        return ClientSession.run(config, new TcpBwPlane(config, listener), listener::warning);
    }
}
