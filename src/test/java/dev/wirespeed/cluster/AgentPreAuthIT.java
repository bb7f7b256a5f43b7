package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.Version;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 item 7: an agent says nothing about its software before authentication, even in plain
 * text (--insecure); over TLS nothing readable travels at all (AgentTlsIT).
 */
@Tag("hostile")
class AgentPreAuthIT {
    @Test
    void theChallengeCarriesNoVersion() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Token token = Token.of("correct horse battery staple", "test");
        try (Agent agent = new Agent(new AgentConfig("127.0.0.1", 0, token, new TestSpec.Limits(8, 30_000), 5_000,
                Path.of("/nonexistent"), FactsSource.sysfs(Path.of("/")), log::add, true))) {
            agent.serveInBackground();
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), agent.port())) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write(Preamble.agent());
                s.getOutputStream().write(FrameCodec.frame(("{\"type\":\"hello\",\"protocolVersion\":"
                        + Wire.PROTOCOL_VERSION + ",\"software\":null,\"coordinatorNonce\":\"" + "ab".repeat(Token.NONCE_BYTES)
                        + "\"}").getBytes(StandardCharsets.UTF_8)));
                DataInputStream in = new DataInputStream(s.getInputStream());
                byte[] frame = new byte[in.readInt()];
                in.readFully(frame);
                String challenge = new String(frame, StandardCharsets.UTF_8);
                assertThat(challenge).contains("\"type\":\"challenge\"").doesNotContain(Version.software())
                        .doesNotContain("wirespeed");
            }
        }
    }
}
