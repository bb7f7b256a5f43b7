package dev.wirespeed.engine;

import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/** Applies a test's socket options to a data connection. */
final class SocketTuning {
    private SocketTuning() {}

    /** Options that must be set before connect (client side): buffers for window scaling, MSS. */
    static void beforeConnect(SocketChannel ch, TestSpec spec) throws IOException {
        buffers(ch, spec);
        if (spec.mssBytes() > 0) {
            NativeSockets.setMaxSegment(ch, spec.mssBytes());
        }
    }

    /** Options set on a connected socket, on either side. */
    static void afterConnect(SocketChannel ch, TestSpec spec, boolean accepted) throws IOException {
        if (accepted) {
            buffers(ch, spec);
        }
        ch.setOption(StandardSocketOptions.TCP_NODELAY, spec.noDelay());
        if (spec.congestion() != null) {
            NativeSockets.setCongestion(ch, spec.congestion());
        }
    }

    private static void buffers(SocketChannel ch, TestSpec spec) throws IOException {
        if (spec.windowBytes() > 0) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, spec.windowBytes());
            ch.setOption(StandardSocketOptions.SO_RCVBUF, spec.windowBytes());
        }
    }
}
