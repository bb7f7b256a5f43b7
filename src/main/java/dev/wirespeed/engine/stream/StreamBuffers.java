package dev.wirespeed.engine.stream;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The memory behind a TCP stream's write(2) and read(2) calls, shared between the streams of a
 * process (docs/PERFORMANCE.md, "-l 16M with many streams").
 *
 * <p>Each stream used to allocate (and so zero) its own buffer of -l bytes, and a sender also
 * filled its own: {@code -P 32 -l 16M} touched 1 GiB in the client and 0.5 GiB in the server
 * before a byte moved, {@code -P 128 --bidir -l 16M} 4 GiB on each side. Where fresh memory is
 * slow to fault in (0.2 GiB/s measured in the project's VM, which hands freed pages back to its
 * host) the test's seconds went by in page faults: 0.08–0.75 Gbit/s against 44 at -l 1M, and a
 * client whose own threads stalled past the server's 10 s of patience. The bytes are filler on
 * the way out and dropped on the way in, so streams need not own them:
 * <ul>
 * <li>senders share one {@link #filler} per process, as large as the largest -l in use, filled
 * once; write(2) only reads it.</li>
 * <li>receivers share {@link #SINKS} {@link #sink}s, taken in turn; read(2) writes into them and
 * nobody reads them back. Two receivers on two cores may write the same lines at once, which costs
 * a little cache traffic and changes no count.</li>
 * </ul>
 * Each region is mapped untouched (a read faults in only what it fills) and unmapped when its
 * last stream leaves, so the server's RSS still falls back after a test. Without native calls
 * the regions come from a shared arena (zeroed).
 */
public final class StreamBuffers {
    private static final int PROT_READ = 0x1;
    private static final int PROT_WRITE = 0x2;
    private static final int MAP_PRIVATE = 0x02;
    /** asm-generic/mman-common.h (x86-64 and arm64 alike). */
    private static final int MAP_ANONYMOUS = 0x20;
    private static final long PAGE_BYTES = 4096;
    /** Receive regions: two per core, at least four, so that concurrent reads seldom share one. */
    static final int SINKS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle MEMCPY;

    static {
        MethodHandle map = null;
        MethodHandle unmap = null;
        MethodHandle copy = null;
        try {
            Linker linker = Linker.nativeLinker();
            var libc = linker.defaultLookup();
            map = linker.downcallHandle(libc.find("mmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            unmap = linker.downcallHandle(libc.find("munmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
            copy = linker.downcallHandle(libc.find("memcpy").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        } catch (RuntimeException | Error e) {
            map = null; // no native access: shared arenas allocate instead
            copy = null;
        }
        MMAP = map;
        MUNMAP = unmap;
        MEMCPY = copy;
    }

    /** One slot's region and the streams that hold it; the slot's next holder may need a larger one. */
    private static final class Region {
        final MemorySegment segment;
        final Arena arena;
        int holders;

        Region(MemorySegment segment, Arena arena) {
            this.segment = segment;
            this.arena = arena;
        }
    }

    /** A stream's hold on a shared region: {@link #segment()} until {@link #close()}. */
    static final class Lease implements AutoCloseable {
        private final Slots slots;
        private final int slot;
        private final Region region;
        private final MemorySegment segment;
        private boolean open = true;

        private Lease(Slots slots, int slot, Region region, long bytes) {
            this.slots = slots;
            this.slot = slot;
            this.region = region;
            this.segment = region.segment.asSlice(0, bytes);
        }

        MemorySegment segment() {
            return segment;
        }

        @Override
        public void close() {
            if (open) {
                open = false;
                slots.release(slot, region);
            }
        }
    }

    /** A fixed number of shared regions, handed out in turn. */
    private static final class Slots {
        private final Region[] current;
        private final boolean filled;
        private int next;

        Slots(int count, boolean filled) {
            this.current = new Region[count];
            this.filled = filled;
        }

        synchronized Lease take(long bytes) {
            int slot = next;
            next = (next + 1) % current.length;
            Region r = current[slot];
            if (r == null || r.segment.byteSize() < bytes) {
                // a larger -l than this slot's: a new region; the old one goes when its holders leave
                Arena arena = Arena.ofShared();
                MemorySegment segment = untouched(arena, bytes);
                if (filled) {
                    fill(segment);
                }
                if (r != null && r.holders == 0) {
                    r.arena.close();
                }
                r = new Region(segment, arena);
                current[slot] = r;
            }
            r.holders++;
            return new Lease(this, slot, r, bytes);
        }

        synchronized void release(int slot, Region r) {
            r.holders--;
            if (r.holders == 0) {
                if (current[slot] == r) {
                    current[slot] = null;
                }
                r.arena.close();
            }
        }

        synchronized int mapped() {
            int n = 0;
            for (Region r : current) {
                n += r == null ? 0 : 1;
            }
            return n;
        }
    }

    private static final Slots FILLERS = new Slots(1, true);
    private static final Slots SINK_SLOTS = new Slots(SINKS, false);

    private StreamBuffers() {}

    /**
     * At least {@code bytes} of random filler, shared with every other sender of this process; never
     * written to. Close it when the stream ends.
     */
    static Lease filler(long bytes) {
        return FILLERS.take(bytes);
    }

    /**
     * At least {@code bytes} to read into, shared with other receivers of this process: what lands
     * there is never read back. Close it when the stream ends.
     */
    static Lease sink(long bytes) {
        return SINK_SLOTS.take(bytes);
    }

    /** Regions mapped now, fillers and sinks (tests: none once every stream has left). */
    public static int mappedRegions() {
        return FILLERS.mapped() + SINK_SLOTS.mapped();
    }

    /**
     * {@code bytes} of page-aligned memory that no page of is touched until used, unmapped when
     * {@code arena} closes; the arena's own (zeroed, so touched) allocation without native calls.
     */
    static MemorySegment untouched(Arena arena, long bytes) {
        long length = (bytes + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES;
        if (MMAP != null && length > 0) {
            try {
                MemorySegment at = (MemorySegment) MMAP.invokeExact(MemorySegment.NULL, length, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
                if (at.address() != -1L && at.address() != 0L) {
                    // the cleanup gets a zero-length segment at the same address: the length comes from here
                    return at.reinterpret(length, arena, mapped -> unmap(mapped, length)).asSlice(0, bytes);
                }
            } catch (Throwable t) {
                // fall back to the arena
            }
        }
        return arena.allocate(bytes, PAGE_BYTES);
    }

    private static void unmap(MemorySegment at, long length) {
        try {
            int rc = (int) MUNMAP.invokeExact(at, length);
            assert rc == 0;
        } catch (Throwable ignored) {
            // the mapping stays until the process ends
        }
    }

    /**
     * Fills a filler: 64 KiB of random bytes, then doubled by memcpy(3). The copy (and its page
     * faults) runs in native code, where a thread does not hold up the JVM's safepoints: filled by a
     * Java loop on a data thread of low priority on a loaded host, 16 MiB took seconds in which
     * every other thread returning from a system call waited for the safepoint (issue 32).
     */
    static void fill(MemorySegment segment) {
        long chunk = Math.min(segment.byteSize(), 64 * 1024);
        fill(segment.asSlice(0, chunk).asByteBuffer());
        if (MEMCPY == null) {
            for (long done = chunk; done < segment.byteSize(); done += chunk) {
                MemorySegment.copy(segment, 0, segment, done, Math.min(chunk, segment.byteSize() - done));
            }
            return;
        }
        try {
            for (long done = chunk; done < segment.byteSize(); done *= 2) {
                MemorySegment ignored = (MemorySegment) MEMCPY.invokeExact(segment.asSlice(done),
                        segment, Math.min(done, segment.byteSize() - done));
            }
        } catch (Throwable t) {
            throw new IllegalStateException("memcpy failed", t);
        }
    }

    /** Random bytes, so that nothing on the path compresses them; 64 KiB repeated. */
    static void fill(ByteBuffer buffer) {
        byte[] chunk = new byte[Math.min(buffer.capacity(), 64 * 1024)];
        ThreadLocalRandom.current().nextBytes(chunk);
        while (buffer.hasRemaining()) {
            buffer.put(chunk, 0, Math.min(chunk.length, buffer.remaining()));
        }
        buffer.clear();
    }
}
