package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A network interface (netdev): /sys/class/net/NAME, or `ip link`/ethtool/mlnx_tune output.
 *
 * @param name        the interface name, the key when facts are merged
 * @param type        ARPHRD type (include/uapi/linux/if_arp.h): 1 Ethernet, 32 InfiniBand (IPoIB), 772 loopback
 * @param virtual     true when the kernel has no device behind it (/sys/devices/virtual: bridges, veth, ifb, lo)
 * @param operState   "up", "down", "unknown", "lowerlayerdown" … (RFC 2863 operStatus as the kernel names it)
 * @param adminUp     IFF_UP of /sys/class/net/NAME/flags: the administrator's "ip link set up"
 * @param carrier     link detected by the NIC
 * @param speedMbps   negotiated speed in Mbit/s (decimal); the kernel's -1 ("unknown") is absent with raw "-1"
 * @param mtuBytes    MTU in bytes (IP packet size, without the Ethernet header)
 * @param address     link-layer address
 * @param pciAddress  "0000:04:00.0" of the PCI function behind it (the device link, or its parent for virtio)
 * @param driver      kernel driver name ("mlx5_core", "virtio_net")
 * @param numaNode    the NUMA node of the device; the kernel's -1 (no affinity) is absent with raw "-1"
 * @param ipoibMode   "datagram" or "connected" (IPoIB only: /sys/class/net/NAME/mode)
 * @param pause       Ethernet pause frames (ethtool -a); sysfs does not show them
 * @param roceEcn     RoCE ECN (DCQCN) per priority, mlx5's /sys/class/net/NAME/ecn (not seen elsewhere)
 * @param ring        descriptor ring sizes and their maximums (ethtool -g); sysfs does not show them
 */
@JsonPropertyOrder({"name", "type", "virtual", "operState", "adminUp", "carrier", "speedMbps", "mtuBytes", "address",
    "pciAddress", "driver", "numaNode", "ipoibMode", "pause", "roceEcn", "ring"})
public record NetInterface(
        String name,
        Observed<Integer> type,
        Observed<Boolean> virtual,
        Observed<String> operState,
        Observed<Boolean> adminUp,
        Observed<Boolean> carrier,
        Observed<Long> speedMbps,
        Observed<Integer> mtuBytes,
        Observed<String> address,
        Observed<String> pciAddress,
        Observed<String> driver,
        Observed<Integer> numaNode,
        Observed<String> ipoibMode,
        Observed<PauseFrames> pause,
        Observed<RoceEcn> roceEcn,
        Observed<RingSizes> ring) {

    public static final int ARPHRD_ETHER = 1;
    public static final int ARPHRD_INFINIBAND = 32;
    public static final int ARPHRD_LOOPBACK = 772;

    public static Builder builder(String name) {
        return new Builder(name);
    }

    @JsonIgnore
    public boolean isEthernet() {
        return type.orElse(-1) == ARPHRD_ETHER;
    }

    @JsonIgnore
    public boolean isIpoib() {
        return type.orElse(-1) == ARPHRD_INFINIBAND;
    }

    /** Whether the IPoIB mode was read and is {@code mode}. */
    @JsonIgnore
    public boolean isIpoibMode(IpoibMode mode) {
        return ipoibMode.isPresent() && IpoibMode.of(ipoibMode.value()).orElse(null) == mode;
    }

    @JsonIgnore
    public boolean isLoopback() {
        return type.orElse(-1) == ARPHRD_LOOPBACK;
    }

    /** True only when known to be virtual; unknown counts as physical. */
    @JsonIgnore
    public boolean isVirtual() {
        return virtual.orElse(false) || isLoopback();
    }

    /** Link up: operstate "up", or a carrier when operstate is not known. */
    @JsonIgnore
    public boolean isLinkUp() {
        if (operState.isPresent()) {
            return operState.value().equals("up");
        }
        return carrier.orElse(false);
    }

    /**
     * Field by field, this record's values first, then {@code other}'s (see {@link Observed#or}); the
     * ring sizes the other way round: a later {@code ethtool -g} shows the ring after an
     * {@code ethtool -G} in the same paste.
     */
    public NetInterface merge(NetInterface other) {
        return new NetInterface(name, type.or(other.type), virtual.or(other.virtual), operState.or(other.operState),
                adminUp.or(other.adminUp), carrier.or(other.carrier), speedMbps.or(other.speedMbps),
                mtuBytes.or(other.mtuBytes), address.or(other.address), pciAddress.or(other.pciAddress),
                driver.or(other.driver), numaNode.or(other.numaNode), ipoibMode.or(other.ipoibMode),
                pause.or(other.pause), roceEcn.or(other.roceEcn), other.ring.or(ring));
    }

    /** Every attribute starts as not seen; set what your source shows. */
    public static final class Builder {
        private final String name;
        private Observed<Integer> type = Observed.notSeen();
        private Observed<Boolean> virtual = Observed.notSeen();
        private Observed<String> operState = Observed.notSeen();
        private Observed<Boolean> adminUp = Observed.notSeen();
        private Observed<Boolean> carrier = Observed.notSeen();
        private Observed<Long> speedMbps = Observed.notSeen();
        private Observed<Integer> mtuBytes = Observed.notSeen();
        private Observed<String> address = Observed.notSeen();
        private Observed<String> pciAddress = Observed.notSeen();
        private Observed<String> driver = Observed.notSeen();
        private Observed<Integer> numaNode = Observed.notSeen();
        private Observed<String> ipoibMode = Observed.notSeen();
        private Observed<PauseFrames> pause = Observed.notSeen();
        private Observed<RoceEcn> roceEcn = Observed.notSeen();
        private Observed<RingSizes> ring = Observed.notSeen();

        private Builder(String name) {
            this.name = name;
        }

        public Builder type(Observed<Integer> v) { type = v; return this; }
        public Builder virtual(Observed<Boolean> v) { virtual = v; return this; }
        public Builder operState(Observed<String> v) { operState = v; return this; }
        public Builder adminUp(Observed<Boolean> v) { adminUp = v; return this; }
        public Builder carrier(Observed<Boolean> v) { carrier = v; return this; }
        public Builder speedMbps(Observed<Long> v) { speedMbps = v; return this; }
        public Builder mtuBytes(Observed<Integer> v) { mtuBytes = v; return this; }
        public Builder address(Observed<String> v) { address = v; return this; }
        public Builder pciAddress(Observed<String> v) { pciAddress = v; return this; }
        public Builder driver(Observed<String> v) { driver = v; return this; }
        public Builder numaNode(Observed<Integer> v) { numaNode = v; return this; }
        public Builder ipoibMode(Observed<String> v) { ipoibMode = v; return this; }
        public Builder pause(Observed<PauseFrames> v) { pause = v; return this; }
        public Builder roceEcn(Observed<RoceEcn> v) { roceEcn = v; return this; }
        public Builder ring(Observed<RingSizes> v) { ring = v; return this; }

        public NetInterface build() {
            return new NetInterface(name, type, virtual, operState, adminUp, carrier, speedMbps, mtuBytes, address,
                    pciAddress, driver, numaNode, ipoibMode, pause, roceEcn, ring);
        }
    }
}
