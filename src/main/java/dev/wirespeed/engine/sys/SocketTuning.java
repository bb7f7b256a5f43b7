package dev.wirespeed.engine.sys;

import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/** Applies a test's socket options to a data connection. */
public final class SocketTuning {
    private SocketTuning() {}

    /** Options that must be set before connect (client side): buffers for window scaling, MSS. */
    static void beforeConnect(SocketChannel ch, TestSpec spec) throws IOException {
        buffers(ch, spec);
        tos(ch, spec); // before connect: the SYN and the handshake's ACK carry it too
        if (spec.mssBytes() > 0) {
            NativeSockets.setMaxSegment(ch, spec.mssBytes());
        }
    }

    /** Options set on a connected socket, on either side. */
    public static void afterConnect(SocketChannel ch, TestSpec spec, boolean accepted) throws IOException {
        if (accepted) {
            buffers(ch, spec);
            tos(ch, spec);
            if (spec.tos() != null) {
                NativeSockets.watchReceivedTos(ch);
            }
        }
        ch.setOption(StandardSocketOptions.TCP_NODELAY, spec.noDelay());
        if (spec.congestion() != null) {
            NativeSockets.setCongestion(ch, spec.congestion());
        }
        if (spec.pacingBitsPerSecond() > 0) {
            NativeSockets.setMaxPacingRate(ch, spec.pacingBitsPerSecond());
        }
    }

    /** -S/--dscp: IP_TOS; on an IPv6 socket the JDK sets IPV6_TCLASS, and on Linux IP_TOS as well for IPv4-mapped peers. */
    static void tos(SocketChannel ch, TestSpec spec) throws IOException {
        if (spec.tos() != null) {
            ch.setOption(StandardSocketOptions.IP_TOS, spec.tos());
        }
    }

    private static void buffers(SocketChannel ch, TestSpec spec) throws IOException {
        if (spec.windowBytes() > 0) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, spec.windowBytes());
            ch.setOption(StandardSocketOptions.SO_RCVBUF, spec.windowBytes());
        }
    }
}
