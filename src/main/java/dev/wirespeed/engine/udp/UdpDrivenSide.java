package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.engine.stream.UdpGroup;
import dev.wirespeed.engine.stream.UdpHeader;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.DatagramChannel;
import java.time.Instant;
import java.util.List;

/**
 * One side's UDP streams of a udp-bw test whose control connection speaks another protocol
 * (iperf3): the same {@link UdpGroup} — paced senders, loss/jitter receivers, warm-up and interval
 * sampling — as wirespeed's own tests, driven from outside; the UDP counterpart of {@link TcpDrivenSide}.
 */
public final class UdpDrivenSide extends DrivenSide {
    private final UdpGroup group;
    private final UdpAssembler assembler;

    /**
     * @param client   true on the client: upload streams are the ones this side sends, and its
     *                 receiving (download) streams' intervals are collected for the result
     * @param header   the datagram layout: iperf3's 32-bit counter unless udp_counters_64bit
     * @param listener gets each interval report as it is sampled; may be null
     */
    public UdpDrivenSide(String threadPrefix, List<DatagramChannel> channels, boolean client, TestSpec spec,
                        UdpHeader header, UdpDrivenSideListener listener) {
        this(new UdpGroup(threadPrefix, channels, client, spec, header, null), client, spec, listener);
    }

    private UdpDrivenSide(UdpGroup group, boolean client, TestSpec spec, UdpDrivenSideListener listener) {
        super(group);
        this.group = group;
        this.assembler = new UdpAssembler(spec);
        group.sample(client ? group.intervalNanos() : 0, s -> {
            Message.UdpInterval iv = group.interval(s);
            if (client && iv != null) {
                UdpResult.UdpInterval r = assembler.local(iv);
                if (r != null && listener != null && spec.intervalMillis() > 0) {
                    listener.interval(r);
                }
            }
        });
    }

    /** Client: a UDP socket connected to the server's port, with the test's socket buffers. */
    public static DatagramChannel openClient(InetSocketAddress target, TestSpec spec) throws IOException {
        DatagramChannel ch = DatagramChannel.open(UdpSetup.family(target));
        try {
            UdpSetup.buffers(ch, UdpSetup.bufferBytes(spec));
            UdpSetup.mark(ch, spec, UdpSetup.family(target));
            ch.connect(target);
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Server: a socket on the server's UDP port, connected to the client's socket {@code peer}. */
    public static DatagramChannel openServer(InetSocketAddress localUdp, TestSpec spec, SocketAddress peer)
            throws IOException {
        DatagramChannel ch = UdpSetup.openOnServerPort(localUdp, UdpSetup.bufferBytes(spec));
        try {
            UdpSetup.mark(ch, spec, UdpSetup.family(localUdp));
            ch.connect(peer);
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The server's one-line log of a UDP test, as for wirespeed's own udp-bw tests. */
    public static String summaryLine(TestSpec spec, List<Message.UdpTotal> totals, long wallNanos, String problem) {
        return UdpBwServerPlane.summaryLine(spec, totals, wallNanos, problem);
    }

    /** Payload bytes moved so far by every stream of this side. */
    public long bytes() {
        return group.bytes();
    }

    /** Receivers read on until no datagram came for 50 ms (at most 1 s): the last ones in flight count. */
    public void drainReceivers() {
        group.drainReceivers();
    }

    /**
     * Closes every socket, waits for the threads, and takes the last sample where the data
     * ended: at the last datagram received, or {@code stopNanos} when none was.
     */
    public void close(long stopNanos) {
        group.close(stopNanos);
    }

    /** This side's totals after {@link #close}: warm-up excluded in {@code measured}. */
    public Message.UdpResults results(long stopNanos) {
        return group.results(stopNanos);
    }

    /** The client's result from both sides' totals; {@code remote} is null when the peer sent none. */
    public UdpResult assemble(Instant startedAt, BwResult.Peer server, Message.UdpResults local,
                              Message.UdpResults remote, BwResult.Outcome outcome) {
        return assembler.build(startedAt, server, local, remote, outcome);
    }
}
