package dev.wirespeed.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The data buffers of the bandwidth hot loops, mapped from the kernel with mmap(2) and unmapped
 * when the stream's arena closes, so that a test's buffers leave the process when it ends.
 *
 * <p>Why not {@code arena.allocate}: it takes the memory from malloc, and glibc raises its mmap
 * threshold to the size of the first large block freed (up to 32 MiB, mallopt(3) M_MMAP_THRESHOLD).
 * From then on 16 MiB buffers come from malloc's arenas and stay resident after free: three
 * tests of 64 streams with 16 MiB buffers left a server at 600 MB. munmap(2) gives the pages back
 * at once; a receive buffer also costs only the pages the kernel wrote into.
 */
final class PageBuffers {
    private static final long PAGE_BYTES = 4096;
    /** include/uapi/asm-generic/mman-common.h, the same on x86-64 and aarch64. */
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final long MAP_FAILED = -1;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;

    static {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        if (NativeSockets.available() && ValueLayout.ADDRESS.byteSize() == 8) {
            try {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                // void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
                mmap = linker.downcallHandle(libc.find("mmap").orElseThrow(), FunctionDescriptor.of(
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
                // int munmap(void *addr, size_t length)
                munmap = linker.downcallHandle(libc.find("munmap").orElseThrow(), FunctionDescriptor.of(
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
            } catch (RuntimeException e) {
                mmap = null;
                munmap = null;
            }
        }
        MMAP = mmap;
        MUNMAP = munmap;
    }

    private PageBuffers() {}

    /**
     * A page-aligned, zeroed buffer of {@code bytes} that lives until {@code arena} closes. Without
     * direct calls (or when the kernel refuses the mapping) it comes from the arena itself.
     */
    static MemorySegment allocate(Arena arena, long bytes) {
        if (MMAP == null) {
            return arena.allocate(bytes, PAGE_BYTES);
        }
        long length = (bytes + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES;
        long address;
        try {
            address = (long) MMAP.invokeExact(0L, length, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable t) {
            address = MAP_FAILED;
        }
        if (address == MAP_FAILED || address == 0) {
            return arena.allocate(bytes, PAGE_BYTES);
        }
        long mapped = address;
        return MemorySegment.ofAddress(address).reinterpret(bytes, arena, ignored -> unmap(mapped, length));
    }

    private static void unmap(long address, long length) {
        try {
            int rc = (int) MUNMAP.invokeExact(address, length);
        } catch (Throwable ignored) {
            // the mapping stays: nothing else can be done with it
        }
    }
}
