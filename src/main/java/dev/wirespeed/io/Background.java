package dev.wirespeed.io;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Set-up started on a daemon thread and joined where it is needed (the results store, the counter
 * snapshot before a test: docs/PERFORMANCE.md "bw: time to first byte").
 */
public final class Background {
    private Background() {}

    /** Runs {@code task} on a new daemon thread named {@code name}; returns it. */
    public static <T> FutureTask<T> start(FutureTask<T> task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
        return task;
    }

    /**
     * Its outcome, waiting as long as it takes: an interrupt (Ctrl-C) does not lose what the task
     * holds, it is kept for the caller to see afterwards.
     */
    public static <T> T await(FutureTask<T> task) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
