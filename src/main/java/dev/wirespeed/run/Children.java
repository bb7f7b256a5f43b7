package dev.wirespeed.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** The child processes a campaign started, so Ctrl-C and the end of a point stop them all. */
public final class Children {
    private final Set<Process> running = ConcurrentHashMap.newKeySet();

    void add(Process p) {
        running.add(p);
    }

    void remove(Process p) {
        running.remove(p);
    }

    /** SIGTERM to every child, then SIGKILL to those still alive after a grace period. */
    public void stopAll() {
        for (Process p : running) {
            stop(p);
        }
    }

    static void stop(Process p) {
        if (!p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
