package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Issue 32 on the agent: kind R without the token, cancel of an unknown id, tests beside a pair's. */
// mostly waits out a peer's deadline: runs in the second lane, beside the serial ITs (pom.xml)
@Execution(ExecutionMode.CONCURRENT)
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentHostileIT {
    static final Token TOKEN = Token.of("correct horse battery staple", "test");
    final List<Agent> agents = new ArrayList<>();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    Agent start(Token token) throws Exception {
        Agent a = new Agent(new AgentConfig("127.0.0.1", 0, token, new TestSpec.Limits(8, 30_000), 5_000,
                Path.of("/nonexistent"), FactsSource.sysfs(Path.of("/")), log::add));
        a.serveInBackground();
        agents.add(a);
        return a;
    }

    @AfterEach
    void stop() {
        agents.forEach(Agent::close);
    }

    /**
     * Break 1: 64 of 100 refused perftest requests stayed open on an agent, and kind R needed no
     * token. An agent with a token now refuses every kind-R request, in one frame, and closes.
     */
    @Test
    void perftestRequestsToAnAgentWithATokenAreRefusedAndClosed() throws Exception {
        Agent a = start(TOKEN);
        for (int i = 0; i < 100; i++) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), a.port())) {
                s.setSoTimeout(5_000);
                s.getOutputStream().write(Preamble.perftest());
                s.getOutputStream().write(FrameCodec.frame("{\"type\":\"start\",\"test\":\"ib_write_bw\",\"args\":[]}"
                        .getBytes(StandardCharsets.UTF_8)));
                InputStream in = s.getInputStream();
                String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8); // to EOF: the agent closed
                assertThat(answer).as("request %d", i + 1).contains("\"type\":\"refused\"")
                        .contains("runs perftest only for its coordinator");
            }
        }
    }

    /** Break 15: a cancel for an id that is not running went unanswered. */
    @Test
    void aCancelForAnUnknownIdIsAnswered() throws Exception {
        Agent a = start(null);
        try (AgentClient c = AgentClient.connect(AgentIT.at(a), null, 5_000, 10_000)) {
            assertThatThrownBy(() -> c.call(new AgentMessage.Cancel(4242), AgentMessage.Failed.class, 5_000))
                    .hasMessageContaining("cancel: no request 4242 is running on this agent");
            assertThat(c.ping(5_000)).as("the session goes on").isTrue();
        }
    }

    /**
     * Break 15: an unauthenticated test on an agent's port ran beside a mesh pair's and distorted
     * it silently. The port serves one test at a time: the second is refused with the reason.
     */
    @Test
    void anAgentsPortServesOneTestAtATime() throws Exception {
        Agent a = start(null);
        String port = Integer.toString(a.port());
        Cli.Running first = Cli.start("bw", "127.0.0.1", "-p", port, "-t", "4", "--no-save");
        assertThat(first.awaitOutput("[  1]", 20_000)).as("the first test runs: %s", first.err()).isTrue();
        Cli.Run second = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--no-save");
        assertThat(second.exitCode()).as(second.out() + second.err()).isEqualTo(1);
        assertThat(second.err()).contains("server busy: 1 tests running");
        assertThat(first.exit().get(60, TimeUnit.SECONDS)).as(first.err().toString()).isZero();
    }
}
