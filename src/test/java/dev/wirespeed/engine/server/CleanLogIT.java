package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Issue 19 item 5: a peer's terminal escapes reach the server log escaped. */
@Tag("hostile")
class CleanLogIT {
    @Test
    void escapesInAMessageTypeAreLoggedEscaped() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, new TestSpec.Limits(4, 10_000),
                2000, log::add))) {
            server.serveInBackground();
            String evilType = "\u001b[2J\u001b]0;owned\u0007\rfake line";
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                s.setSoTimeout(10_000);
                OutputStream o = s.getOutputStream();
                o.write(Preamble.control());
                o.write(FrameCodec.frame(("{\"type\":\"" + evilType.replace("\u001b", "\\u001b")
                        .replace("\u0007", "\\u0007").replace("\r", "\\r") + "\"}").getBytes(StandardCharsets.UTF_8)));
                o.flush();
                assertThat(s.getInputStream().read(new byte[256])).as("server answers or closes").isNotNull();
            } catch (IOException reset) {
                // closed by the server: what the log says is the point
            }
            for (int i = 0; i < 100 && log.stream().noneMatch(l -> l.contains("fake line")); i++) {
                Thread.sleep(50);
            }
        }
        assertThat(log).anyMatch(l -> l.contains("\\x1b[2J\\x1b]0;owned\\x07\\rfake line"));
        assertThat(log).allMatch(l -> l.chars().noneMatch(c -> c < 0x20 || c == 0x7f));
    }
}
