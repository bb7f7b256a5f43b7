package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ClientSession;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.CrrResult;
import java.io.IOException;

/**
 * The client of a connection-rate test ({@code lat --connect}, netperf TCP_CRR): a
 * {@link ClientSession} with the {@link CrrPlane}. Each transaction is a new TCP connection to the
 * server's port (docs/PROTOCOL.md "tcp-crr").
 *
 * @param streams       transactions in flight at once (-P)
 * @param seconds       -t
 * @param requestBytes  each request; the response is as long
 * @param timeoutMillis a connect or read of one transaction waits at most this long
 */
public record CrrClient(CrrClientConfig config) {
    public CrrResult run(TestListener<CrrResult.Params, Void> listener) throws IOException {
        return ClientSession.run(config, new CrrPlane(config, listener), listener::warning);
    }
}
