package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * UDP's offloaded path: the sender hands the kernel up to 64 KiB of equal datagrams per sendmsg(2)
 * with a UDP_SEGMENT control message (GSO, Linux ≥ 4.18), and the receiver's socket has UDP_GRO on
 * (Linux ≥ 5.0), so one recvmsg(2) returns several datagrams coalesced, with their segment size in
 * a UDP_GRO control message. Each datagram still carries its own header and sequence number, and
 * the receiver splits what a call returned by the segment size and counts each datagram
 * ({@link UdpStream#receivedSegments}), so loss and reordering stay exact.
 *
 * <p>Refused (→ {@link MmsgIo}) when direct calls are unavailable, when the kernel refuses the
 * socket option or the first GSO send (no UDP_SEGMENT, a segment larger than the path's MTU
 * allows, a device without checksum offload), or for tests by {@code wirespeed.test.refuse=gso,gro}.
 */
final class GsoIo implements StreamIo<UdpStream> {
    static final GsoIo INSTANCE = new GsoIo();
    /** One GRO read: the largest coalesced datagram (the UDP length field's 64 KiB). */
    static final int GRO_READ_BYTES = 64 * 1024;
    private static final int EMSGSIZE = 90;

    private GsoIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "sendmsg UDP_SEGMENT" : "recvmsg UDP_GRO";
    }

    private static Refused refusedGso(int errno) {
        return new Refused("UDP GSO (sendmsg UDP_SEGMENT) refused (" + NativeSockets.strerror(errno)
                + "); sendmmsg instead");
    }

    @Override
    public void send(UdpStream s) throws IOException {
        if (DataStream.refusedForTest("gso")) {
            throw refusedGso(NativeUdp.EOPNOTSUPP);
        }
        int fd = s.descriptor();
        int length = s.datagramBytes();
        // small datagrams: try the newer kernels' 128 segments a call, step down to 64 if refused
        int segments = NativeUdp.gsoSegments(length, NativeUdp.UDP_MAX_SEGMENTS_NEW);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate((long) length * segments, 4096);
            ByteBuffer buffer = data.asByteBuffer();
            UdpStream.fillRandom(buffer);
            MemorySegment iov = arena.allocate(NativeUdp.IOVEC_BYTES, 8);
            iov.set(ValueLayout.JAVA_LONG, 0, data.address());
            // one cmsghdr: cmsg_len = CMSG_LEN(sizeof(u16)) exactly, as udp_cmsg_send checks
            MemorySegment control = arena.allocate(NativeUdp.CMSG_INT_SPACE, 8);
            control.set(ValueLayout.JAVA_LONG, 0, NativeUdp.CMSG_HEADER_BYTES + 2);
            control.set(ValueLayout.JAVA_INT, 8, NativeUdp.SOL_UDP);
            control.set(ValueLayout.JAVA_INT, 12, NativeUdp.UDP_SEGMENT);
            control.set(ValueLayout.JAVA_SHORT, NativeUdp.CMSG_HEADER_BYTES, (short) length);
            MemorySegment msg = arena.allocate(NativeUdp.MSGHDR_BYTES, 8);
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOV, iov.address());
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOVLEN, 1);
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROL, control.address());
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN, NativeUdp.CMSG_INT_SPACE);
            long msgAddress = msg.address();
            boolean anySent = false;
            for (int due = s.due(segments); due > 0; due = s.due(segments)) {
                s.stamp(data, length, due);
                iov.set(ValueLayout.JAVA_LONG, 8, (long) due * length);
                long n;
                try {
                    n = NativeUdp.sendmsgQuick(fd, msgAddress);
                    if (n < 0) { // nothing went: the same send again, this time with its errno
                        n = NativeUdp.sendmsg(errno, fd, msgAddress);
                    }
                } catch (Throwable t) {
                    throw new IOException("sendmsg failed: " + t, t);
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (e == NativeUdp.ECONNREFUSED) {
                        continue; // ICMP from the peer's port for an earlier datagram: the control connection decides
                    }
                    if (!anySent && e == NativeUdp.EINVAL && due > NativeUdp.UDP_MAX_SEGMENTS) {
                        segments = NativeUdp.UDP_MAX_SEGMENTS; // an older kernel: 64 segments at most
                        continue;
                    }
                    if (!anySent && (e == NativeUdp.EINVAL || e == NativeUdp.EIO || e == NativeUdp.EOPNOTSUPP
                            || e == NativeUdp.ENOPROTOOPT || e == EMSGSIZE)) {
                        throw refusedGso(e);
                    }
                    s.check("sendmsg", e);
                    continue;
                }
                anySent = true;
                s.sent(due);
            }
        }
    }

    @Override
    public void receive(UdpStream s) throws IOException {
        if (DataStream.refusedForTest("gro")) {
            throw refusedGro(NativeUdp.ENOPROTOOPT);
        }
        int fd = s.descriptor();
        int e = NativeUdp.setInt(fd, NativeUdp.SOL_UDP, NativeUdp.UDP_GRO, 1);
        if (e != 0) {
            throw refusedGro(e);
        }
        NativeUdp.setInt(fd, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL, 1); // drops: the end's SO_MEMINFO without it
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate(GRO_READ_BYTES, 4096);
            ByteBuffer buffer = data.asByteBuffer();
            MemorySegment iov = arena.allocate(NativeUdp.IOVEC_BYTES, 8);
            iov.set(ValueLayout.JAVA_LONG, 0, data.address());
            iov.set(ValueLayout.JAVA_LONG, 8, GRO_READ_BYTES);
            long controlBytes = 2L * NativeUdp.CMSG_INT_SPACE;
            MemorySegment control = arena.allocate(controlBytes, 8);
            MemorySegment msg = arena.allocate(NativeUdp.MSGHDR_BYTES, 8);
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOV, iov.address());
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOVLEN, 1);
            msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROL, control.address());
            long msgAddress = msg.address();
            UdpReceiveWait wait = s.receiveWait();
            // the side sets closing before it shuts the socket down: no call after that (the descriptor may go)
            while (!s.closing) {
                msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN, controlBytes);
                long n;
                try {
                    n = NativeUdp.recvmsg(errno, fd, msgAddress, wait.flags());
                } catch (Throwable t) {
                    throw new IOException("recvmsg failed: " + t, t);
                }
                if (n < 0) {
                    int err = NativeSockets.errno(errno);
                    if (err == NativeUdp.EAGAIN) {
                        wait.empty(System.nanoTime()); // polled an empty queue (blocking calls do not return EAGAIN)
                        continue;
                    }
                    if (err != NativeUdp.ECONNREFUSED) {
                        s.check("recvmsg", err);
                    }
                    continue;
                }
                if (n == 0) {
                    if (s.closing) { // shut down by the side (a 0-byte datagram is nobody's data)
                        break;
                    }
                    continue;
                }
                long arrival = System.nanoTime();
                wait.data();
                long controlLength = msg.get(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN);
                long segment = -1;
                if (controlLength > 0) {
                    segment = NativeUdp.cmsgInt(control, controlLength, NativeUdp.SOL_UDP, NativeUdp.UDP_GRO);
                    long drops = NativeUdp.cmsgInt(control, controlLength, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL);
                    if (drops >= 0) {
                        s.socketDrops(drops);
                    }
                }
                s.receivedSegments(buffer, (int) n, (int) segment, arrival);
            }
            s.socketDrops(NativeUdp.socketDrops(fd));
        }
    }

    private static Refused refusedGro(int errno) {
        return new Refused("UDP GRO (UDP_GRO socket option) refused (" + NativeSockets.strerror(errno)
                + "); recvmmsg instead");
    }
}
