package dev.wirespeed.cluster;

import static dev.wirespeed.testing.Hostile.EVIL;
import static dev.wirespeed.testing.Hostile.assertClean;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 4: agents whose every word carries terminal escapes and a forged line — host name,
 * software, OS, facts, a test's result and a failure's message — reach the mesh's text, JSON, HTML
 * report and the stored results escaped. The fakes speak the agent protocol in plain text
 * (--insecure), which is what a coordinator reads after TLS too.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LyingAgentIT {
    @TempDir
    Path dir;

    /** One fake agent: answers every test with {@code answer} (a result or a failure). */
    static final class LyingAgent implements AutoCloseable {
        final ServerSocket listener;
        final boolean failTests;
        final List<Socket> sessions = new CopyOnWriteArrayList<>();

        LyingAgent(boolean failTests) throws IOException {
            this.listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
            this.failTests = failTests;
            Thread.ofPlatform().daemon().start(this::accept);
        }

        String label() {
            return "127.0.0.1:" + listener.getLocalPort();
        }

        private void accept() {
            while (!listener.isClosed()) {
                try {
                    Socket s = listener.accept();
                    sessions.add(s);
                    Thread.ofPlatform().daemon().start(() -> session(s));
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private void session(Socket s) {
            try (s) {
                new DataInputStream(s.getInputStream()).readFully(new byte[Preamble.agent().length]);
                FrameCodec codec = new FrameCodec(s.getInputStream(), s.getOutputStream(), AgentMessage.MAX_FRAME_BYTES);
                codec.readValue(AgentMessage.class); // hello
                codec.writeValue(new AgentMessage.Challenge("bm9uY2U=", false, EVIL));
                codec.readValue(AgentMessage.class); // auth
                codec.writeValue(new AgentMessage.Welcome(null, new BwResult.Peer(EVIL, "127.0.0.1", null, EVIL, 2, EVIL),
                        8, 120_000, List.of("tcp")));
                while (true) {
                    AgentMessage m = codec.readValue(AgentMessage.class);
                    switch (m) {
                        case AgentMessage.Ping p -> codec.writeValue(new AgentMessage.Pong(p.id()));
                        case AgentMessage.GetFacts g -> codec.writeValue(new AgentMessage.FactsReply(g.id(), facts(), null));
                        case AgentMessage.RunTest t -> codec.writeValue(failTests
                                ? new AgentMessage.Failed(t.id(), EVIL)
                                : new AgentMessage.TestDone(t.id(), result()));
                        default -> { }
                    }
                }
            } catch (IOException | RuntimeException closed) {
                // the coordinator left
            }
        }

        static NodeFacts facts() {
            return new NodeFacts(EVIL, EVIL, 2, EVIL, "127.0.0.1", EVIL, EVIL, false, 1500, 1e10, EVIL, EVIL, EVIL,
                    List.of(EVIL), EVIL, EVIL, null, List.of(new NodeFacts.NodeFinding(EVIL, "warning", EVIL, EVIL)));
        }

        /** A plausible upload of 1 Gbit/s that the agent says failed, in its own words. */
        static BwResult result() {
            BwResult.Summary s = new BwResult.Summary(125_000_000L, 1.0, 1e9, null);
            return new BwResult(BwResult.SCHEMA, new BwResult.Tool(EVIL, EVIL), EVIL,
                    new BwResult.Peer(EVIL, EVIL, 1, EVIL, 2, EVIL), new BwResult.Peer(EVIL, EVIL, 2, EVIL, 2, EVIL), null,
                    List.of(new BwResult.DirectionResult("upload", "client", "server", List.of(), List.of(), s, s)), null,
                    new BwResult.Outcome(OutcomeStatus.PEER_LOST, EVIL));
        }

        @Override
        public void close() throws IOException {
            listener.close();
            for (Socket s : sessions) {
                s.close();
            }
        }
    }

    @Test
    void everyWordOfTheAgentsIsEscapedInTextJsonHtmlAndTheStore() throws Exception {
        Path db = dir.resolve("r.db");
        Path html = dir.resolve("mesh.html");
        Cli.Run text;
        Cli.Run json;
        try (LyingAgent a = new LyingAgent(false); LyingAgent b = new LyingAgent(true)) {
            text = Cli.run("mesh", "--hosts", a.label() + "," + b.label(), "--insecure", "-t", "1", "-O", "0", "--db",
                    db.toString(), "--html", html.toString());
            json = Cli.run("mesh", "--hosts", a.label() + "," + b.label(), "--insecure", "-t", "1", "-O", "0",
                    "--no-save", "--json");
        }
        assertClean("mesh", text);
        assertThat(text.out()).as(text.err()).contains("\\x1b]0;title\\x07");
        assertClean("mesh --json", json);
        assertClean("mesh --html", Files.readString(html, StandardCharsets.UTF_8));
        for (String[] results : new String[][] {{"list"}, {"show", "1"}, {"show", "2"}, {"export", "--csv"}}) {
            String[] args = new String[results.length + 3];
            args[0] = "results";
            System.arraycopy(results, 0, args, 1, results.length);
            args[results.length + 1] = "--db";
            args[results.length + 2] = db.toString();
            assertClean("results " + String.join(" ", results), Cli.run(args));
        }
    }
}
