package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.Version;
import dev.wirespeed.measure.HostName;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19 item 7: the agent's control channel is TLS 1.3 pinned through the token; plain only with --insecure. */
@Tag("hostile")
class AgentTlsIT {
    static final Token TOKEN = Token.of("correct horse battery staple", "test");
    final List<Agent> agents = new ArrayList<>();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    Agent start(Token token, boolean insecure) throws IOException {
        Agent a = new Agent(new AgentConfig("127.0.0.1", 0, token, new TestSpec.Limits(8, 30_000), 5_000, null,
                FactsSource.sysfs(Path.of("/")), log::add, insecure));
        a.serveInBackground();
        agents.add(a);
        return a;
    }

    @AfterEach
    void stop() {
        agents.forEach(Agent::close);
    }

    static Endpoint at(int port) {
        return new Endpoint("127.0.0.1:" + port, "127.0.0.1", port);
    }

    /**
     * A session through a relay that records every byte both ways: after the 6-byte preamble
     * the coordinator opens TLS, and neither the version, the host name nor a message name
     * (hello, challenge, welcome, facts) can be read on the wire.
     */
    @Test
    void onlyThePreambleTravelsInClear() throws Exception {
        Agent a = start(TOKEN, false);
        try (Relay relay = new Relay(a.port())) {
            try (AgentClient c = AgentClient.connect(at(relay.port()), TOKEN, 5_000, 10_000)) {
                assertThat(c.welcome().agent().software()).isEqualTo(Version.software());
                assertThat(c.ping(5_000)).isTrue();
                c.call(new AgentMessage.GetFacts(c.nextId()), AgentMessage.FactsReply.class, 20_000);
            }
            byte[] up = relay.toAgent();
            byte[] down = relay.toCoordinator();
            assertThat(up).startsWith(Preamble.agent());
            assertThat(up[Wire.PREAMBLE_BYTES]).as("a TLS handshake record").isEqualTo((byte) AgentTls.HANDSHAKE_RECORD);
            assertThat(down[0]).as("the agent answers in TLS").isEqualTo((byte) AgentTls.HANDSHAKE_RECORD);
            // the host name as JSON carries it, in quotes: a bare short name ("vm") turns up in a few KiB
            // of ciphertext by chance (2 bytes: about 1 in 10 runs)
            for (String secret : List.of(Version.software(), '"' + HostName.get() + '"', "hello", "challenge", "welcome",
                    "facts", "agent")) {
                assertThat(new String(up, StandardCharsets.ISO_8859_1)).as("to the agent").doesNotContain(secret);
                assertThat(new String(down, StandardCharsets.ISO_8859_1)).as("to the coordinator").doesNotContain(secret);
            }
        }
    }

    @Test
    void aCoordinatorWithAnotherTokenIsRefusedByThePin() throws Exception {
        Agent a = start(TOKEN, false);
        Token other = Token.of("incorrect horse battery staple", "test");
        assertThatThrownBy(() -> AgentClient.connect(at(a.port()), other, 5_000, 10_000))
                .isInstanceOfSatisfying(AgentClient.AgentException.class,
                        e -> assertThat(e.status()).isEqualTo(HostStatus.REFUSED))
                .hasMessageStartingWith("the agent's TLS key sha256:")
                .hasMessageContaining("is not the one the token gives (sha256:")
                .hasMessageNotContaining("\n");
        awaitLog("refused coordinator 127.0.0.1:");
        assertThat(log).anyMatch(l -> l.startsWith("refused coordinator 127.0.0.1:") && l.contains("TLS handshake failed"));
    }

    @Test
    void aPlainCoordinatorIsRefusedByATlsAgent() throws Exception {
        Agent a = start(TOKEN, false);
        assertThatThrownBy(() -> AgentClient.connect(at(a.port()), TOKEN, 5_000, 10_000, true))
                .isInstanceOf(AgentClient.AgentException.class)
                .hasMessage("this agent requires TLS; the coordinator runs with --insecure (drop it there, or start the"
                        + " agent with --insecure too)");
        // the same as raw bytes: a plain hello gets one refusal frame, with nothing about the software
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), a.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(Preamble.agent());
            s.getOutputStream().write(FrameCodec.frame(("{\"type\":\"hello\",\"protocolVersion\":" + Wire.PROTOCOL_VERSION
                    + ",\"coordinatorNonce\":\"" + "ab".repeat(Token.NONCE_BYTES) + "\"}").getBytes(StandardCharsets.UTF_8)));
            byte[] all = s.getInputStream().readNBytes(64 * 1024);
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
            int length = in.readInt();
            assertThat(all).hasSize(4 + length);
            String refusal = new String(all, 4, length, StandardCharsets.UTF_8);
            assertThat(refusal).startsWith("{\"type\":\"refused\"").contains("requires TLS")
                    .doesNotContain(Version.software()).doesNotContain(HostName.get());
        }
    }

    @Test
    void aTlsCoordinatorToAnInsecureAgentIsToldWhy() throws Exception {
        Agent a = start(null, true);
        assertThatThrownBy(() -> AgentClient.connect(at(a.port()), null, 5_000, 10_000))
                .isInstanceOfSatisfying(AgentClient.AgentException.class,
                        e -> assertThat(e.status()).isEqualTo(HostStatus.NOT_AN_AGENT))
                .hasMessageContaining("an agent started with --insecure: then give --insecure here too");
        awaitLog("refused coordinator");
        assertThat(log).anyMatch(l -> l.endsWith("it speaks TLS and this agent runs with --insecure"));
    }

    /** --insecure on both sides: the mesh runs, both warn, and the agent's start line says plain text. */
    @Test
    void insecureOnBothSidesWorksAndWarns(@TempDir Path dir) throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, "correct horse battery staple\n");
        Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
        Agent a = start(TOKEN, true);
        Agent b = start(TOKEN, true);
        assertThat(a.transport()).startsWith("PLAIN TEXT (--insecure)");
        Cli.Run r = Cli.run("mesh", "--hosts", "127.0.0.1:" + a.port() + ",127.0.0.1:" + b.port(), "--token-file",
                tokenFile.toString(), "--insecure", "-t", "0.5", "-O", "0", "-P", "1", "--no-save");
        assertThat(r.exitCode()).as(r.out() + r.err()).isIn(0, 3);
        assertThat(r.out()).contains("agents: 2 of 2 ready").containsPattern("round 1/1: 1 pair, [0-9.]+ [GM]bit/s");
        assertThat(r.errLines()).anyMatch(l -> l.startsWith("warning: --insecure: sessions with the agents travel in plain text"));
        // the agent's own warning comes from its command
        assertThat(agentStartLines(dir, "--insecure")).contains("warning: --insecure: coordinator sessions travel in plain text")
                .contains("PLAIN TEXT (--insecure)");
    }

    @Test
    void theAgentsStartLineShowsThePinOfItsToken(@TempDir Path dir) throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, "correct horse battery staple\n");
        Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
        assertThat(agentStartLines(dir, "--token-file", tokenFile.toString()))
                .contains("TLS 1.3, key " + AgentTls.expectedFingerprint(TOKEN)).doesNotContain("--insecure");
    }

    /** What `wirespeed agent` (a process, on loopback) prints until it listens; then it is stopped. */
    static String agentStartLines(Path dir, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main",
                "agent", "--bind", "127.0.0.1", "-p", "0"));
        cmd.addAll(List.of(options));
        Path out = dir.resolve("agent.out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertThat(Netns.awaitText(out, "agent listening on", p, 60_000))
                    .as(Files.readString(out)).isTrue();
            return Files.readString(out);
        } finally {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private void awaitLog(String text) throws InterruptedException {
        for (int i = 0; i < 200 && log.stream().noneMatch(l -> l.contains(text)); i++) {
            Thread.sleep(25);
        }
    }

    /** Forwards one connection to the agent and keeps what crossed it. */
    static final class Relay implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final ByteArrayOutputStream toAgent = new ByteArrayOutputStream();
        private final ByteArrayOutputStream toCoordinator = new ByteArrayOutputStream();
        private final Thread accepting;
        private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());

        Relay(int agentPort) throws IOException {
            accepting = Thread.ofVirtual().start(() -> {
                try {
                    Socket in = listener.accept();
                    Socket out = new Socket(InetAddress.getLoopbackAddress(), agentPort);
                    sockets.add(in);
                    sockets.add(out);
                    Thread.ofVirtual().start(() -> copy(in, out, toAgent));
                    copy(out, in, toCoordinator);
                } catch (IOException e) {
                    // the test's assertions tell
                }
            });
        }

        int port() {
            return listener.getLocalPort();
        }

        private static void copy(Socket from, Socket to, ByteArrayOutputStream record) {
            byte[] buf = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (record) {
                        record.write(buf, 0, n);
                    }
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // one side closed
            }
        }

        byte[] toAgent() {
            synchronized (toAgent) {
                return toAgent.toByteArray();
            }
        }

        byte[] toCoordinator() {
            synchronized (toCoordinator) {
                return toCoordinator.toByteArray();
            }
        }

        @Override
        public void close() throws Exception {
            listener.close();
            sockets.forEach(s -> {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing
                }
            });
            accepting.join(5_000);
        }
    }
}
