package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * UDP's offloaded path: the sender hands the kernel messages of up to 64 KiB of equal datagrams,
 * each with a UDP_SEGMENT control message (GSO, Linux ≥ 4.18), {@link #SEND_MESSAGES} of them per
 * sendmmsg(2), and the receiver's socket has UDP_GRO on (Linux ≥ 5.0), so each of the up to
 * {@link #RECEIVE_MESSAGES} messages a recvmmsg(2) returns holds several datagrams coalesced, with
 * their segment size in a UDP_GRO control message. Each datagram still carries its own header and
 * sequence number, and
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

    /**
     * GSO messages one sendmmsg(2) carries. A system call costs 1.1–2.5 µs in the project's VM (a PVM
     * guest, where the syscall return, pvm_irq_enable, was 13–15 % of every sender's samples at
     * 8972 B), so at ~130 k GSO sends a second one call per message was a fifth of the sending core;
     * four a call took the 8972 B sender from ~63 to 74–85 Gbit/s received (docs/PERFORMANCE.md,
     * "udp8: four GSO messages a call"). The system properties here are for A/B measurements, not
     * user settings.
     */
    static final int SEND_MESSAGES = Math.max(1, Integer.getInteger("wirespeed.udp.gsoMessages", 4));
    /**
     * GRO reads one recvmmsg(2) asks for: more than the sender's four, so a receiver that fell behind
     * (a time slice lost) catches up in fewer calls. At 8972 B -P 1, 14 interleaved rounds each: with
     * four the receiving socket dropped a median 1.55 % of datagrams, with eight 0.45 % at the same
     * received rate; sixteen (1 MiB of buffers) slowed the whole path to ~63 Gbit/s.
     */
    static final int RECEIVE_MESSAGES = Math.max(1, Integer.getInteger("wirespeed.udp.groMessages", 8));

    private GsoIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "sendmmsg UDP_SEGMENT" : "recvmmsg UDP_GRO";
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
        int messages = SEND_MESSAGES;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate((long) length * segments * messages, 4096);
            UdpStream.fillRandom(data.asByteBuffer());
            // per message one cmsghdr: cmsg_len = CMSG_LEN(sizeof(u16)) exactly, as udp_cmsg_send checks
            MemorySegment control = arena.allocate((long) NativeUdp.CMSG_INT_SPACE * messages, 8);
            for (int k = 0; k < messages; k++) {
                long c = (long) k * NativeUdp.CMSG_INT_SPACE;
                control.set(ValueLayout.JAVA_LONG, c, NativeUdp.CMSG_HEADER_BYTES + 2);
                control.set(ValueLayout.JAVA_INT, c + 8, NativeUdp.SOL_UDP);
                control.set(ValueLayout.JAVA_INT, c + 12, NativeUdp.UDP_SEGMENT);
                control.set(ValueLayout.JAVA_SHORT, c + NativeUdp.CMSG_HEADER_BYTES, (short) length);
            }
            MemorySegment iovs = MmsgIo.iovecs(arena, data, (long) length * segments, messages);
            MemorySegment vec = MmsgIo.vector(arena, iovs, messages, control, NativeUdp.CMSG_INT_SPACE);
            long base = vec.address();
            boolean anySent = false;
            for (int due = s.due(segments * messages); due > 0; due = s.due(segments * messages)) {
                s.stamp(data, length, due);
                int used = lengths(iovs, due, segments, length);
                int n;
                try {
                    n = NativeUdp.sendmmsgQuick(fd, base, used);
                    if (n < 0) { // nothing went: the same send again, this time with its errno
                        n = NativeUdp.sendmmsg(errno, fd, base, used);
                    }
                } catch (Throwable t) {
                    throw new IOException("sendmmsg failed: " + t, t);
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (e == NativeUdp.ECONNREFUSED) {
                        continue; // ICMP from the peer's port for an earlier datagram: the control connection decides
                    }
                    if (!anySent && e == NativeUdp.EINVAL && segments > NativeUdp.UDP_MAX_SEGMENTS) {
                        segments = NativeUdp.UDP_MAX_SEGMENTS; // an older kernel: 64 segments at most
                        MmsgIo.point(iovs, data, (long) length * segments, messages);
                        continue;
                    }
                    if (!anySent && (e == NativeUdp.EINVAL || e == NativeUdp.EIO || e == NativeUdp.EOPNOTSUPP
                            || e == NativeUdp.ENOPROTOOPT || e == EMSGSIZE)) {
                        throw refusedGso(e);
                    }
                    s.check("sendmmsg", e);
                    continue;
                }
                anySent = true;
                // the messages after a failed one did not go: their datagrams keep their numbers for the next call
                s.sent(Math.min(due, n * segments));
            }
        }
    }

    /**
     * Sets the iovec lengths of the first messages to carry {@code due} datagrams of {@code length}
     * bytes, {@code segments} a message (the last may carry fewer); returns how many messages.
     */
    static int lengths(MemorySegment iovs, int due, int segments, int length) {
        int used = 0;
        for (int left = due; left > 0; left -= segments, used++) {
            iovs.set(ValueLayout.JAVA_LONG, (long) used * NativeUdp.IOVEC_BYTES + 8, (long) Math.min(segments, left) * length);
        }
        return used;
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
        int messages = RECEIVE_MESSAGES;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate((long) GRO_READ_BYTES * messages, 4096);
            ByteBuffer buffer = data.asByteBuffer();
            int controlBytes = 2 * NativeUdp.CMSG_INT_SPACE; // UDP_GRO's segment size and SO_RXQ_OVFL's drops
            MemorySegment control = arena.allocate((long) controlBytes * messages, 8);
            MemorySegment iovs = MmsgIo.iovecs(arena, data, GRO_READ_BYTES, messages);
            MemorySegment vec = MmsgIo.vector(arena, iovs, messages, control, controlBytes);
            long base = vec.address();
            UdpReceiveWait wait = s.receiveWait();
            // the side sets closing before it shuts the socket down: no call after that (the descriptor may go)
            while (!s.closing) {
                int n;
                try {
                    n = NativeUdp.recvmmsg(errno, fd, base, messages, wait.flags());
                } catch (Throwable t) {
                    throw new IOException("recvmmsg failed: " + t, t);
                }
                if (n < 0) {
                    int err = NativeSockets.errno(errno);
                    if (err == NativeUdp.EAGAIN) {
                        wait.empty(System.nanoTime()); // polled an empty queue (blocking calls do not return EAGAIN)
                        continue;
                    }
                    if (err != NativeUdp.ECONNREFUSED) {
                        s.check("recvmmsg", err);
                    }
                    continue;
                }
                long arrival = System.nanoTime();
                wait.data();
                boolean ended = n == 0;
                for (int k = 0; k < n; k++) {
                    long m = (long) k * NativeUdp.MMSGHDR_BYTES;
                    int length = vec.get(ValueLayout.JAVA_INT, m + NativeUdp.MMSG_LEN);
                    long controlLength = vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN);
                    vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN, controlBytes); // the kernel set it to what it used
                    long segment = -1;
                    if (controlLength > 0) {
                        MemorySegment own = control.asSlice((long) k * controlBytes, controlBytes);
                        segment = NativeUdp.cmsgInt(own, controlLength, NativeUdp.SOL_UDP, NativeUdp.UDP_GRO);
                        long drops = NativeUdp.cmsgInt(own, controlLength, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL);
                        if (drops >= 0) {
                            s.socketDrops(drops);
                        }
                    }
                    if (length == 0) {
                        ended = true; // shut down by the side (a 0-byte datagram is nobody's data)
                        continue;
                    }
                    s.receivedSegments(buffer, k * GRO_READ_BYTES, length, (int) segment, arrival);
                }
                if (ended && s.closing) {
                    break;
                }
            }
            s.socketDrops(NativeUdp.socketDrops(fd));
        }
    }

    private static Refused refusedGro(int errno) {
        return new Refused("UDP GRO (UDP_GRO socket option) refused (" + NativeSockets.strerror(errno)
                + "); recvmmsg instead");
    }
}
