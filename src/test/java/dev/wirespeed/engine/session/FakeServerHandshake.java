package dev.wirespeed.engine.session;

import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;

/** The server's half of the handshake, for fake servers in tests: up to TestAccepted, nothing checked. */
final class FakeServerHandshake {
    static final String TEST_ID = "00112233445566778899aabbccddeeff";

    private FakeServerHandshake() {}

    /** Reads the preamble and Hello, welcomes as {@code name}, accepts the test request. */
    static FrameCodec acceptTest(SocketChannel control, String name) throws IOException {
        DataInputStream in = new DataInputStream(control.socket().getInputStream());
        in.readFully(new byte[Wire.PREAMBLE_BYTES]);
        FrameCodec codec = new FrameCodec(in, control.socket().getOutputStream());
        codec.expect(Message.Hello.class);
        codec.write(new Message.Welcome(1, name, name, 1, "test", 1, 60_000));
        codec.expect(Message.TestRequest.class);
        codec.write(new Message.TestAccepted(TEST_ID));
        return codec;
    }
}
