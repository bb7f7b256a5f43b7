package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * UDP's batched path where GSO/GRO are not: sendmmsg(2) and recvmmsg(2) move up to {@link #BATCH}
 * datagrams per call, each in its own slot of one buffer with its own header and sequence number
 * (Linux ≥ 3.0). The kernel still handles every datagram alone; the calls save the per-datagram
 * system call. Refused (→ {@link DatagramIo}) when direct calls are unavailable, when the kernel
 * lacks the call (ENOSYS), or for tests by {@code wirespeed.test.refuse=sendmmsg,recvmmsg}.
 */
final class MmsgIo implements StreamIo<UdpStream> {
    static final MmsgIo INSTANCE = new MmsgIo();
    /** Datagrams per call, at most (fewer when they are long: {@link #BATCH_BYTES}). */
    static final int BATCH = 64;
    /** Bytes of one batch's slots, at most: 64 datagrams of 1472 B fit; 64 KiB datagrams go 4 at a time. */
    static final int BATCH_BYTES = 256 * 1024;

    private MmsgIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "sendmmsg" : "recvmmsg";
    }

    static int batch(int slotBytes) {
        return Math.clamp(BATCH_BYTES / slotBytes, 1, BATCH);
    }

    private static Refused refused(String call, int errno) {
        return new Refused(call + " refused (" + NativeSockets.strerror(errno) + "); DatagramChannel instead");
    }

    /** {@code count} iovecs, message i's pointing at slot i of {@code data} ({@link #point}). */
    static MemorySegment iovecs(Arena arena, MemorySegment data, long slotBytes, int count) {
        MemorySegment iovs = arena.allocate((long) NativeUdp.IOVEC_BYTES * count, 8);
        point(iovs, data, slotBytes, count);
        return iovs;
    }

    /**
     * Points iovec i at {@code data} + i × {@code slotBytes}, {@code slotBytes} long (a GSO sender
     * sets the lengths it sends per call, {@link GsoIo#lengths}).
     */
    static void point(MemorySegment iovs, MemorySegment data, long slotBytes, int count) {
        for (int i = 0; i < count; i++) {
            long iov = (long) i * NativeUdp.IOVEC_BYTES;
            iovs.set(ValueLayout.JAVA_LONG, iov, data.address() + i * slotBytes);
            iovs.set(ValueLayout.JAVA_LONG, iov + 8, slotBytes);
        }
    }

    /**
     * The mmsghdr vector: message i's one iovec is iovec i of {@code iovs} (the caller keeps them, to
     * change where they point or how long they are); control areas of {@code controlBytes} when not null.
     */
    static MemorySegment vector(Arena arena, MemorySegment iovs, int count, MemorySegment control, int controlBytes) {
        MemorySegment vec = arena.allocate((long) NativeUdp.MMSGHDR_BYTES * count, 8);
        for (int i = 0; i < count; i++) {
            long m = (long) i * NativeUdp.MMSGHDR_BYTES;
            vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_IOV, iovs.address() + (long) i * NativeUdp.IOVEC_BYTES);
            vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_IOVLEN, 1);
            if (control != null) {
                vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROL, control.address() + (long) i * controlBytes);
                vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN, controlBytes);
            }
        }
        return vec;
    }

    @Override
    public void send(UdpStream s) throws IOException {
        if (DataStream.refusedForTest("sendmmsg")) {
            throw refused("sendmmsg", NativeUdp.ENOSYS);
        }
        int fd = s.descriptor();
        int length = s.datagramBytes();
        int batch = batch(length);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate((long) length * batch, 4096);
            ByteBuffer buffer = data.asByteBuffer();
            UdpStream.fillRandom(buffer);
            MemorySegment vec = vector(arena, iovecs(arena, data, length, batch), batch, null, 0);
            long base = vec.address();
            boolean anySent = false;
            for (int due = s.due(batch); due > 0; due = s.due(batch)) {
                s.stamp(data, length, due);
                int done = 0;
                while (done < due) {
                    int n;
                    try {
                        n = NativeUdp.sendmmsg(errno, fd, base + (long) done * NativeUdp.MMSGHDR_BYTES, due - done);
                    } catch (Throwable t) {
                        throw new IOException("sendmmsg failed: " + t, t);
                    }
                    if (n < 0) {
                        int e = NativeSockets.errno(errno);
                        if (e == NativeUdp.ECONNREFUSED) {
                            continue;
                        }
                        if (!anySent && e == NativeUdp.ENOSYS) {
                            throw refused("sendmmsg", e);
                        }
                        s.check("sendmmsg", e);
                        if (s.closing) {
                            return;
                        }
                        continue;
                    }
                    anySent = true;
                    done += n;
                    s.sent(n); // the rest of the batch keeps the numbers it was stamped with
                }
            }
        }
    }

    @Override
    public void receive(UdpStream s) throws IOException {
        if (DataStream.refusedForTest("recvmmsg")) {
            throw refused("recvmmsg", NativeUdp.ENOSYS);
        }
        int fd = s.descriptor();
        NativeUdp.setInt(fd, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL, 1);
        // one slot more than a datagram, so a longer one (not this test's) shows as truncated, not as ours
        int slot = (s.datagramBytes() + 64) & ~63;
        int batch = batch(slot);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment data = arena.allocate((long) slot * batch, 4096);
            ByteBuffer buffer = data.asByteBuffer();
            int controlBytes = NativeUdp.CMSG_INT_SPACE;
            MemorySegment control = arena.allocate((long) controlBytes * batch, 8);
            MemorySegment vec = vector(arena, iovecs(arena, data, slot, batch), batch, control, controlBytes);
            long base = vec.address();
            UdpReceiveWait wait = s.receiveWait();
            // the side sets closing before it shuts the socket down: no call after that (the descriptor may go)
            while (!s.closing) {
                int n;
                try {
                    n = NativeUdp.recvmmsg(errno, fd, base, batch, wait.flags());
                } catch (Throwable t) {
                    throw new IOException("recvmmsg failed: " + t, t);
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (e == NativeUdp.EAGAIN) {
                        wait.empty(System.nanoTime()); // polled an empty queue (blocking calls do not return EAGAIN)
                        continue;
                    }
                    if (e == NativeUdp.ENOSYS && s.counter().bytes() == 0) {
                        throw refused("recvmmsg", e);
                    }
                    if (e != NativeUdp.ECONNREFUSED) {
                        s.check("recvmmsg", e);
                    }
                    continue;
                }
                long arrival = System.nanoTime();
                wait.data();
                boolean ended = n == 0;
                for (int i = 0; i < n; i++) {
                    long m = (long) i * NativeUdp.MMSGHDR_BYTES;
                    int length = vec.get(ValueLayout.JAVA_INT, m + NativeUdp.MMSG_LEN);
                    long controlLength = vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN);
                    if (controlLength > 0) {
                        long drops = NativeUdp.cmsgInt(control.asSlice((long) i * controlBytes, controlBytes),
                                controlLength, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL);
                        if (drops >= 0) {
                            s.socketDrops(drops);
                        }
                    }
                    vec.set(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN, controlBytes); // the kernel set it to what it used
                    if (length == 0) {
                        ended = true; // shut down by the side (a 0-byte datagram is nobody's data)
                        continue;
                    }
                    s.received(buffer, i * slot, Math.min(length, slot), arrival);
                }
                if (ended && s.closing) {
                    break;
                }
            }
            s.socketDrops(NativeUdp.socketDrops(fd));
        }
    }
}
