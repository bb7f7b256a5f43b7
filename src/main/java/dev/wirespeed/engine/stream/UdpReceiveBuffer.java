package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.Locale;

/**
 * A larger receive buffer for an unpaced UDP receiver, where the host allows it. At {@code -b 0}
 * the sender goes as fast as its core allows, so the receiver's queue is all that absorbs the
 * moments its thread does not run (a time slice lost to another task, a safepoint): at 60 Gbit/s
 * on loopback the 8 MiB the kernel grants for the default 4 MiB request (doubled, socket(7))
 * holds about 1 ms. SO_RCVBUF is capped at net.core.rmem_max (4 MiB on common hosts);
 * SO_RCVBUFFORCE passes the cap for a process with CAP_NET_ADMIN in the socket's network namespace
 * (net/core/sock.c, sk_setsockopt), which is how a root user runs such a test.
 *
 * <p>Only when the user did not set {@code -w} and did not set a rate, and only on the receiving
 * streams; the size shrinks with the streams so the side's total stays near
 * {@link #SIDE_BYTES}. What it did is a note of the side's data path, so the result says which
 * buffer the loss figure was measured with.
 */
final class UdpReceiveBuffer {
    /** socket(7): SO_RCVBUFFORCE (asm-generic/socket.h). */
    static final int SO_RCVBUFFORCE = 33;
    /** The request per stream with few streams: the kernel doubles it (32 MiB, ~4 ms at 65 Gbit/s). */
    static final int STREAM_BYTES = 16 << 20;
    /** The requests of one side's receiving streams together, at most. */
    static final long SIDE_BYTES = 64L << 20;

    private UdpReceiveBuffer() {}

    /**
     * The receive buffer to force for each of {@code receivingStreams} streams of {@code spec}, or 0
     * to leave the socket as it was set up (a set -w or rate, no default request: not a UDP bandwidth
     * test, or so many streams that their share is no more than the default request).
     */
    static int wanted(TestSpec spec, int receivingStreams, int defaultRequestBytes) {
        if (defaultRequestBytes <= 0 || spec.windowBytes() > 0 || spec.rateBitsPerSecond() != 0 || receivingStreams <= 0) {
            return 0;
        }
        long share = Math.min(STREAM_BYTES, SIDE_BYTES / receivingStreams);
        return share > defaultRequestBytes ? (int) share : 0;
    }

    /**
     * Raises {@code channel}'s receive buffer to {@code requestBytes} when it has less: with SO_RCVBUF
     * where net.core.rmem_max allows, else with SO_RCVBUFFORCE. Sizes are requests, as -w gives them
     * (the kernel grants twice a request, socket(7), and the JDK's getOption halves what
     * getsockopt returns on Linux, net_util_md.c, so both read the same). The note of what it got, or
     * null when nothing changed (already that large, no permission to pass the cap, no direct calls).
     */
    static String widen(DatagramChannel channel, int requestBytes) {
        if (requestBytes <= 0) {
            return null;
        }
        try {
            int before = channel.getOption(StandardSocketOptions.SO_RCVBUF);
            if (before >= requestBytes) {
                return null;
            }
            channel.setOption(StandardSocketOptions.SO_RCVBUF, requestBytes);
            int after = channel.getOption(StandardSocketOptions.SO_RCVBUF);
            if (after >= requestBytes) {
                return note(after, false);
            }
            if (!NativeUdp.available()
                    || NativeUdp.setInt(NativeSockets.descriptor(channel), NativeUdp.SOL_SOCKET, SO_RCVBUFFORCE,
                            requestBytes) != 0) {
                return null; // EPERM without CAP_NET_ADMIN: the capped buffer stays, as for any other tool
            }
            int forced = channel.getOption(StandardSocketOptions.SO_RCVBUF);
            return forced > before ? note(forced, true) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The data path's note: the buffer the receiver had (as -w counts it), and how it passed net.core.rmem_max if it did. */
    static String note(int grantedBytes, boolean forced) {
        return "receive buffer: " + mebibytes(grantedBytes) + " at -b 0, as -w counts it ("
                + (forced ? "SO_RCVBUFFORCE past net.core.rmem_max; " : "") + "-w sets it)";
    }

    private static String mebibytes(int bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }
}
