package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.NicModel;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which driver carries an IPoIB interface, because it decides the fix: mlx4 (ConnectX-3) and the
 * other HCAs run IPoIB's own datagram and connected modes; mlx5 (Connect-IB, ConnectX-4 and later)
 * gives IPoIB its enhanced offload ("rdma_netdev", ipoib_intf_init in
 * drivers/infiniband/ulp/ipoib/ipoib_main.c), which never sets the RC flag in the hardware address
 * that ipoib_set_mode requires for "connected", so writing it fails with EINVAL (RHEL 9 "Configuring
 * IPoIB": ConnectX-4 and later use Enhanced IPoIB, datagram only). MLNX_OFED up to 5.8 can turn it
 * off with ib_ipoib's ipoib_enhanced=0 (MLNX_OFED 5.8 "IP over InfiniBand"); its 23.10 documentation
 * lists datagram only.
 *
 * @param driver   "mlx4", "mlx5" or "other" (a known driver that is neither)
 * @param evidence what told it
 */
record IpoibDriver(String driver, Evidence evidence) {
    static final String MLX4 = "mlx4";
    static final String MLX5 = "mlx5";
    static final String OTHER = "other";

    /**
     * The driver of {@code i}: its own driver fact; else its RDMA port's device (name, CA type, part
     * id) or PCI function (family); else the one driver every RDMA device of the host has. Empty when
     * the facts cannot tell.
     */
    static Optional<IpoibDriver> of(Facts facts, NetInterface i) {
        if (i.driver().isPresent()) {
            Optional<String> d = byDriverName(i.driver().value());
            if (d.isPresent()) {
                return Optional.of(new IpoibDriver(d.get(), i.driver().evidence()));
            }
        }
        for (RdmaDevice dev : facts.rdmaDevices()) {
            for (RdmaPort p : dev.ports()) {
                if (p.netdev().isPresent() && p.netdev().value().equals(i.name())) {
                    Optional<IpoibDriver> d = of(facts, dev);
                    if (d.isPresent()) {
                        return d;
                    }
                }
            }
        }
        if (i.pciAddress().isPresent()) {
            Optional<IpoibDriver> d = byPci(facts, i.pciAddress().value());
            if (d.isPresent()) {
                return d;
            }
        }
        Set<String> drivers = new LinkedHashSet<>();
        IpoibDriver any = null;
        for (RdmaDevice dev : facts.rdmaDevices()) {
            if (dev.ports().stream().anyMatch(RdmaPort::isEthernet) && dev.ports().stream().noneMatch(RdmaPort::isInfiniband)) {
                continue; // a RoCE device carries no IPoIB
            }
            Optional<IpoibDriver> d = of(facts, dev);
            if (d.isEmpty()) {
                return Optional.empty(); // a device of unknown kind: it may be this interface's
            }
            drivers.add(d.get().driver());
            any = d.get();
        }
        return drivers.size() == 1 ? Optional.of(any) : Optional.empty();
    }

    private static Optional<IpoibDriver> of(Facts facts, RdmaDevice dev) {
        Optional<String> byName = dev.name().startsWith("mlx4_") ? Optional.of(MLX4)
                : dev.name().startsWith("mlx5_") ? Optional.of(MLX5) : Optional.empty();
        if (byName.isPresent()) {
            return Optional.of(new IpoibDriver(byName.get(), new Evidence("RDMA device", dev.name())));
        }
        Integer part = dev.partId().isPresent() ? dev.partId().value() : null;
        Evidence ev = dev.partId().isPresent() ? dev.partId().evidence() : null;
        if (part == null && dev.hcaType().isPresent() && dev.hcaType().value().matches("MT\\d{4,5}")) {
            part = Integer.parseInt(dev.hcaType().value().substring(2)); // "MT4119": the PCI device id in decimal
            ev = dev.hcaType().evidence();
        }
        if (part != null) {
            Optional<String> d = NicModel.lookup(NicModel.MELLANOX, part).map(IpoibDriver::byFamily);
            if (d.isPresent()) {
                return Optional.of(new IpoibDriver(d.get(), ev));
            }
        }
        return dev.pciAddress().isPresent() ? byPci(facts, dev.pciAddress().value()) : Optional.empty();
    }

    private static Optional<IpoibDriver> byPci(Facts facts, String address) {
        return facts.pciFunction(address).flatMap(f -> {
            if (f.driver().isPresent() && byDriverName(f.driver().value()).isPresent()) {
                return Optional.of(new IpoibDriver(byDriverName(f.driver().value()).get(), f.driver().evidence()));
            }
            if (f.vendorId().isPresent() && f.deviceId().isPresent()) {
                return NicModel.lookup(f.vendorId().value(), f.deviceId().value())
                        .map(m -> new IpoibDriver(byFamily(m), f.deviceId().evidence()));
            }
            return Optional.empty();
        });
    }

    private static Optional<String> byDriverName(String driver) {
        String d = driver.toLowerCase(Locale.ROOT);
        if (d.startsWith("mlx5")) {
            return Optional.of(MLX5);
        }
        if (d.startsWith("mlx4")) {
            return Optional.of(MLX4);
        }
        return d.isBlank() ? Optional.empty() : Optional.of(OTHER);
    }

    /** ConnectX-3 and -3 Pro run mlx4; every later Mellanox/NVIDIA family (and Connect-IB) mlx5. */
    private static String byFamily(NicModel m) {
        if (m.vendorId() != NicModel.MELLANOX) {
            return OTHER;
        }
        return m.family().startsWith("ConnectX-3") ? MLX4 : MLX5;
    }
}
