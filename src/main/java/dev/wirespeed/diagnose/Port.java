package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;

/**
 * A network port of an adapter: its netdev, its RDMA port, or both (RoCE, IPoIB).
 *
 * @param netdev the interface, or null
 * @param rdma   the RDMA port, or null
 */
public record Port(NetInterface netdev, RdmaPort rdma) {
    public Port {
        if (netdev == null && rdma == null) {
            throw new IllegalArgumentException("a port needs a netdev or an RDMA port");
        }
    }

    /** "mlx5_0 port 1 (enp1s0f0np0)", "enp6s0", "mlx4_0 port 2". */
    public String label() {
        if (rdma == null) {
            return netdev.name();
        }
        return rdma.label() + (netdev == null ? "" : " (" + netdev.name() + ")");
    }

    public boolean isInfiniband() {
        return rdma != null ? rdma.isInfiniband() : netdev.isIpoib();
    }

    /**
     * The physical link is up: LinkUp for an RDMA port (whatever its logical state), else the
     * netdev's operstate/carrier.
     */
    public boolean isPhysicallyUp() {
        if (rdma != null && rdma.physState().isPresent()) {
            return rdma.physState().value() == PhysState.LINK_UP;
        }
        if (rdma != null && rdma.state().isPresent()) {
            return rdma.state().value() == PortState.ACTIVE;
        }
        return netdev.isLinkUp();
    }

    /**
     * The data rate of the link in bit/s, or null when unknown: InfiniBand after the line code
     * (4X QDR = 32 Gbit/s; a bare ibstat number is taken as given), Ethernet its MAC rate.
     */
    public Double rateBitsPerSecond() {
        if (isInfiniband()) {
            if (rdma == null || !rdma.rate().isPresent()) {
                return null;
            }
            IbRate r = rdma.rate().value();
            Double data = r.infinibandDataGbps();
            if (data != null) {
                return data * 1e9;
            }
            return r.reportedGbps() == null ? null : r.reportedGbps() * 1e9;
        }
        if (netdev != null && netdev.speedMbps().isPresent()) {
            return netdev.speedMbps().value() * 1e6;
        }
        if (rdma != null && rdma.rate().isPresent() && rdma.rate().value().reportedGbps() != null) {
            // RoCE: the kernel reports the Ethernet speed in IB terms ("25 Gb/sec (1X EDR)").
            return rdma.rate().value().reportedGbps() * 1e9;
        }
        return null;
    }

    /** Where the rate was read. */
    public Evidence rateEvidence() {
        if (isInfiniband() || netdev == null || !netdev.speedMbps().isPresent()) {
            return rdma != null ? rdma.rate().evidence() : netdev.speedMbps().evidence();
        }
        return netdev.speedMbps().evidence();
    }
}
