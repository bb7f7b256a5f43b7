package dev.wirespeed.host;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `ethtool -S IF` text ("NIC statistics:" then "     rx_out_of_buffer: 1234" lines) → the
 * netdev's {@link Counters}. Per-queue and per-channel counters ("rx0_packets", "tx3_xmit_more",
 * "ch2_events", "rx_queue_0_packets") are left out: the port-wide ones carry the diagnosis, and a
 * 64-channel mlx5 prints thousands of the others.
 */
public final class EthtoolStats {
    private EthtoolStats() {}

    private static final Pattern LINE = Pattern.compile("^\\s+([A-Za-z0-9_.\\[\\]-]+):\\s+(\\S+)\\s*$");
    private static final Pattern PER_QUEUE = Pattern.compile(
            "^(?:(?:rx|tx|ch|xdp|xsk|ptp|qos)\\d+_.*|(?:rx|tx)_queue_\\d+_.*|.*\\[\\d+\\].*)$");

    /** Adds every port-wide counter of {@code text} to {@code into}; {@code source} names the command. */
    public static Counters.Builder parse(String text, String source, Counters.Builder into) {
        for (String line : text.split("\n", 100_000)) {
            Matcher m = LINE.matcher(line);
            if (m.matches() && !isPerQueue(m.group(1))) {
                into.parse(m.group(1), m.group(2), source + ": " + m.group(1));
            }
        }
        return into;
    }

    /**
     * `ethtool --include-statistics -a IF` (ethtool 5.10+, netlink; Documentation/networking/statistics.rst):
     * the counters under its "Statistics:" line ("tx_pause_frames: 1", "rx_pause_frames: 1", driver
     * extras such as fbnic's "tx_pause_storm_events") added to {@code into}; the settings above it are
     * not counters. Nothing is added when the output has no statistics (an older ethtool, a driver
     * without them).
     */
    public static Counters.Builder parsePause(String text, String source, Counters.Builder into) {
        boolean inStatistics = false;
        for (String line : text.split("\n", 1_000)) {
            if (line.strip().equals("Statistics:")) {
                inStatistics = true;
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (inStatistics && m.matches()) {
                into.parse(m.group(1), m.group(2), source + ": " + m.group(1));
            } else if (inStatistics && !line.isBlank()) {
                break;
            }
        }
        return into;
    }

    public static boolean isPerQueue(String name) {
        return PER_QUEUE.matcher(name).matches();
    }
}
