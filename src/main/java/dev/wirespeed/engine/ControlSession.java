package dev.wirespeed.engine;

import dev.wirespeed.Version;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The client's control connection up to an accepted test: connect, preamble, Hello → Welcome,
 * TestRequest → TestAccepted. The latency and UDP clients start from here; data connections are
 * opened with {@link #openTcpData} or {@link UdpSetup#connect}.
 */
final class ControlSession implements AutoCloseable {
    final InetSocketAddress target;
    final SocketChannel control;
    final FrameCodec codec;
    final BwResult.Peer server;
    final byte[] testId;

    private ControlSession(InetSocketAddress target, SocketChannel control, FrameCodec codec, BwResult.Peer server,
                           byte[] testId) {
        this.target = target;
        this.control = control;
        this.codec = codec;
        this.server = server;
        this.testId = testId;
    }

    static ControlSession open(String host, int port, TestSpec spec, int connectTimeoutMillis,
                               int handshakeTimeoutMillis) throws IOException {
        return open(host, port, spec, connectTimeoutMillis, handshakeTimeoutMillis, null);
    }

    /** @param bind the local address of the control connection (-B), null = the kernel's choice */
    static ControlSession open(String host, int port, TestSpec spec, int connectTimeoutMillis,
                               int handshakeTimeoutMillis, InetAddress bind) throws IOException {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new UnknownHostException("unknown host '" + host + "'");
        }
        InetSocketAddress target = new InetSocketAddress(address, port);
        SocketChannel control = SocketChannel.open();
        try {
            BwClient.bind(control, bind);
            try {
                control.socket().connect(target, connectTimeoutMillis);
            } catch (IOException e) {
                throw new IOException("cannot connect control to " + Io.describe(target) + ": "
                        + Io.reason(e), e);
            }
            control.setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.socket().setSoTimeout(handshakeTimeoutMillis);
            control.socket().getOutputStream().write(Preamble.control());
            FrameCodec codec = new FrameCodec(control.socket().getInputStream(), control.socket().getOutputStream());
            codec.write(new Message.Hello(Wire.PROTOCOL_VERSION, Version.software()));
            Message.Welcome welcome = BwClient.welcome(codec, target);
            BwResult.Peer server = new BwResult.Peer(welcome.host(), address.getHostAddress(), port,
                    welcome.software(), welcome.cores(), welcome.os());
            codec.write(new Message.TestRequest(spec));
            byte[] testId = BwClient.parseTestId(codec.expect(Message.TestAccepted.class).testId());
            return new ControlSession(target, control, codec, server, testId);
        } catch (IOException | RuntimeException e) {
            Io.closeQuietly(control);
            throw e;
        }
    }

    /** Opens data connection {@code index} and presents the test id (TCP latency test). */
    SocketChannel openTcpData(int index, int connectTimeoutMillis) throws IOException {
        return openTcpData(index, connectTimeoutMillis, null);
    }

    /** As {@link #openTcpData(int, int)}, from {@code bind} (-B) when not null. */
    SocketChannel openTcpData(int index, int connectTimeoutMillis, InetAddress bind) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            BwClient.bind(ch, bind);
            ch.socket().connect(target, connectTimeoutMillis);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ByteBuffer preamble = ByteBuffer.wrap(Preamble.data(testId, index));
            while (preamble.hasRemaining()) {
                ch.write(preamble);
            }
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("data connection to " + Io.describe(target) + ": " + Io.reason(e), e);
        }
    }

    @Override
    public void close() {
        Io.closeQuietly(control);
    }
}
