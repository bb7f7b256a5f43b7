package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.testing.AcceptedControl;
import dev.wirespeed.testing.Await;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that closes its control connection after TestAccepted and before its data connections
 * (what a --trip-times client does when the clocks may disagree, or a client that gave up) held its
 * reservation and test slot for the whole --handshake-timeout. The server now watches the control
 * connection while it waits and frees both at the close. The handshake timeout here is 30 s, so the
 * old wait cannot pass the 5 s bounds below.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CloseBeforeDataIT {
    static final int HANDSHAKE_MILLIS = 30_000;

    @Test
    void aClientThatClosesBeforeItsDataConnectionsFreesTheBudgetAtOnce() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Budget budget = new Budget(ServerLimits.DEFAULT);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT,
                HANDSHAKE_MILLIS, log::add, ServerLimits.DEFAULT, budget))) {
            server.serveInBackground();
            try (AcceptedControl control = accepted(server)) {
                assertThat(budget.reservedBytes()).as("the accepted test holds its buffers").isPositive();
            }
            Await.until(5_000, () -> budget.reservedBytes() == 0);
            assertThat(budget.reservedBytes()).as("the budget is free 5 s after the close").isZero();
            Await.until(5_000, () -> log.stream().anyMatch(l -> l.contains("closed before the test started")));
            assertThat(log).anyMatch(l -> l.contains("closed before the test started"));
        }
    }

    @Test
    void aMessageBeforeReadyIsAProtocolErrorThatFreesTheBudget() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Budget budget = new Budget(ServerLimits.DEFAULT);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT,
                HANDSHAKE_MILLIS, log::add, ServerLimits.DEFAULT, budget));
             AcceptedControl control = accepted(serving(server))) {
            FrameCodec codec = control.codec();
            codec.write(new Message.Start());
            control.socket().setSoTimeout(5_000);
            Message answer = codec.read();
            assertThat(answer).isInstanceOf(Message.Error.class);
            assertThat(((Message.Error) answer).message()).contains("before Ready");
            Await.until(5_000, () -> budget.reservedBytes() == 0);
            assertThat(budget.reservedBytes()).isZero();
        }
    }

    private static Server serving(Server server) {
        server.serveInBackground();
        return server;
    }

    /** A control connection whose test the server accepted, with no data connection opened. */
    private static AcceptedControl accepted(Server server) throws Exception {
        return AcceptedControl.open(server.port(), "closes-early",
                TestSpec.tcpBandwidth().streams(2).durationMillis(1_000).build());
    }
}
