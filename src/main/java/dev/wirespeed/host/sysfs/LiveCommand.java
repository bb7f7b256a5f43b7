package dev.wirespeed.host.sysfs;

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
     * Starts the command now and collects it at {@link Pending#output}: the commands of one counter
     * snapshot (`ethtool -S`, `ethtool -a`, `tc`) run side by side, so a snapshot taken before a
     * test costs the slowest of them, not their sum (docs/PERFORMANCE.md "bw: time to first byte").
     */
    static Pending start(RootedFs fs, boolean run, String captured, List<String> command, String iface) {
        if (!run) {
            String known;
            try {
                known = fs.exists(captured) ? fs.readText(captured) : null;
            } catch (IOException e) {
                known = null;
            }
            return answer(known);
        }
        if (!iface.matches("[A-Za-z0-9_.:@-]{1,15}")) {
            return answer(null);
        }
        dev.wirespeed.io.ExternalProcess.Running running;
        try {
            running = dev.wirespeed.io.ExternalProcess.launch(command);
        } catch (IOException e) {
            return answer(null);
        }
        return new Started(fs, captured, running);
    }

    private static Pending answer(String output) {
        return new Known(output);
    }

    private record Known(String value) implements Pending {
        @Override
        public String output() {
            return value;
        }
    }

    private record Started(RootedFs fs, String captured, dev.wirespeed.io.ExternalProcess.Running running)
            implements Pending {
        @Override
        public String output() {
            try {
                var done = running.await(TIMEOUT_MILLIS, () -> false, RootedFs.MAX_FILE_BYTES);
                if (done.exitCode() == null || done.exitCode() != 0) {
                    return null;
                }
                fs.captureText(captured, done.output());
                return done.output();
            } catch (IOException e) {
                return null;
            }
        }
    }
}
