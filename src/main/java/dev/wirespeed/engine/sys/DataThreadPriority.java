package dev.wirespeed.engine.sys;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A budget of data threads per core: when a process runs more data threads than it has cores,
 * each lowers its own scheduling priority (nice) so that all of them together weigh about as much
 * as one thread per core, and control threads — heartbeats, Stop, TEST_END, the interval sampler,
 * new handshakes, an iperf3 client on the same host — run as soon as they wake.
 *
 * <p>Why: a test runs one busy thread per stream. With 256 of them on two cores (`bw -P 128
 * --bidir`) or 128 unpaced UDP senders, every other thread got a 1/129th share: a 2 s test ran
 * 113 s, a server heard its client "silent for 10 s", and an iperf3 client on the server's host
 * sent its TEST_END 30 s late (issue 32). With as many data threads as cores or fewer nothing
 * changes (nice 0), so a test that fits the machine runs exactly as before.
 *
 * <p>The weights are the scheduler's (kernel/sched/core.c, sched_prio_to_weight: 1024 at nice 0,
 * about 1.25× less per step, 15 at nice 19). On Linux the nice value is a per-thread attribute:
 * setpriority(PRIO_PROCESS, 0, n) changes the calling thread only (setpriority(2), NOTES), and
 * raising one's own nice value needs no privilege. A thread a data thread creates would inherit
 * its nice value; data threads create none.
 */
public final class DataThreadPriority {
    /** sys/resource.h: PRIO_PROCESS. */
    private static final int PRIO_PROCESS = 0;
    /** kernel/sched/core.c, sched_prio_to_weight, nice 0 to 19. */
    private static final int[] WEIGHTS = {1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87, 70, 56, 45, 36,
        29, 23, 18, 15};
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    /** Data threads made and not yet ended in this process. */
    private static final AtomicInteger THREADS = new AtomicInteger();
    /**
     * The native calls, made on first use by a data thread: building downcall handles takes tens of
     * milliseconds on a cold, loaded JVM, which the thread creating the streams (between Ready and
     * Start, under a server's per-read timeout) must not pay.
     */
    private static final class Calls {
        static final MethodHandle SETPRIORITY;
        static final MethodHandle GETPRIORITY;

        static {
            MethodHandle set = null;
            MethodHandle get = null;
            if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
                try {
                    Linker linker = Linker.nativeLinker();
                    var libc = linker.defaultLookup();
                    set = linker.downcallHandle(libc.find("setpriority").orElseThrow(), FunctionDescriptor.of(
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                    get = linker.downcallHandle(libc.find("getpriority").orElseThrow(), FunctionDescriptor.of(
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                } catch (RuntimeException | Error e) {
                    set = null; // no native access: data threads keep the process's priority
                    get = null;
                }
            }
            SETPRIORITY = set;
            GETPRIORITY = get;
        }
    }

    private DataThreadPriority() {}

    /**
     * The nice value each of {@code threads} data threads takes on {@code cores} cores: 0 while
     * they fit, else the first at which they weigh no more than {@code cores} threads at nice 0.
     */
    static int niceFor(int threads, int cores) {
        if (threads <= cores) {
            return 0;
        }
        long target = (long) cores * WEIGHTS[0] / threads;
        for (int nice = 0; nice < WEIGHTS.length; nice++) {
            if (WEIGHTS[nice] <= target) {
                return nice;
            }
        }
        return WEIGHTS.length - 1;
    }

    /** The nice value a counted data thread takes once its stream is ready ({@link #lowerAsCounted()}). */
    private static final ThreadLocal<Integer> PENDING = new ThreadLocal<>();

    /**
     * Wraps a data thread's body: counted from now (before its group's threads start) until it
     * ends. The priority is lowered by the stream itself ({@link #lowerAsCounted()}), once it holds
     * what other streams may wait for ({@link StreamLoop#prepare()}): a thread that held the shared
     * filler while it filled it at nice 19 on a loaded host kept every other sender waiting for
     * seconds.
     */
    public static Runnable counted(Runnable body) {
        THREADS.incrementAndGet();
        return () -> {
            PENDING.set(niceFor(THREADS.get(), CORES));
            try {
                body.run();
            } finally {
                PENDING.remove();
                THREADS.decrementAndGet();
            }
        };
    }

    /** Lowers the calling data thread's priority as {@link #counted} decided, once. */
    public static void lowerAsCounted() {
        Integer nice = PENDING.get();
        if (nice != null) {
            PENDING.set(0);
            lowerCurrentThread(nice);
        }
    }

    /** Whether this process's data threads are no more than its cores (each may keep one busy). */
    public static boolean fitsCores() {
        return THREADS.get() <= CORES;
    }

    /** Builds the native calls now (a client's warm-up thread: ClientWarmUp). */
    public static void warmUp() {
        Object ignored = Calls.SETPRIORITY;
    }

    /** Raises the calling thread's nice value by {@code nice} from its own; false when it cannot or need not. */
    static boolean lowerCurrentThread(int nice) {
        if (nice <= 0 || Calls.SETPRIORITY == null) {
            return false;
        }
        try {
            int now = (int) Calls.GETPRIORITY.invokeExact(PRIO_PROCESS, 0);
            return (int) Calls.SETPRIORITY.invokeExact(PRIO_PROCESS, 0, Math.min(19, now + nice)) == 0;
        } catch (Throwable t) {
            return false;
        }
    }

    /** The calling thread's nice value, or null without native calls (tests). */
    static Integer currentNice() {
        if (Calls.GETPRIORITY == null) {
            return null;
        }
        try {
            return (int) Calls.GETPRIORITY.invokeExact(PRIO_PROCESS, 0);
        } catch (Throwable t) {
            return null;
        }
    }
}
