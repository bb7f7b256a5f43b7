package dev.wirespeed.engine.sys;

import dev.wirespeed.io.Io;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * How a UDP data socket joins a test. The client's socket sends the 24-byte data preamble (the
 * same bytes a TCP data connection starts with) as one datagram to the server's port, again every
 * {@link #RETRY_MILLIS} until answered. The server's listener on that port hands it to the test
 * that owns the id, which opens a socket bound to the same port, connects it to the sender's
 * address (as seen by the server, so NAT is no obstacle) and echoes the preamble from it. Linux
 * delivers datagrams to the connected socket, whose 4-tuple matches best, and hellos to the
 * listener. This is the shape of iperf3's UDP setup ("9876" / "6789"), so the iperf3 server can
 * reach the same per-stream sockets.
 */
public final class UdpSetup {
    static final int RETRY_MILLIS = 100;
    /**
     * Socket buffers of udp-bw sockets when -w is not given: a receiver that loses the CPU for a
     * few milliseconds must not lose datagrams for it. Linux caps it at net.core.rmem_max/wmem_max.
     */
    static final int DEFAULT_UDP_BW_BUFFER_BYTES = 4 << 20;

    private UdpSetup() {}

    /** A socket bound to the server's data port, ready to connect (SO_REUSEADDR, as the listener). */
    public static DatagramChannel openOnServerPort(InetSocketAddress serverPort, int bufferBytes) throws IOException {
        DatagramChannel ch = DatagramChannel.open(family(serverPort));
        try {
            ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            buffers(ch, bufferBytes);
            ch.bind(serverPort);
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Client: a socket connected to the server's port whose hello the server has answered. */
    public static DatagramChannel connect(InetSocketAddress target, byte[] testId, int index, int bufferBytes,
                                   int timeoutMillis) throws IOException {
        return connect(target, testId, index, bufferBytes, timeoutMillis, LocalEnd.ANY);
    }

    /** As above, from {@code local} (-B's address, any free port; --bind-dev's interface). */
    public static DatagramChannel connect(InetSocketAddress target, byte[] testId, int index, int bufferBytes,
                                   int timeoutMillis, LocalEnd local) throws IOException {
        return connect(target, testId, index, bufferBytes, timeoutMillis, local, null);
    }

    /**
     * A udp-bw data socket: as above, with the test's buffers and marks ({@link #mark}) set before the
     * hello, so the hello already carries them.
     */
    public static DatagramChannel connect(InetSocketAddress target, byte[] testId, int index, TestSpec spec,
                                   int timeoutMillis, LocalEnd local) throws IOException {
        return connect(target, testId, index, bufferBytes(spec), timeoutMillis, local, spec);
    }

    private static DatagramChannel connect(InetSocketAddress target, byte[] testId, int index, int bufferBytes,
                                           int timeoutMillis, LocalEnd local, TestSpec spec) throws IOException {
        DatagramChannel ch = DatagramChannel.open(family(target));
        try {
            buffers(ch, bufferBytes);
            if (spec != null) {
                mark(ch, spec, family(target));
            }
            local.apply(ch);
            ch.connect(target);
            byte[] hello = Preamble.data(testId, index);
            ByteBuffer answer = ByteBuffer.allocate(hello.length + 1);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            // Non-blocking polling, not a timed receive: a timed receive switches the JDK's socket
            // to non-blocking for good, and every blocking read after it would cost a poll(2) more.
            ch.configureBlocking(false);
            answered:
            while (true) {
                ch.write(ByteBuffer.wrap(hello));
                long retry = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
                while (System.nanoTime() < retry) {
                    answer.clear();
                    try {
                        if (ch.receive(answer) == null) {
                            Thread.sleep(1);
                            continue;
                        }
                    } catch (PortUnreachableException e) {
                        throw new IOException("UDP port " + target.getPort() + " of " + Io.describe(target)
                                + " is unreachable (no wirespeed server, or UDP blocked)");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while setting up UDP stream "
                                + (index + 1));
                    }
                    if (answer.position() == hello.length
                            && Arrays.equals(answer.array(), 0, hello.length, hello, 0, hello.length)) {
                        break answered;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("no answer to UDP stream " + (index + 1) + " from "
                            + Io.describe(target) + " within " + timeoutMillis
                            + " ms (is UDP to that port blocked?)");
                }
            }
            ch.configureBlocking(true);
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Reads stray answers to repeated hellos, so no data loop sees them. */
    public static void drain(DatagramChannel ch) throws IOException {
        ch.configureBlocking(false);
        ByteBuffer sink = ByteBuffer.allocate(Wire.DATA_PREAMBLE_BYTES + 1);
        while (ch.receive(sink) != null) {
            sink.clear();
        }
        ch.configureBlocking(true);
    }

    /** Whether a datagram is a (repeated) hello or its echo, never test data. */
    public static boolean isHello(ByteBuffer datagram, int length) {
        return isHello(datagram, 0, length);
    }

    /** {@link #isHello(ByteBuffer, int)} of the datagram at index {@code at} (one of a batch a receive returned). */
    public static boolean isHello(ByteBuffer datagram, int at, int length) {
        return length == Wire.DATA_PREAMBLE_BYTES && datagram.get(at) == Wire.MAGIC[0]
                && datagram.get(at + 1) == Wire.MAGIC[1] && datagram.get(at + 2) == Wire.MAGIC[2]
                && datagram.get(at + 3) == Wire.MAGIC[3];
    }

    /** The id and stream of a hello datagram, or null when it is not one of this protocol version. */
    static Preamble.DataHeader parseHello(ByteBuffer datagram, int length) {
        if (!isHello(datagram, length) || (datagram.get(4) & 0xff) != Wire.PROTOCOL_VERSION
                || datagram.get(5) != Wire.KIND_DATA) {
            return null;
        }
        byte[] id = new byte[Wire.TEST_ID_BYTES];
        datagram.get(6, id);
        int index = ((datagram.get(Wire.DATA_PREAMBLE_BYTES - 2) & 0xff) << 8)
                | (datagram.get(Wire.DATA_PREAMBLE_BYTES - 1) & 0xff);
        return new Preamble.DataHeader(HexFormat.of().formatHex(id), index);
    }

    /** SO_SNDBUF/SO_RCVBUF for the data sockets of a test: -w, else 4 MiB for udp-bw, else the kernel's. */
    public static int bufferBytes(TestSpec spec) {
        if (spec.windowBytes() > 0) {
            return spec.windowBytes();
        }
        return spec.testMode() == TestMode.UDP_BW ? DEFAULT_UDP_BW_BUFFER_BYTES : 0;
    }

    /**
     * The test's marks on a UDP data socket of either side: -S/--dscp's TOS byte (IPv6: the traffic
     * class, which the JDK sets with IP_TOS on an INET6 socket) and --dont-fragment's PMTUDISC_DO.
     */
    public static void mark(DatagramChannel ch, TestSpec spec, StandardProtocolFamily family) throws IOException {
        if (spec.tos() != null) {
            ch.setOption(StandardSocketOptions.IP_TOS, spec.tos());
        }
        if (spec.dontFragment()) {
            NativeSockets.setDontFragment(ch, family == StandardProtocolFamily.INET6);
        }
    }

    public static void buffers(DatagramChannel ch, int bufferBytes) throws IOException {
        if (bufferBytes > 0) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, bufferBytes);
            ch.setOption(StandardSocketOptions.SO_RCVBUF, bufferBytes);
        }
    }

    public static StandardProtocolFamily family(InetSocketAddress a) {
        return a.getAddress() instanceof Inet6Address ? StandardProtocolFamily.INET6
                : StandardProtocolFamily.INET;
    }

    /** The server's socket on its port that receives hellos. */
    public static final class Listener implements AutoCloseable {
        /** Called for every valid hello with the test id, stream index and sender. */
        public interface HelloHandler {
            void hello(Preamble.DataHeader header, SocketAddress from);

            /** As above, with the TOS / traffic class the hello arrived with (null: not read). */
            default void hello(Preamble.DataHeader header, SocketAddress from, Integer tos) {
                hello(header, from);
            }

            /** Any other datagram (an iperf3 client's UDP hello); {@code datagram} is reused after the call. */
            default void other(ByteBuffer datagram, int length, SocketAddress from) {}
        }

        private final DatagramChannel channel;
        private final InetSocketAddress local;
        /** Reads each hello's TOS before the hello is read (-S/--dscp's report); null where unavailable. */
        private volatile HelloTos tos;

        public Listener(InetSocketAddress bind) throws IOException {
            channel = DatagramChannel.open();
            try {
                channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                channel.bind(bind);
                local = (InetSocketAddress) channel.getLocalAddress();
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        public InetSocketAddress localAddress() {
            return local;
        }

        public void start(HelloHandler handler) {
            Thread.ofPlatform().name("ws-udp-listener").daemon(true).start(() -> {
                // the UDP calls' handles and their first invocations (~150 ms on a cold JVM) now, not after the first test's Start:
                // made there, they delayed the server's clock and its first receiver's rate read high
                NativeUdp.warmUp();
                HelloTos peek = channel.isOpen() ? HelloTos.open(channel) : null;
                tos = peek;
                if (!channel.isOpen() && peek != null) {
                    peek.wake(); // closed while it opened: close() may have missed it
                }
                ByteBuffer buffer = ByteBuffer.allocate(2048);
                try {
                    while (channel.isOpen()) {
                        try {
                            Integer seen = peek == null ? null : peek.peek();
                            buffer.clear();
                            SocketAddress from = channel.receive(buffer);
                            Preamble.DataHeader h = parseHello(buffer, buffer.position());
                            if (h != null) {
                                handler.hello(h, from, seen);
                            } else if (from != null) {
                                handler.other(buffer, buffer.position(), from);
                            }
                        } catch (IOException | RuntimeException e) {
                            if (!channel.isOpen()) {
                                return;
                            }
                        }
                    }
                } finally {
                    if (peek != null) {
                        peek.release();
                    }
                }
            });
        }

        @Override
        public void close() {
            HelloTos peek = tos;
            if (peek != null) {
                peek.wake();
            }
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing is best effort
            }
        }
    }
}
