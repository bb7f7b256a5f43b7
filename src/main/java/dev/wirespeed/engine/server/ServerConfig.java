package dev.wirespeed.engine.server;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.sys.Mptcp;
import dev.wirespeed.wire.TestSpec;
import java.util.function.Consumer;

/**
 * @param bindAddress       null = every address
 * @param port              0 = any free port (tests)
 * @param once              stop after the first test
 * @param handshakeMillis   per-read timeout before a test runs, and for data connections to arrive
 * @param log               one line per test and per dropped peer
 * @param admission         caps and the whole-handshake deadline of unauthenticated connections
 * @param mptcp             listen with an MPTCP socket ({@link Mptcp}, server --mptcp)
 */
public record ServerConfig(String bindAddress, int port, boolean once, TestSpec.Limits limits, int handshakeMillis,
                           Consumer<String> log, ServerLimits admission, Budget budget, boolean mptcp) {
    /** A plain TCP listener. */
    public ServerConfig(String bindAddress, int port, boolean once, TestSpec.Limits limits, int handshakeMillis,
                  Consumer<String> log, ServerLimits admission, Budget budget) {
        this(bindAddress, port, once, limits, handshakeMillis, log, admission, budget, false);
    }

    /** This config with an MPTCP listener (server --mptcp): MPTCP clients get MPTCP, plain TCP ones TCP. */
    public ServerConfig withMptcp(boolean on) {
        return new ServerConfig(bindAddress, port, once, limits, handshakeMillis, log, admission, budget, on);
    }

    public ServerConfig(String bindAddress, int port, boolean once, TestSpec.Limits limits, int handshakeMillis,
                  Consumer<String> log) {
        this(bindAddress, port, once, limits, handshakeMillis, log, ServerLimits.DEFAULT);
    }

    /** A budget of its own; servers on several ports share one by the canonical constructor. */
    public ServerConfig(String bindAddress, int port, boolean once, TestSpec.Limits limits, int handshakeMillis,
                  Consumer<String> log, ServerLimits admission) {
        this(bindAddress, port, once, limits, handshakeMillis, log, admission, new Budget(admission));
    }
}
