package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.testing.AcceptedControl;
import dev.wirespeed.testing.Await;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 3: a client that keeps heartbeating and never says Stop held its test slot and
 * the memory budget for --max-duration (an hour by default) plus 30 s. The server now ends the
 * test at its asked duration plus the grace, tells the client, and frees the budget then.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HeartbeatDeadlineIT {
    static final long GRACE_MILLIS = 1_000;

    @Test
    void aHeartbeatingClientIsEndedAtItsDurationAndTheBudgetIsFreed() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withGraceMillis(GRACE_MILLIS);
        Budget budget = new Budget(limits);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, limits, budget));
             AcceptedControl control = AcceptedControl.open(portOf(server), "hostile",
                     TestSpec.tcpBandwidth().streams(1).durationMillis(1_000).build())) {
            FrameCodec codec = control.codec();
            try (Socket data = control.data(0)) {
                codec.expect(Message.Ready.class);
                codec.write(new Message.Start());
                assertThat(budget.reservedBytes()).as("the running test holds its buffers").isPositive();
                long started = System.nanoTime();
                String error = null;
                // heartbeats every 200 ms, as long as 20 s, reading what the server says in between
                control.socket().setSoTimeout(200);
                while (error == null && System.nanoTime() - started < TimeUnit.SECONDS.toNanos(20)) {
                    try {
                        codec.write(new Message.Heartbeat());
                    } catch (IOException e) {
                        // the server closed after its Error: what it said is still to be read
                        control.socket().setSoTimeout(2_000);
                    }
                    try {
                        Message m = codec.read();
                        if (m instanceof Message.Error e) {
                            error = e.message();
                        }
                    } catch (SocketTimeoutException e) {
                        // nothing this time
                    } catch (IOException e) {
                        break;
                    }
                }
                long endedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                assertThat(error).as("the server's word, %d ms after Start", endedMillis)
                        .startsWith("the server ended the test: it ran past its 1 s and 1 s of grace");
                assertThat(endedMillis).as("its 1 s and 1 s of grace, on a loaded host").isLessThan(8_000);
                Await.until(2_000, () -> budget.reservedBytes() == 0);
                assertThat(budget.reservedBytes()).as("the budget is free again").isZero();
                // the server writes its line just after it frees the budget: a loaded host can run the test between
                Await.until(5_000, () -> log.stream().anyMatch(l -> l.contains("the server ended the test")));
                assertThat(log).anyMatch(l -> l.contains("the server ended the test"));
            }
        }
    }

    private static int portOf(Server server) {
        server.serveInBackground();
        return server.port();
    }
}
