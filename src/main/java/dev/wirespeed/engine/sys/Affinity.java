package dev.wirespeed.engine.sys;

import dev.wirespeed.host.CpuList;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.BitSet;

/**
 * Pins the calling thread to one CPU with sched_setaffinity(2) (pid 0 = this thread), as iperf3's
 * {@code -A}. The JDK has no API for it; a thread pinned this way stays where the kernel put its
 * memory, so a stream and its socket buffers keep one cache.
 */
public final class Affinity {
    /** cpu_set_t of glibc: 1024 CPUs. */
    public static final int MAX_CPUS = 1024;
    private static final MethodHandle SET_AFFINITY;

    static {
        MethodHandle set = null;
        if (NativeSockets.available()) {
            try {
                Linker linker = Linker.nativeLinker();
                set = linker.downcallHandle(linker.defaultLookup().find("sched_setaffinity").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                                ValueLayout.ADDRESS), Linker.Option.captureCallState("errno"));
            } catch (RuntimeException e) {
                set = null;
            }
        }
        SET_AFFINITY = set;
    }

    private Affinity() {}

    /** Lets the calling thread run on any CPU of {@code cpus} (a NUMA node's); null on success, else why not. */
    public static String placeCurrentThread(BitSet cpus) {
        if (SET_AFFINITY == null) {
            return "NUMA placement is not available here (" + NativeSockets.unavailableReason() + ")";
        }
        if (cpus.isEmpty() || cpus.length() > MAX_CPUS) {
            return "NUMA placement: CPUs " + new CpuList(cpus) + " are out of range (0.."
                    + (MAX_CPUS - 1) + ")";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MAX_CPUS / 8);
            byte[] bytes = cpus.toByteArray(); // little-endian bit order, as cpu_set_t
            MemorySegment.copy(bytes, 0, mask, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int rc = (int) SET_AFFINITY.invokeExact(errno, 0, mask.byteSize(), mask);
            if (rc != 0) {
                return "NUMA placement: cannot place on CPUs " + new CpuList(cpus) + " ("
                        + NativeSockets.strerror(NativeSockets.errno(errno)) + ")";
            }
            return null;
        } catch (Throwable t) {
            return "NUMA placement: cannot place on CPUs " + new CpuList(cpus) + " (" + t + ")";
        }
    }

    /** Pins the calling thread to {@code cpu}; null on success, else why not (one line). */
    public static String pinCurrentThread(int cpu) {
        if (SET_AFFINITY == null) {
            return "-A: CPU affinity is not available here (" + NativeSockets.unavailableReason() + ")";
        }
        if (cpu < 0 || cpu >= MAX_CPUS) {
            return "-A: CPU " + cpu + " is out of range (0.." + (MAX_CPUS - 1) + ")";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MAX_CPUS / 8);
            mask.set(ValueLayout.JAVA_BYTE, cpu / 8, (byte) (1 << (cpu % 8)));
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int rc = (int) SET_AFFINITY.invokeExact(errno, 0, mask.byteSize(), mask);
            if (rc != 0) {
                return "-A: cannot pin to CPU " + cpu + " (" + NativeSockets.strerror(NativeSockets.errno(errno)) + ")";
            }
            return null;
        } catch (Throwable t) {
            return "-A: cannot pin to CPU " + cpu + " (" + t + ")";
        }
    }
}
