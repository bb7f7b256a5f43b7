package dev.wirespeed.limits;

import java.util.Locale;

/**
 * Protocol overhead on a link, as the share of the line rate left for TCP payload.
 *
 * <p>Ethernet adds 38 bytes on the wire per frame: preamble + SFD 8, MAC header 14, FCS 4,
 * inter-frame gap 12 (IEEE 802.3). TCP/IPv4 with the timestamp option uses 52 bytes of the MTU
 * (IPv4 20 + TCP 20 + timestamps 12, RFC 7323). Goodput = (MTU − 52) / (MTU + 38): 94.1 % at
 * 1500, 99.0 % at 9000.
 *
 * <p>IPoIB (RFC 4391/4755) puts a 4-byte IPoIB header in front of the IP packet and sends it in
 * InfiniBand packets with LRH 8, BTH 12, ICRC 4 and VCRC 2 bytes, plus DETH 8 in datagram mode (UD).
 * Datagram mode: IP MTU 2044 in one 2048-byte IB packet. Connected mode (RC): IP MTU up to 65520,
 * cut into IB packets of the port's IB MTU (4096 assumed).
 */
public final class Framing {
    private Framing() {}

    public static final int ETHERNET_WIRE_OVERHEAD_BYTES = 8 + 14 + 4 + 12;
    public static final int TCP_IPV4_TIMESTAMPS_BYTES = 20 + 20 + 12;
    public static final int IPOIB_DATAGRAM_MTU = 2044;
    public static final int IPOIB_CONNECTED_MTU = 65520;
    static final int IPOIB_HEADER_BYTES = 4;
    static final int IB_LRH_BTH_CRC_BYTES = 8 + 12 + 4 + 2;
    static final int IB_DETH_BYTES = 8;
    static final int IB_MTU_CONNECTED_BYTES = 4096;

    /** Share of the Ethernet line rate left for TCP payload at {@code mtuBytes}. */
    public static double ethernetTcpGoodput(int mtuBytes) {
        checkMtu(mtuBytes);
        return (double) (mtuBytes - TCP_IPV4_TIMESTAMPS_BYTES) / (mtuBytes + ETHERNET_WIRE_OVERHEAD_BYTES);
    }

    public static String ethernetAssumption(int mtuBytes) {
        return String.format(Locale.ROOT, "MTU %d: (%d − 52 TCP/IPv4+timestamps) / (%d + 38 Ethernet framing) = %.1f %%",
                mtuBytes, mtuBytes, mtuBytes, ethernetTcpGoodput(mtuBytes) * 100);
    }

    /** Share of the InfiniBand data rate left for TCP payload over IPoIB. */
    public static double ipoibTcpGoodput(boolean connected, int mtuBytes) {
        checkMtu(mtuBytes);
        int ipPayload = mtuBytes - TCP_IPV4_TIMESTAMPS_BYTES;
        if (!connected) {
            int wire = mtuBytes + IPOIB_HEADER_BYTES + IB_LRH_BTH_CRC_BYTES + IB_DETH_BYTES;
            return (double) ipPayload / wire;
        }
        int message = mtuBytes + IPOIB_HEADER_BYTES;
        int packets = (message + IB_MTU_CONNECTED_BYTES - 1) / IB_MTU_CONNECTED_BYTES;
        return (double) ipPayload / (message + packets * IB_LRH_BTH_CRC_BYTES);
    }

    public static String ipoibAssumption(boolean connected, int mtuBytes) {
        return String.format(Locale.ROOT, "IPoIB %s mode, MTU %d%s: %.1f %% of the data rate is TCP payload",
                connected ? "connected" : "datagram", mtuBytes, connected ? " in 4096-byte IB packets" : " in one UD packet",
                ipoibTcpGoodput(connected, mtuBytes) * 100);
    }

    private static void checkMtu(int mtuBytes) {
        if (mtuBytes < 576 || mtuBytes > 65536) {
            throw new IllegalArgumentException("MTU " + mtuBytes + " out of range (576..65536 bytes)");
        }
    }
}
