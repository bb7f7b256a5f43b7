package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 32, break 3, on the iperf3 service: a client that never sends TEST_END held its test and
 * its budget for 30 s past its time (and for --max-duration when it asked for bytes). Now the
 * server ends it at its time plus the grace with SERVER_TERMINATE, and frees the budget.
 */
// mostly waits out a peer's deadline: runs in the second lane, beside the serial ITs (pom.xml)
@Execution(ExecutionMode.CONCURRENT)
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Iperf3DeadlineIT {
    @Test
    void aClientThatNeverSendsTestEndIsEndedAtItsTimeAndTheBudgetIsFreed() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withGraceMillis(1_000);
        Budget budget = new Budget(limits);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, limits, budget))) {
            server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 10_000, log::add,
                    budget)));
            server.serveInBackground();
            byte[] cookie = "hostilehostilehostilehostilehostile1\0".getBytes(StandardCharsets.US_ASCII);
            assertThat(cookie).hasSize(Iperf3.COOKIE_BYTES);
            try (Socket control = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                control.setSoTimeout(10_000);
                OutputStream out = control.getOutputStream();
                DataInputStream in = new DataInputStream(control.getInputStream());
                out.write(cookie);
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.PARAM_EXCHANGE);
                out.write(FrameCodec.frame(("{\"tcp\":true,\"omit\":0,\"time\":1,\"parallel\":1,\"len\":131072,"
                        + "\"client_version\":\"3.12\"}").getBytes(StandardCharsets.UTF_8)));
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.CREATE_STREAMS);
                try (Socket data = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                    data.getOutputStream().write(cookie);
                    assertThat(in.readByte()).isEqualTo((byte) Iperf3.TEST_START);
                    assertThat(in.readByte()).isEqualTo((byte) Iperf3.TEST_RUNNING);
                    long started = System.nanoTime();
                    assertThat(budget.reservedBytes()).isPositive();
                    // no TEST_END, ever: read what comes, at most 20 s
                    control.setSoTimeout(20_000);
                    int state;
                    try {
                        state = in.readByte();
                    } catch (IOException e) {
                        state = Integer.MIN_VALUE;
                    }
                    long endedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    assertThat(state).as("the server's word after %d ms", endedMillis).isEqualTo(Iperf3.SERVER_TERMINATE);
                    assertThat(endedMillis).as("its 1 s and 1 s of grace, on a loaded host").isLessThan(8_000);
                    for (int i = 0; i < 100 && budget.reservedBytes() > 0; i++) {
                        Thread.sleep(20);
                    }
                    assertThat(budget.reservedBytes()).as("the budget is free again").isZero();
                }
            }
        }
        assertThat(log).anyMatch(l -> l.contains("the server ended the test: no TEST_END within 2 s"));
    }
}
