package dev.wirespeed.inspect;

import dev.wirespeed.io.ExternalProcess;
import java.io.IOException;
import java.util.List;

/**
 * A read-only command doctor runs for what sysfs does not show (ethtool -S, tc, ethtool -a, dcb,
 * mlnx_qos): on the live host only, when the program is on PATH, bounded in time and size; its
 * output is captured below the root at {@code captured}, so a fixture tree or a capture replays it
 * instead. An error exit (veth has no DCB, lo no pause settings) is no output: the fact stays unknown.
 */
final class LiveCommand {
    private LiveCommand() {}

    static final long TIMEOUT_MILLIS = 5_000;

    /** The output, or null when it cannot be had (or the interface name is not a plain one). */
    static String output(RootedFs fs, boolean run, String captured, List<String> command, String iface) {
        return start(fs, run, captured, command, iface).output();
    }

    /** A command started, or an answer already known; {@link #output} waits for the command's end. */
    interface Pending {
        /** As {@link LiveCommand#output}: the output, or null when it cannot be had. */
        String output();
    }

    /**
     * As {@link #output}, with the command started now and collected at {@link Pending#output}: the
     * commands of one counter snapshot (`ethtool -S`, `tc`, the pause reading) run side by side, so
     * a snapshot taken before a test costs about the slowest of them, not their sum
     * (docs/PERFORMANCE.md "bw: time to first byte").
     */
    static Pending start(RootedFs fs, boolean run, String captured, List<String> command, String iface) {
        if (!run) {
            String known = captured(fs, captured);
            return () -> known;
        }
        if (!plainName(iface)) {
            return () -> null;
        }
        ExternalProcess.Running running;
        try {
            running = ExternalProcess.launch(command);
        } catch (IOException e) {
            return () -> null;
        }
        return () -> {
            ExternalProcess.Finished done;
            try {
                done = running.await(TIMEOUT_MILLIS, () -> false, RootedFs.MAX_FILE_BYTES);
            } catch (IOException e) {
                return null;
            }
            if (!succeeded(done)) {
                return null;
            }
            fs.captureText(captured, done.output());
            return done.output();
        };
    }

    /** What a tree holds at {@code captured} (a fixture's or a capture's output of the command), or null. */
    static String captured(RootedFs fs, String captured) {
        try {
            return fs.exists(captured) ? fs.readText(captured) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The finished run (error exits included), or null when it did not start or {@code iface} is not a plain name. */
    static ExternalProcess.Finished run(List<String> command, String iface) {
        if (!plainName(iface)) {
            return null;
        }
        try {
            return ExternalProcess.run(command, TIMEOUT_MILLIS, () -> false, RootedFs.MAX_FILE_BYTES);
        } catch (IOException e) {
            return null;
        }
    }

    /** An interface name as the kernel allows one (IFNAMSIZ - 1 characters), safe as a command's argument. */
    private static boolean plainName(String iface) {
        return iface.matches("[A-Za-z0-9_.:@-]{1,15}");
    }

    static boolean succeeded(ExternalProcess.Finished done) {
        return done != null && done.exitCode() != null && done.exitCode() == 0;
    }
}
