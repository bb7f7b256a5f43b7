package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One port of an RDMA device: /sys/class/infiniband/DEV/ports/N, or ibstat, ibstatus,
 * ibv_devinfo, iblinkinfo output. Key: device name + port number.
 *
 * @param device         the RDMA device name ("mlx5_0", "ibp171s0")
 * @param port           port number, from 1
 * @param state          logical state (ACTIVE, INIT …)
 * @param physState      physical state (LinkUp, Polling, Disabled …)
 * @param rate           the active rate as reported
 * @param linkLayer      InfiniBand or Ethernet (RoCE)
 * @param lid            the port's LID (InfiniBand; 0 on RoCE)
 * @param smLid          the subnet manager's LID; 0 on an InfiniBand port means no SM has configured it
 * @param gid0           GID index 0
 * @param netdev         the netdev of this port (RoCE: gid_attrs/ndevs/0; IPoIB: the child interface)
 * @param activeMtuBytes active IB MTU in bytes (ibv_devinfo "active_mtu: 4096 (5)")
 */
@JsonPropertyOrder({"device", "port", "state", "physState", "rate", "linkLayer", "lid", "smLid", "gid0", "netdev",
    "activeMtuBytes"})
public record RdmaPort(
        String device,
        int port,
        Observed<PortState> state,
        Observed<PhysState> physState,
        Observed<IbRate> rate,
        Observed<LinkLayer> linkLayer,
        Observed<Integer> lid,
        Observed<Integer> smLid,
        Observed<String> gid0,
        Observed<String> netdev,
        Observed<Integer> activeMtuBytes) {

    public static Builder builder(String device, int port) {
        return new Builder(device, port);
    }

    /** "mlx5_0 port 1" — how findings name the port. */
    @JsonIgnore
    public String label() {
        return device + " port " + port;
    }

    @JsonIgnore
    public boolean isInfiniband() {
        return linkLayer.orElse(null) == LinkLayer.INFINIBAND;
    }

    @JsonIgnore
    public boolean isEthernet() {
        return linkLayer.orElse(null) == LinkLayer.ETHERNET;
    }

    @JsonIgnore
    public boolean isActive() {
        return state.orElse(null) == PortState.ACTIVE;
    }

    public RdmaPort merge(RdmaPort o) {
        return new RdmaPort(device, port, state.or(o.state), physState.or(o.physState), rate.or(o.rate),
                linkLayer.or(o.linkLayer), lid.or(o.lid), smLid.or(o.smLid), gid0.or(o.gid0), netdev.or(o.netdev),
                activeMtuBytes.or(o.activeMtuBytes));
    }

    public static final class Builder {
        private final String device;
        private final int port;
        private Observed<PortState> state = Observed.notSeen();
        private Observed<PhysState> physState = Observed.notSeen();
        private Observed<IbRate> rate = Observed.notSeen();
        private Observed<LinkLayer> linkLayer = Observed.notSeen();
        private Observed<Integer> lid = Observed.notSeen();
        private Observed<Integer> smLid = Observed.notSeen();
        private Observed<String> gid0 = Observed.notSeen();
        private Observed<String> netdev = Observed.notSeen();
        private Observed<Integer> activeMtuBytes = Observed.notSeen();

        private Builder(String device, int port) {
            this.device = device;
            this.port = port;
        }

        public Builder state(Observed<PortState> v) { state = v; return this; }
        public Builder physState(Observed<PhysState> v) { physState = v; return this; }
        public Builder rate(Observed<IbRate> v) { rate = v; return this; }
        public Builder linkLayer(Observed<LinkLayer> v) { linkLayer = v; return this; }
        public Builder lid(Observed<Integer> v) { lid = v; return this; }
        public Builder smLid(Observed<Integer> v) { smLid = v; return this; }
        public Builder gid0(Observed<String> v) { gid0 = v; return this; }
        public Builder netdev(Observed<String> v) { netdev = v; return this; }
        public Builder activeMtuBytes(Observed<Integer> v) { activeMtuBytes = v; return this; }

        public RdmaPort build() {
            return new RdmaPort(device, port, state, physState, rate, linkLayer, lid, smLid, gid0, netdev, activeMtuBytes);
        }
    }
}
