package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.testing.AcceptedControl;
import dev.wirespeed.testing.Await;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server makes a test's data threads before it says Ready, so their start (the JVM waits for
 * each new thread to run once: seconds for 256 threads on a loaded 2-core host) never falls inside
 * the client's clock (`bw -P 128 --bidir` ended with "no data moved download" while the server's
 * senders were still being made). A test the client abandons between Ready and Start lets those
 * threads go without running and frees its budget.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadsBeforeReadyIT {
    static final int STREAMS = 3;

    @Test
    void theDataThreadsExistAtReadyAndLeaveWhenTheClientClosesBeforeStart() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Budget budget = new Budget(ServerLimits.DEFAULT);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, ServerLimits.DEFAULT, budget))) {
            server.serveInBackground();
            List<Socket> data = new ArrayList<>();
            TestSpec spec = TestSpec.tcpBandwidth().streams(STREAMS).durationMillis(1_000).build();
            try (AcceptedControl control = AcceptedControl.open(server.port(), "threads-before-ready", spec)) {
                FrameCodec codec = control.codec();
                for (int i = 0; i < STREAMS; i++) {
                    data.add(control.data(i));
                }
                codec.expect(Message.Ready.class);
                assertThat(serverDataThreads()).as("the server's data threads, made before Ready").hasSize(STREAMS);
            } finally {
                for (Socket s : data) {
                    s.close();
                }
            }
            // the control connection closed before Start: the threads leave without running, the budget is free
            Await.until(5_000, () -> serverDataThreads().isEmpty() && budget.reservedBytes() == 0);
            assertThat(serverDataThreads()).as("threads of a test that never started, 5 s after the close").isEmpty();
            assertThat(budget.reservedBytes()).isZero();
        }
    }

    /** The server's stream threads alive now ("ws-server-" + kind + "recv-N"). */
    private static List<String> serverDataThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("ws-server-") && n.matches(".*(send|recv)-\\d+")).toList();
    }
}
