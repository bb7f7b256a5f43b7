package dev.wirespeed.limits;

import java.util.Locale;

/** Link stages: Ethernet and InfiniBand rates with the protocol carried on them. */
public final class Links {
    private Links() {}

    /** Share of the IB data rate left for RDMA payload in 4096-byte packets (LRH 8, BTH 12, ICRC 4, VCRC 2). */
    static double rdmaEfficiency() {
        return 4096.0 / (4096 + Framing.IB_LRH_BTH_CRC_BYTES);
    }

    /**
     * {@code ports} Ethernet ports of {@code gbpsPerPort} each, carrying TCP/IPv4 at {@code mtuBytes}.
     * Ethernet rates are MAC data rates (the PHY's line code is below them).
     */
    public static Stage ethernet(double gbpsPerPort, int ports, int mtuBytes) {
        double raw = gbpsPerPort * 1e9 * ports;
        String name = (ports == 1 ? "" : ports + " × ") + formatGbps(gbpsPerPort) + "GbE";
        return new Stage(Stage.LINK, name + ", TCP at MTU " + mtuBytes, raw, raw * Framing.ethernetTcpGoodput(mtuBytes),
                Framing.ethernetAssumption(mtuBytes));
    }

    /**
     * {@code ports} Ethernet ports carrying RoCEv2 (RDMA) at Ethernet MTU {@code mtuBytes}, in packets of
     * {@code roceMtuBytes} (null: the kernel's choice for that MTU), RDMA WRITE messages of
     * {@code messageBytes} when above zero (see {@link Framing#roceGoodput}).
     */
    public static Stage roce(double gbpsPerPort, int ports, int mtuBytes, Integer roceMtuBytes, long messageBytes) {
        double raw = gbpsPerPort * 1e9 * ports;
        int roceMtu = roceMtuBytes != null ? roceMtuBytes : Framing.roceActiveMtu(mtuBytes);
        String name = (ports == 1 ? "" : ports + " × ") + formatGbps(gbpsPerPort) + "GbE, RoCEv2 at MTU " + mtuBytes;
        return new Stage(Stage.LINK, name, raw, raw * Framing.roceGoodput(roceMtu, messageBytes),
                Framing.roceAssumption(mtuBytes, roceMtu, roceMtuBytes != null, messageBytes));
    }

    /**
     * An InfiniBand link of {@code width} lanes at {@code speed}, carrying RDMA, or TCP over IPoIB
     * when {@code ipoibConnected} is non-null (true = connected mode) with {@code ipoibMtu}.
     */
    public static Stage infiniband(int width, IbSpeed speed, int ports, Boolean ipoibConnected, Integer ipoibMtu) {
        double data = width * speed.dataGbpsPerLane() * 1e9 * ports;
        String link = (ports == 1 ? "" : ports + " × ") + "InfiniBand " + width + "X " + speed.name();
        String code = String.format(Locale.ROOT, "%d lanes × %s Gbit/s signal, %s → %s Gbit/s data", width,
                formatGbps(speed.signalGbpsPerLane()), speed.encoding(), formatGbps(width * speed.dataGbpsPerLane()));
        if (ipoibConnected == null) {
            return new Stage(Stage.LINK, link + ", RDMA", data, data * rdmaEfficiency(),
                    code + String.format(Locale.ROOT, "; RDMA payload in 4096-byte IB packets + 26 B headers = %.1f %%",
                            rdmaEfficiency() * 100));
        }
        int mtu = ipoibMtu != null ? ipoibMtu : ipoibConnected ? Framing.IPOIB_CONNECTED_MTU : Framing.IPOIB_DATAGRAM_MTU;
        double goodput = Framing.ipoibTcpGoodput(ipoibConnected, mtu);
        return new Stage(Stage.LINK, link + ", TCP over IPoIB " + (ipoibConnected ? "connected" : "datagram"),
                data, data * goodput, code + "; " + Framing.ipoibAssumption(ipoibConnected, mtu));
    }

    /** "25", "2.5", "13.64", "25.78125" — no trailing zeros. */
    public static String formatGbps(double gbps) {
        if (gbps == Math.rint(gbps)) {
            return Long.toString((long) gbps);
        }
        String s = String.format(Locale.ROOT, "%.5f", gbps);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
