package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.RingSizes;

/**
 * The fix of drops for want of receive descriptors ({@link CounterSignal#RX_BUFFER},
 * {@link CounterSignal#PORT_DISCARD}), by what `ethtool -g IF` said of the receive ring: raise it to
 * the driver's pre-set maximum (the most `ethtool -G IF rx N` accepts), or, when it is there already,
 * spread the load instead. Without a reading the maximum is not invented: `ethtool -g` shows it.
 *
 * @param note     appended to the finding's message ("; the receive ring is 512 of 4096 descriptors"), or ""
 * @param fix      the fix
 * @param evidence the ring reading, or null when none was used
 */
record RingFix(String note, Fix fix, Evidence evidence) {
    /** A command needs the netdev; {@code netdev} null (an unnamed port) leaves the words only. */
    static RingFix of(CounterSignal signal, String netdev, Observed<RingSizes> ring) {
        String iface = netdev == null ? "IF" : netdev;
        boolean flowControl = signal == CounterSignal.PORT_DISCARD;
        String pause = flowControl
                ? ", and enable flow control (pause or PFC) so the sender waits instead of losing packets" : "";
        if (ring == null || !ring.isPresent() || !ring.value().rxKnown()) {
            return new RingFix("", fix("raise the receive ring (ethtool -g " + iface + " shows the maximum)"
                    + (flowControl ? pause : " and spread interrupts over more cores"),
                    netdev, "ethtool -G " + iface + " rx <maximum>"), null);
        }
        RingSizes r = ring.value();
        String sizes = "; the receive ring is " + r.rxCurrent() + " of " + r.rxMaximum() + " descriptors";
        if (!r.rxAtMaximum()) {
            return new RingFix(sizes, fix("raise the receive ring to its maximum"
                    + (flowControl ? pause : " and spread interrupts over more cores"),
                    netdev, "ethtool -G " + iface + " rx " + r.rxMaximum()), ring.evidence());
        }
        return new RingFix(sizes + ", already its maximum", fix("the ring cannot grow: "
                + (flowControl ? "enable flow control (pause or PFC) so the sender waits, and spread" : "spread")
                + " the load over more queues (ethtool -l " + iface + " shows their maximum), interrupts over more"
                + " cores (IRQ affinity, RSS), or a faster consumer", netdev, "ethtool -L " + iface + " combined <maximum>"),
                ring.evidence());
    }

    private static Fix fix(String action, String netdev, String command) {
        return netdev == null ? Fix.action(action) : Fix.command(action, command);
    }
}
