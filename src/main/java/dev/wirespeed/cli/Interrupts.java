package dev.wirespeed.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM: a shutdown hook raises a flag that running commands poll, then waits (a
 * bounded time) for the command to print what it measured. The JVM then exits with 130 (SIGINT)
 * or 143 (SIGTERM), as shells expect.
 */
public final class Interrupts {
    /**
     * How long the JVM waits, after Ctrl-C or SIGTERM, for the command to print and save what it
     * measured: a mesh waits up to 3 s for its agents' cut-short results, then saves them with
     * fsync; on a loaded host 5 s lost the save (issue 32). systemd waits 90 s, docker stop 10 s.
     */
    private static final long FLUSH_MILLIS = 10_000;
    private static volatile boolean raised;
    // Anonymous classes, not lambdas, on the start path: each lambda spins a hidden class at run time
    // (the ClassFile API's first use costs tens of ms), which the AOT cache cannot hold without AOT
    // class linking. See docs/PERFORMANCE.md "Start-up time".
    private static volatile Runnable onRaise = new Runnable() {
        @Override
        public void run() {
        }
    };
    private static final CountDownLatch DONE = new CountDownLatch(1);
    private static boolean installed;

    private Interrupts() {}

    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        Runtime.getRuntime().addShutdownHook(new Thread("ws-interrupt") {
            @Override
            public void run() {
                raised = true;
                onRaise.run();
                try {
                    DONE.await(FLUSH_MILLIS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            }
        });
    }

    /** True once the process was asked to stop. */
    public static boolean raised() {
        return raised;
    }

    /** Runs {@code action} (e.g. close the server) when the process is asked to stop. */
    public static void onRaise(Runnable action) {
        onRaise = action;
    }

    /** The command has printed everything: the shutdown may proceed. */
    static void done() {
        DONE.countDown();
    }
}
