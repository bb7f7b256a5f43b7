package dev.wirespeed.engine.session;

import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.results.TripTimesResult;
import dev.wirespeed.wire.ClockState;
import java.util.Locale;
import java.util.Objects;

/**
 * Whether a trip-times test may give one-way figures: only when both clocks are known to agree. One
 * kernel (equal boot ids, or a loopback connection) reads one CLOCK_REALTIME; two kernels must both
 * be disciplined (adjtimex: no STA_UNSYNC), and the figures then carry the sum of their error bounds.
 * Anything else refuses the test before data flows, naming the side and the fix.
 */
public final class TripClocks {
    /**
     * Test hooks, read once per test and never in a loop: "unsynchronised" or "synchronised" makes
     * the server's (or the client's) clock state that of another kernel in that state, so the
     * refusal and the two-kernel path run without touching the host's clock or NTP.
     */
    public static final String SERVER_HOOK = "wirespeed.test.serverClock";
    public static final String CLIENT_HOOK = "wirespeed.test.clientClock";

    private TripClocks() {}

    /** Whether a test hook stands for another host's clock: then loopback no longer proves one kernel. */
    public static boolean hooked() {
        return System.getProperty(SERVER_HOOK) != null || System.getProperty(CLIENT_HOOK) != null;
    }

    public static ClockState serverClock() {
        return hooked(System.getProperty(SERVER_HOOK), "test-server-kernel");
    }

    public static ClockState clientClock() {
        return hooked(System.getProperty(CLIENT_HOOK), "test-client-kernel");
    }

    private static ClockState hooked(String hook, String bootId) {
        if ("unsynchronised".equals(hook)) {
            return new ClockState(bootId, false, 16_000_000L, 16_000_000L, KernelClock.STA_UNSYNC);
        }
        if ("synchronised".equals(hook)) {
            return new ClockState(bootId, true, 1_500L, 40L, 0x2001); // STA_PLL | STA_NANO
        }
        return KernelClock.read();
    }

    /**
     * How the clocks agree, or why they may not be trusted.
     *
     * @param loopback the control connection runs over loopback (one kernel whatever the boot ids say)
     * @param server   the server's name for the messages
     */
    static TripTimesResult.Clocks decide(ClockState client, ClockState server, boolean loopback, String serverName)
            throws TripTimesRefusal {
        if (server == null) {
            throw new TripTimesRefusal(serverName + " sent no clock state: a wirespeed server before --trip-times;"
                    + " upgrade it", false);
        }
        boolean oneKernel = client.bootId() != null && Objects.equals(client.bootId(), server.bootId());
        if (oneKernel || loopback) {
            return new TripTimesResult.Clocks(TripTimesResult.Clocks.ONE_KERNEL, 0, 0, client, server,
                    "clocks: one clock — client and server run in one kernel ("
                            + (oneKernel ? "same boot_id " + client.bootId() : "loopback") + "), so one-way figures"
                            + " carry no clock error");
        }
        boolean clientSynced = Boolean.TRUE.equals(client.synchronised());
        boolean serverSynced = Boolean.TRUE.equals(server.synchronised());
        if (!clientSynced || !serverSynced) {
            String who = !clientSynced && !serverSynced ? "neither this client's nor " + serverName + "'s clock is"
                    : !clientSynced ? "this client's clock is not" : serverName + "'s clock is not";
            throw new TripTimesRefusal("--trip-times needs both clocks synchronised, and " + who + " (adjtimex: "
                    + state(!clientSynced ? client : server) + "); run chronyd or ntpd against a common source,"
                    + " or ptp4l with phc2sys for sub-microsecond agreement, until `chronyc tracking` or"
                    + " `timedatectl` says synchronised", false);
        }
        long bound = Math.addExact(orZero(client.maxErrorMicros()), orZero(server.maxErrorMicros()));
        long estimate = Math.addExact(orZero(client.estErrorMicros()), orZero(server.estErrorMicros()));
        return new TripTimesResult.Clocks(TripTimesResult.Clocks.SYNCHRONISED, bound, estimate, client, server,
                "clocks: two kernels, both synchronised (adjtimex); one-way figures are within ±"
                        + micros(bound) + " (sum of both kernels' maxerror; esterror sum " + micros(estimate) + ")");
    }

    private static String state(ClockState c) {
        if (c.synchronised() == null) {
            return "unreadable";
        }
        return "STA_UNSYNC set" + (c.maxErrorMicros() == null ? "" : ", maxerror " + micros(c.maxErrorMicros()));
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    public static String micros(long micros) {
        return micros >= 10_000 ? String.format(Locale.ROOT, "%.1f ms", micros / 1000.0) : micros + " us";
    }
}
