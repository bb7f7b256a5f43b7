package dev.wirespeed.iperf3;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.wire.TestSpec;
import java.util.function.Consumer;

/**
 * @param handshakeMillis time a client has for each step before its test runs, and for its
 *                        data connections to arrive
 * @param log             one line per test, refusal and dropped peer
 * @param budget          the server-wide budget (docs/SECURITY.md) that wirespeed's own tests
 *                        reserve from too
 */
public record Iperf3ServiceConfig(TestSpec.Limits limits, int handshakeMillis, Consumer<String> log, Budget budget) {
    /** A budget of its own, with the default limits. */
    public Iperf3ServiceConfig(TestSpec.Limits limits, int handshakeMillis, Consumer<String> log) {
        this(limits, handshakeMillis, log, new Budget(ServerLimits.DEFAULT));
    }
}
