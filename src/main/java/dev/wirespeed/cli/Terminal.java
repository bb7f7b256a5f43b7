package dev.wirespeed.cli;

import java.io.Console;

/** Whether this process talks to a person at a terminal (progress lines), or to a pipe or a file. */
final class Terminal {
    private Terminal() {}

    /**
     * True when standard input and output are both a terminal ({@link java.io.Console#isTerminal},
     * Java 22+); false under a pipe, a redirect, a test, cron or systemd. {@code WIRESPEED_PROGRESS=0}
     * turns progress lines off anyway.
     */
    static boolean isTerminal() {
        if ("0".equals(System.getenv("WIRESPEED_PROGRESS"))) {
            return false;
        }
        Console c = System.console();
        return c != null && c.isTerminal();
    }
}
