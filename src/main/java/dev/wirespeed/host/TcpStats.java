package dev.wirespeed.host;

/**
 * Host-wide TCP counters from /proc/net/snmp (read with {@link dev.wirespeed.measure.TcpCounters}).
 *
 * @param outSegs     segments sent since boot
 * @param retransSegs segments retransmitted since boot
 */
public record TcpStats(Observed<Long> outSegs, Observed<Long> retransSegs) {
    public static TcpStats notSeen() {
        return new TcpStats(Observed.notSeen(), Observed.notSeen());
    }
}
