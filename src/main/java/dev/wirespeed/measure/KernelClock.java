package dev.wirespeed.measure;

import dev.wirespeed.wire.ClockState;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * What this host's kernel says of its wall clock, for one-way figures ({@code bw --trip-times}): the
 * boot id (one kernel, one CLOCK_REALTIME) and the NTP state of adjtimex(2) read with modes 0, which
 * changes nothing (any user may call it so). Never sets the clock.
 */
public final class KernelClock {
    /** include/uapi/linux/timex.h: the clock is not synchronised. */
    public static final int STA_UNSYNC = 0x0040;
    /** adjtimex's return value when the clock is not synchronised (TIME_ERROR, alias TIME_BAD). */
    static final int TIME_ERROR = 5;
    /**
     * struct timex on LP64 (glibc bits/timex.h, the kernel's __kernel_timex): unsigned modes at 0,
     * then longs offset 8, freq 16, maxerror 24, esterror 32, int status at 40; 208 bytes in all.
     */
    static final long MAXERROR_OFFSET = 24;
    static final long ESTERROR_OFFSET = 32;
    static final long STATUS_OFFSET = 40;
    static final long TIMEX_BYTES = 208;
    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");
    private static final MethodHandle ADJTIMEX = adjtimex();

    private KernelClock() {}

    /** This host's clock now; fields the kernel does not give are null. */
    public static ClockState read() {
        String bootId = null;
        try {
            bootId = Files.readString(BOOT_ID).strip();
        } catch (IOException | RuntimeException e) {
            // left null: the peers then cannot claim one kernel
        }
        if (ADJTIMEX == null) {
            return new ClockState(bootId, null, null, null, null);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timex = arena.allocate(TIMEX_BYTES, 8); // zeroed: modes 0 reads only
            int state = (int) ADJTIMEX.invokeExact(timex);
            if (state < 0) {
                return new ClockState(bootId, null, null, null, null);
            }
            int status = timex.get(ValueLayout.JAVA_INT, STATUS_OFFSET);
            return of(bootId, state, status, timex.get(ValueLayout.JAVA_LONG, MAXERROR_OFFSET),
                    timex.get(ValueLayout.JAVA_LONG, ESTERROR_OFFSET));
        } catch (Throwable t) {
            return new ClockState(bootId, null, null, null, null);
        }
    }

    /** The state adjtimex returned ({@code state}) with its struct's fields. */
    static ClockState of(String bootId, int state, int status, long maxErrorMicros, long estErrorMicros) {
        boolean synced = (status & STA_UNSYNC) == 0 && state != TIME_ERROR;
        return new ClockState(bootId, synced, maxErrorMicros, estErrorMicros, status);
    }

    /**
     * The offset that turns System.nanoTime() (CLOCK_MONOTONIC) into CLOCK_REALTIME nanoseconds since
     * the epoch. NTP slews both clocks alike (adjtimex's frequency applies to the one timekeeper both
     * read), so they differ only by steps: one offset read at a stream's start gives the wall clock
     * of every later send and arrival without a second clock read per packet. A step of the clock
     * during the test (settimeofday, chronyd's makestep) would shift the figures after it.
     */
    public static long realtimeOffsetNanos() {
        long best = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < 5; i++) { // the tightest bracket of the wall-clock read wins
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < best) {
                best = after - before;
                offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (before + (after - before) / 2);
            }
        }
        return offset;
    }

    private static MethodHandle adjtimex() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.downcallHandle(linker.defaultLookup().find("adjtimex").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
