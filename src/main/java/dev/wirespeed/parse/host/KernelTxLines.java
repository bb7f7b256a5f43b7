package dev.wirespeed.parse.host;

import java.util.regex.Pattern;

/**
 * Transmit hangs and device resets: the stack's watchdog after the device prefix, the drivers' own timeouts, Intel's
 * hang check and its dump, ENA's resets. Read by {@link KernelLogParser}.
 */
final class KernelTxLines {
    private KernelTxLines() {}

    /**
     * ENA resets its own device (ena_netdev.c): check_for_missing_completions "The number of lost tx completions is above
     * the threshold (%d > %d). Reset the device", check_for_missing_keep_alive "Keep alive watchdog timeout.", and
     * ena_timer_service's "Trigger reset is on" when the reset starts.
     */
    static final Pattern ENA_LOST_TX = Pattern.compile(
            "The number of lost tx completions is above the threshold \\((\\d+ > \\d+)\\)\\.? ?(?:Reset the device)?.*");
    static final Pattern ENA_KEEP_ALIVE = Pattern.compile("Keep alive watchdog timeout\\.?\\s*");
    static final Pattern ENA_TRIGGER = Pattern.compile("Trigger reset is on\\b.*");
    /**
     * Intel's own transmit hang check before the stack's watchdog (e1000e "Detected Hardware Unit Hang:", igb/ixgbe/e1000
     * "Detected Tx Unit Hang"), its register dump on the lines after it, "Tx Queue <1>" among them.
     */
    static final Pattern UNIT_HANG = Pattern.compile("(Detected (?:Tx|Hardware) Unit Hang):?.*");
    /** The driver's own line after it (tg3, b44: "tg3: eth0: transmit timed out, resetting"): names the driver. */
    static final Pattern TX_RESETTING = Pattern.compile("transmit timed out, resetting\\s*");
    static final Pattern HANG_QUEUE = Pattern.compile("Tx Queue\\s+<(\\d{1,4})>\\s*");
    /** Since 6.x after the device prefix: "NETDEV WATCHDOG: CPU: 3: transmit queue 0 timed out 5010 ms". */
    static final Pattern WATCHDOG = Pattern.compile(
            "NETDEV WATCHDOG: (?:CPU: \\d+: )?transmit queue (\\d+) timed out(?: (\\d+) ms)?.*");
    /**
     * mlx5e/bnxt/… "TX timeout detected", mlx5e "TX timeout on queue: 1, SQ: …, usecs since last trans: 21565000",
     * virtio_net "TX timeout on queue: 0, sq: output.0, vq: 0x1, name: output.0, 8856000 usecs ago".
     */
    static final Pattern TX_TIMEOUT = Pattern.compile(
            "TX timeout (?:detected\\b.*|on queue: (\\d+),(?:.*usecs since last trans: (\\d+)|.*, (\\d+) usecs ago)?.*)");
}
