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
 *
 * <p>RoCEv2 (IBTA, InfiniBand Architecture Specification vol. 1, Annex A17 "RoCEv2") carries the
 * InfiniBand transport in UDP/IPv4 over Ethernet: per packet the 38 bytes of Ethernet framing above,
 * IPv4 20, UDP 8 (port 4791), BTH 12 and ICRC 4 around a payload of at most the active RoCE MTU
 * (1024, 2048 or 4096 bytes); an RDMA WRITE adds its RETH 16 to the first packet of each message.
 * The active RoCE MTU is the largest IB MTU that fits the netdev MTU less 96 bytes of headers the
 * kernel reserves (include/rdma/ib_addr.h iboe_get_mtu: GRH 40 + UDP 8 + BTH 12 + XRC 4 + AtomicETH 28
 * + ICRC 4): 1024 at MTU 1500, 4096 from MTU 4192.
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

    /** Bytes on the wire around each RoCEv2 packet's payload: Ethernet 38, IPv4 20, UDP 8, BTH 12, ICRC 4. */
    public static final int ROCE_V2_PACKET_OVERHEAD_BYTES = ETHERNET_WIRE_OVERHEAD_BYTES + 20 + 8 + 12 + 4;
    /** RDMA WRITE's extended transport header, in the first packet of each message (IBTA vol. 1, 9.3.2). */
    public static final int ROCE_RETH_BYTES = 16;
    /** What iboe_get_mtu (include/rdma/ib_addr.h) takes off the netdev MTU before picking the RoCE MTU. */
    static final int IBOE_MTU_RESERVED_BYTES = 40 + 8 + 12 + 4 + 28 + 4;

    /** The active RoCE MTU the kernel gives a port with this Ethernet MTU (iboe_get_mtu); 0 when none fits. */
    public static int roceActiveMtu(int ethernetMtuBytes) {
        int room = ethernetMtuBytes - IBOE_MTU_RESERVED_BYTES;
        for (int ib = 4096; ib >= 256; ib /= 2) {
            if (room >= ib) {
                return ib;
            }
        }
        return 0;
    }

    /**
     * Share of the Ethernet line rate left for RDMA payload over RoCEv2, in packets of {@code roceMtuBytes};
     * with {@code messageBytes} above zero, RDMA WRITE messages of that size (each cut into packets, the
     * last one short, and a RETH in its first); zero means messages so large that the RETH does not count.
     */
    public static double roceGoodput(int roceMtuBytes, long messageBytes) {
        if (Integer.bitCount(roceMtuBytes) != 1 || roceMtuBytes < 256 || roceMtuBytes > 4096) {
            throw new IllegalArgumentException("RoCE MTU " + roceMtuBytes + " is not an IB MTU (256, 512, 1024, 2048, 4096)");
        }
        if (messageBytes <= 0) {
            return (double) roceMtuBytes / (roceMtuBytes + ROCE_V2_PACKET_OVERHEAD_BYTES);
        }
        long packets = (messageBytes + roceMtuBytes - 1) / roceMtuBytes;
        return (double) messageBytes / (messageBytes + packets * ROCE_V2_PACKET_OVERHEAD_BYTES + ROCE_RETH_BYTES);
    }

    public static String roceAssumption(int ethernetMtuBytes, int roceMtuBytes, boolean mtuGiven, long messageBytes) {
        String mtu = mtuGiven ? String.format(Locale.ROOT, "RoCE MTU %d", roceMtuBytes)
                : String.format(Locale.ROOT, "RoCE MTU %d (the largest that Ethernet MTU %d allows)", roceMtuBytes,
                        ethernetMtuBytes);
        String per = messageBytes <= 0
                ? String.format(Locale.ROOT, "%d / (%d + 82: Ethernet 38, IPv4 20, UDP 8, BTH 12, ICRC 4)", roceMtuBytes,
                        roceMtuBytes)
                : String.format(Locale.ROOT, "RDMA WRITE of %d B: %s × 82 B of headers + RETH 16", messageBytes,
                        packets((messageBytes + roceMtuBytes - 1) / roceMtuBytes));
        return String.format(Locale.ROOT, "RoCEv2, %s: %s = %.1f %%", mtu, per, roceGoodput(roceMtuBytes, messageBytes) * 100);
    }

    private static String packets(long n) {
        return n == 1 ? "1 packet" : n + " packets";
    }

    private static void checkMtu(int mtuBytes) {
        if (mtuBytes < 576 || mtuBytes > 65536) {
            throw new IllegalArgumentException("MTU " + mtuBytes + " out of range (576..65536 bytes)");
        }
    }
}
