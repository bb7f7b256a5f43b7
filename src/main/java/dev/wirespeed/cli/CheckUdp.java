package dev.wirespeed.cli;

import dev.wirespeed.results.UdpResult;
import dev.wirespeed.units.Rate;
import java.util.Locale;

/** The UDP line of {@code check} (the test itself: {@link dev.wirespeed.check.HostCheck#measureUdp}). */
final class CheckUdp {
    private CheckUdp() {}

    /**
     * "udp: loopback 8972 B datagrams, 2 s unpaced: received 9.41 Gbit/s (131,000 packets/s), lost 0 %,
     * the receiving socket dropped 0 (sendmmsg UDP_SEGMENT → recvmmsg UDP_GRO)".
     */
    static String line(UdpResult r, String where) {
        UdpResult.UdpReceiverSummary s = r.directions().isEmpty() ? null : r.directions().getFirst().receiverSummary();
        if (!r.outcome().ok() || s == null) {
            return "udp: the " + where + " UDP test did not finish (" + r.outcome().message() + ")";
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "udp: %s %d B datagrams, %s s unpaced: received %s",
                where, r.params().datagramBytes(), num(r.params().durationSeconds()), Rate.format(s.bitsPerSecond())));
        if (s.packetsPerSecond() != null) {
            b.append(String.format(Locale.ROOT, " (%d packets/s)", Math.round(s.packetsPerSecond())));
        }
        b.append(", lost ").append(s.lossPercent() == 0 ? "0" : String.format(Locale.ROOT, "%.3g", s.lossPercent()))
                .append(" %");
        if (s.socketDrops() != null) {
            b.append(", the receiving socket dropped ").append(s.socketDrops());
        }
        UdpResult.UdpDataPath path = r.dataPath();
        if (path != null && path.client() != null && path.server() != null && path.client().send() != null
                && path.server().receive() != null) {
            b.append(" (").append(path.client().send()).append(" → ").append(path.server().receive()).append(')');
        }
        return b.toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
