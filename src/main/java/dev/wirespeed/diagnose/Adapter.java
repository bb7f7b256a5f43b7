package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.NicModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One physical NIC/HCA: the PCI functions of one device ("0000:04:00" — they share one PCIe link)
 * with their netdevs and RDMA ports. Facts without PCI addresses (pasted ibstat) make one adapter
 * per RDMA device or interface.
 *
 * @param key       the slot "0000:04:00", or the device/interface name when no PCI address is known
 * @param functions its PCI functions (may be empty)
 * @param link      the PCIe link: the first function's that shows one
 * @param linkOwner the PCI address the link was read from, or null
 * @param ports     its ports
 * @param model     the NIC family, when the id is in {@link NicModel}'s table
 */
public record Adapter(String key, List<PciFunction> functions, PcieLink link, String linkOwner, List<Port> ports,
                      Optional<NicModel> model) {

    /** "0000:04:00 ConnectX-4 Lx", "mlx5_0". */
    public String label() {
        return key + model.map(m -> " " + m.family()).orElse("");
    }

    /** Groups the facts' physical interfaces and RDMA devices into adapters, in address order. */
    public static List<Adapter> of(Facts facts) {
        Map<String, List<PciFunction>> bySlot = new LinkedHashMap<>();
        facts.pciFunctions().stream().sorted(Comparator.comparing(PciFunction::address))
                .forEach(f -> bySlot.computeIfAbsent(f.slot(), s -> new ArrayList<>()).add(f));
        List<Adapter> out = new ArrayList<>();
        List<String> usedNetdevs = new ArrayList<>();
        List<String> usedRdma = new ArrayList<>();
        for (Map.Entry<String, List<PciFunction>> e : bySlot.entrySet()) {
            List<Port> ports = new ArrayList<>();
            for (PciFunction f : e.getValue()) {
                List<NetInterface> netdevs = facts.interfacesOf(f.address()).stream()
                        .filter(i -> !i.isVirtual()).toList();
                List<RdmaDevice> rdma = facts.rdmaDevicesOf(f.address());
                ports.addAll(pair(facts, netdevs, rdma));
                netdevs.forEach(i -> usedNetdevs.add(i.name()));
                rdma.forEach(d -> usedRdma.add(d.name()));
            }
            out.add(build(e.getKey(), e.getValue(), ports));
        }
        for (RdmaDevice d : facts.rdmaDevices()) {
            if (usedRdma.contains(d.name())) {
                continue;
            }
            List<NetInterface> netdevs = d.ports().stream()
                    .map(p -> facts.netdevOf(p).orElse(null)).filter(Objects::nonNull).toList();
            netdevs.forEach(i -> usedNetdevs.add(i.name()));
            out.add(build(d.name(), List.of(), pair(facts, netdevs, List.of(d)), d));
        }
        for (NetInterface i : facts.interfaces()) {
            if (usedNetdevs.contains(i.name()) || i.isVirtual()) {
                continue;
            }
            out.add(build(i.name(), List.of(), List.of(new Port(i, null))));
        }
        return out;
    }

    /**
     * Pairs RDMA ports with netdevs: by the port's netdev name when known; else, when a function
     * has as many netdevs as RDMA ports, in name order (mlx4: ib0/ib1 ↔ ports 1/2).
     */
    private static List<Port> pair(Facts facts, List<NetInterface> netdevs, List<RdmaDevice> devices) {
        List<RdmaPort> rdmaPorts = devices.stream().flatMap(d -> d.ports().stream()).toList();
        List<NetInterface> free = new ArrayList<>(netdevs.stream().sorted(Comparator.comparing(NetInterface::name)).toList());
        List<Port> out = new ArrayList<>();
        List<RdmaPort> unpaired = new ArrayList<>();
        for (RdmaPort p : rdmaPorts) {
            Optional<NetInterface> named = p.netdev().isPresent()
                    ? free.stream().filter(i -> i.name().equals(p.netdev().value())).findFirst()
                    : Optional.empty();
            if (named.isEmpty() && p.netdev().isPresent()) {
                named = facts.netInterface(p.netdev().value());
            }
            if (named.isPresent()) {
                free.remove(named.get());
                out.add(new Port(named.get(), p));
            } else {
                unpaired.add(p);
            }
        }
        if (!unpaired.isEmpty() && unpaired.size() == free.size()) {
            for (int i = 0; i < unpaired.size(); i++) {
                out.add(new Port(free.get(i), unpaired.get(i)));
            }
            free.clear();
        } else {
            unpaired.forEach(p -> out.add(new Port(null, p)));
        }
        free.forEach(i -> out.add(new Port(i, null)));
        return out;
    }

    private static Adapter build(String key, List<PciFunction> functions, List<Port> ports) {
        return build(key, functions, ports, null);
    }

    private static Adapter build(String key, List<PciFunction> functions, List<Port> ports, RdmaDevice fallbackIds) {
        PcieLink link = PcieLink.notSeen();
        String owner = null;
        for (PciFunction f : functions) {
            if (f.link().currentGts().isPresent() || f.link().currentWidth().isPresent()) {
                link = f.link();
                owner = f.link().linkOwner() != null ? f.link().linkOwner() : f.address();
                break;
            }
        }
        if (owner == null && !functions.isEmpty()) {
            link = functions.getFirst().link();
        }
        Optional<NicModel> model = Optional.empty();
        for (PciFunction f : functions) {
            if (f.vendorId().isPresent() && f.deviceId().isPresent()) {
                model = NicModel.lookup(f.vendorId().value(), f.deviceId().value());
                break;
            }
        }
        if (model.isEmpty() && fallbackIds != null && fallbackIds.partId().isPresent()) {
            Observed<Integer> vendor = fallbackIds.vendorId();
            model = NicModel.lookup(vendor.isPresent() ? vendor.value() : NicModel.MELLANOX, fallbackIds.partId().value());
        }
        // pasted output often names the family but not the ids (OFED installer, mlx5cmd)
        for (PciFunction f : functions) {
            if (model.isEmpty() && f.description().isPresent()) {
                model = NicModel.byName(f.description().value());
            }
        }
        return new Adapter(key, List.copyOf(functions), link, owner, List.copyOf(ports), model);
    }
}
