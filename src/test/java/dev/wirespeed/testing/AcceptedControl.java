package dev.wirespeed.testing;

import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.HexFormat;

/**
 * A control connection to a server on 127.0.0.1 whose test the server accepted, spoken by hand
 * (docs/PROTOCOL.md): the control preamble, Hello → Welcome, TestRequest → TestAccepted. What
 * follows is the test's own: data connections ({@link #data}), Ready, Start, heartbeats, or a close
 * at a moment a real client would not choose.
 */
public final class AcceptedControl implements AutoCloseable {
    private final int port;
    private final Socket socket;
    private final FrameCodec codec;
    private final byte[] testId;

    private AcceptedControl(int port, Socket socket, FrameCodec codec, byte[] testId) {
        this.port = port;
        this.socket = socket;
        this.codec = codec;
        this.testId = testId;
    }

    /** {@link #open(int, String, TestSpec, int)} with reads that give up after 10 s. */
    public static AcceptedControl open(int port, String software, TestSpec spec) throws IOException {
        return open(port, software, spec, 10_000);
    }

    /**
     * Connects, says Hello as {@code software}, asks for {@code spec}; returns once the server
     * accepted it. Every read on the control connection gives up after {@code readTimeoutMillis}.
     */
    public static AcceptedControl open(int port, String software, TestSpec spec, int readTimeoutMillis)
            throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        try {
            socket.setSoTimeout(readTimeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(Preamble.control());
            FrameCodec codec = new FrameCodec(socket.getInputStream(), out);
            codec.write(new Message.Hello(Wire.PROTOCOL_VERSION, software));
            codec.expect(Message.Welcome.class);
            codec.write(new Message.TestRequest(spec));
            byte[] id = HexFormat.of().parseHex(codec.expect(Message.TestAccepted.class).testId());
            return new AcceptedControl(port, socket, codec, id);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** Opens the test's data connection {@code stream}: its preamble sent, nothing more. */
    public Socket data(int stream) throws IOException {
        Socket data = new Socket(InetAddress.getLoopbackAddress(), port);
        try {
            data.getOutputStream().write(Preamble.data(testId, stream));
            return data;
        } catch (IOException e) {
            data.close();
            throw e;
        }
    }

    /** The frames of the control connection from here on (Ready, Start, Heartbeat, Stop, Results …). */
    public FrameCodec codec() {
        return codec;
    }

    /** The control connection itself, for its read timeout. */
    public Socket socket() {
        return socket;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
