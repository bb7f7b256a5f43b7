package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
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
            try (Socket control = accepted(server)) {
                assertThat(budget.reservedBytes()).as("the accepted test holds its buffers").isPositive();
            }
            awaitFree(budget);
            assertThat(budget.reservedBytes()).as("the budget is free 5 s after the close").isZero();
            awaitLine(log, "closed before the test started");
            assertThat(log).anyMatch(l -> l.contains("closed before the test started"));
        }
    }

    @Test
    void aMessageBeforeReadyIsAProtocolErrorThatFreesTheBudget() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Budget budget = new Budget(ServerLimits.DEFAULT);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT,
                HANDSHAKE_MILLIS, log::add, ServerLimits.DEFAULT, budget));
             Socket control = accepted(serving(server))) {
            FrameCodec codec = new FrameCodec(control.getInputStream(), control.getOutputStream());
            codec.write(new Message.Start());
            control.setSoTimeout(5_000);
            Message answer = codec.read();
            assertThat(answer).isInstanceOf(Message.Error.class);
            assertThat(((Message.Error) answer).message()).contains("before Ready");
            awaitFree(budget);
            assertThat(budget.reservedBytes()).isZero();
        }
    }

    private static Server serving(Server server) {
        server.serveInBackground();
        return server;
    }

    /** A control connection whose test the server accepted, with no data connection opened. */
    private static Socket accepted(Server server) throws Exception {
        Socket control = new Socket(InetAddress.getLoopbackAddress(), server.port());
        control.setSoTimeout(10_000);
        OutputStream out = control.getOutputStream();
        out.write(Preamble.control());
        FrameCodec codec = new FrameCodec(control.getInputStream(), out);
        codec.write(new Message.Hello(Wire.PROTOCOL_VERSION, "closes-early"));
        codec.expect(Message.Welcome.class);
        codec.write(new Message.TestRequest(TestSpec.tcpBandwidth().streams(2).durationMillis(1_000).build()));
        codec.expect(Message.TestAccepted.class);
        return control;
    }

    private static void awaitFree(Budget budget) throws InterruptedException {
        for (int i = 0; i < 250 && budget.reservedBytes() > 0; i++) {
            Thread.sleep(20);
        }
    }

    private static void awaitLine(List<String> log, String text) throws InterruptedException {
        for (int i = 0; i < 250 && log.stream().noneMatch(l -> l.contains(text)); i++) {
            Thread.sleep(20);
        }
    }
}
