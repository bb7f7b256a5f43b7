package dev.wirespeed.engine.sys;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Makes the data buffers that the streams free at a test's end (their confined arenas close when
 * the stream ends) leave the process, instead of staying in malloc's free lists.
 *
 * <p>glibc serves blocks of 128 KiB and more with their own mmap(2) and unmaps them on free, but
 * it raises that threshold to the size of the largest such block freed so far (up to 32 MiB,
 * mallopt(3) M_MMAP_THRESHOLD). After the first test, 16 MiB buffers came from malloc's arenas
 * and stayed resident: three tests of 64 streams with 16 MiB buffers left a server at 600 MB
 * (idle 80 MB). Setting the threshold explicitly turns that adjustment off, so every buffer of a
 * test is unmapped when its stream ends. Done once, before the first test, so that no stream
 * pays for the downcall.
 */
public final class NativeMemory {
    /** malloc.h: M_MMAP_THRESHOLD. */
    private static final int M_MMAP_THRESHOLD = -3;
    /** glibc's own starting value: the default -l of 128 KiB and everything larger is mapped. */
    private static final int THRESHOLD_BYTES = 128 * 1024;

    private static final String OUTCOME = fixMmapThreshold();

    private NativeMemory() {}

    /**
     * Fixes malloc's mmap threshold (once per process); null when done, else why not (not glibc,
     * no native access). Without it buffers are still freed, only not necessarily returned.
     */
    public static String releaseFreedBuffers() {
        return OUTCOME;
    }

    private static String fixMmapThreshold() {
        try {
            Linker linker = Linker.nativeLinker();
            var mallopt = linker.defaultLookup().find("mallopt");
            if (mallopt.isEmpty()) {
                return "no mallopt in this C library";
            }
            // int mallopt(int param, int value): 1 on success (musl's stub returns 0)
            MethodHandle call = linker.downcallHandle(mallopt.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            int rc = (int) call.invokeExact(M_MMAP_THRESHOLD, THRESHOLD_BYTES);
            return rc == 1 ? null : "mallopt refused M_MMAP_THRESHOLD";
        } catch (Throwable t) {
            return "native calls unavailable (" + t.getMessage() + ")";
        }
    }
}
