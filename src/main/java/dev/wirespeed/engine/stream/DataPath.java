package dev.wirespeed.engine.stream;

import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * How a test asks its bytes to move, and the {@link StreamIo}s that follow from it: {@code zeroCopy}
 * (-Z) sends with sendfile(2) from a file of random bytes, so the sender copies nothing;
 * {@code skipRxCopy} (--skip-rx-copy) receives with MSG_TRUNC, so the receiver discards bytes in the
 * kernel. Which calls actually ran (a mechanism may be missing) is recorded per stream
 * ({@link StreamLoop#callUsed()}) and reported as the result's {@code dataPath}.
 *
 * <p>A new data path is a {@link StreamIo} class, a field here with its line in {@link #tcp()} (or
 * {@link #udp()}), the {@link TestSpec} field it comes from, and the command-line flag that sets that
 * field (docs/ARCHITECTURE.md, "How to add a data path").
 */
public record DataPath(boolean zeroCopy, boolean skipRxCopy, boolean batchWakeups) {
    public static final DataPath DEFAULT = new DataPath(false, false, false);

    /** What a test asks for; each side of the test honours it for its own streams. */
    public static DataPath of(TestSpec spec) {
        return new DataPath(spec.zeroCopy(), spec.skipRxCopy(), false);
    }

    /**
     * The same, for wirespeed's own protocol, where every sender ends its streams with a FIN
     * (shutdown after its last byte): there a fast receiver may wait for whole buffers
     * ({@link ReceiveWake}), since the FIN releases a reader still waiting for a last, short one.
     * Not for iperf3's protocol: an iperf3 sender may leave its streams open after the last byte
     * (-n), and a reader waiting for a whole buffer would hold those bytes back from the count.
     * Not with -w either: the fixed socket buffer may never hold a whole read. And with
     * --skip-rx-copy only for a single connection: a receiver that discards with MSG_TRUNC has
     * almost no work of its own, and when it wakes often it takes the TCP receive processing queued
     * on its socket onto its own CPU; left asleep with two streams or more, the senders' CPUs did all
     * of it (2.4 CPU-s each against 1.0) and moved 20 % less (docs/PERFORMANCE.md, "Receiver wake-ups").
     */
    public static DataPath endingWithFin(TestSpec spec) {
        boolean batch = spec.windowBytes() == 0 && RECEIVE_WAKE && (!spec.skipRxCopy() || spec.connections() == 1);
        return new DataPath(spec.zeroCopy(), spec.skipRxCopy(), batch);
    }

    /** -Dwirespeed.receiveWake=false turns {@link ReceiveWake} off, for A/B runs of the bench (WS_JAVA_OPTS). */
    private static final boolean RECEIVE_WAKE = !"false".equals(System.getProperty("wirespeed.receiveWake"));

    /**
     * The ways a TCP stream may move its bytes, best first: each io serves one direction or both,
     * and one refused falls back to the next (sendfile → write, MSG_TRUNC → read, and every direct
     * call → the SocketChannel).
     */
    List<StreamIo<DataStream>> tcp() {
        List<StreamIo<DataStream>> ios = new ArrayList<>(4);
        if (zeroCopy) {
            ios.add(SendfileIo.INSTANCE);
        }
        if (skipRxCopy) {
            ios.add(RecvTruncIo.INSTANCE);
        }
        ios.add(WriteIo.INSTANCE);
        ios.add(ChannelIo.INSTANCE);
        return ios;
    }

    /**
     * The ways a UDP stream may move its datagrams, best first: GSO sends and GRO receives, else
     * sendmmsg/recvmmsg, else one DatagramChannel call per datagram. Not a choice of the test: each
     * side takes the best its kernel serves, and says so in {@code dataPath}.
     */
    List<StreamIo<UdpStream>> udp() {
        return UDP;
    }

    private static final List<StreamIo<UdpStream>> UDP = List.of(GsoIo.INSTANCE, MmsgIo.INSTANCE, DatagramIo.INSTANCE);
}
