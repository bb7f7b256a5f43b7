package dev.wirespeed.facts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.TcpStats;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything known about one host, from one or more sources. The input of every {@link Rule}.
 * Build it with {@link #builder(String)}: records with the same key are merged (see
 * {@link dev.wirespeed.host} for how a parser builds facts).
 *
 * @param origin       where the facts come from: "sysfs /", "sysfs fixture-dir", "explain paste.txt"
 * @param interfaces   network interfaces, by name
 * @param rdmaDevices  RDMA devices with their ports, by name
 * @param pciFunctions PCI functions of NICs and HCAs, by address
 * @param cpu          CPUs, NUMA nodes, cpufreq policies
 * @param mounts       NFS mounts
 * @param settings     device settings sysfs does not show (mstconfig, mlnx_tune)
 * @param tcp          host-wide TCP counters
 * @param counters     counters of netdevs, RDMA ports and the host's IP/TCP stack, by scope + subject
 * @param measurements results parsed from tool output (iperf, perftest …); empty for sysfs
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"origin", "interfaces", "rdmaDevices", "pciFunctions", "cpu", "mounts", "settings", "tcp",
    "counters", "measurements"})
public record Facts(
        String origin,
        List<NetInterface> interfaces,
        List<RdmaDevice> rdmaDevices,
        List<PciFunction> pciFunctions,
        CpuTopology cpu,
        List<Mount> mounts,
        List<DeviceSetting> settings,
        TcpStats tcp,
        List<Counters> counters,
        List<Measurement> measurements) {

    public Facts {
        interfaces = List.copyOf(interfaces);
        rdmaDevices = List.copyOf(rdmaDevices);
        pciFunctions = List.copyOf(pciFunctions);
        mounts = List.copyOf(mounts);
        settings = List.copyOf(settings);
        counters = List.copyOf(counters);
        measurements = List.copyOf(measurements);
    }

    public static Builder builder(String origin) {
        return new Builder(origin);
    }

    public Optional<NetInterface> netInterface(String name) {
        return interfaces.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    public Optional<PciFunction> pciFunction(String address) {
        return pciFunctions.stream().filter(p -> p.address().equals(address)).findFirst();
    }

    /** Every RDMA port of every device. */
    @JsonIgnore
    public List<RdmaPort> rdmaPorts() {
        return rdmaDevices.stream().flatMap(d -> d.ports().stream()).toList();
    }

    public Optional<RdmaDevice> rdmaDevice(String name) {
        return rdmaDevices.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** The functions of one physical PCI device ("0000:04:00"): they share one PCIe link. */
    public List<PciFunction> functionsInSlot(String slot) {
        return pciFunctions.stream().filter(p -> p.slot().equals(slot)).toList();
    }

    /** The netdevs whose PCI function is {@code address}. */
    public List<NetInterface> interfacesOf(String address) {
        return interfaces.stream()
                .filter(i -> i.pciAddress().isPresent() && i.pciAddress().value().equals(address)).toList();
    }

    /** The RDMA devices whose PCI function is {@code address}. */
    public List<RdmaDevice> rdmaDevicesOf(String address) {
        return rdmaDevices.stream()
                .filter(d -> d.pciAddress().isPresent() && d.pciAddress().value().equals(address)).toList();
    }

    /** The netdev of an RDMA port, when known. */
    public Optional<NetInterface> netdevOf(RdmaPort port) {
        return port.netdev().isPresent() ? netInterface(port.netdev().value()) : Optional.empty();
    }

    /** The counters of one subject (scope + subject, see {@link Counters#key()}). */
    public Optional<Counters> counters(Counters.Scope scope, String subject) {
        return counters.stream().filter(c -> c.scope() == scope && c.subject().equals(subject)).findFirst();
    }

    /** The counters of a netdev, when read. */
    public Optional<Counters> countersOf(NetInterface i) {
        return counters(Counters.Scope.NETDEV, i.name());
    }

    /** The counters of an RDMA port, when read. */
    public Optional<Counters> countersOf(RdmaPort p) {
        return counters(Counters.Scope.RDMA_PORT, Counters.rdmaSubject(p.device(), p.port()));
    }

    /**
     * Collects facts; same-key records are merged attribute by attribute, the first value seen
     * winning over later ones (see {@link dev.wirespeed.host.Observed#or}).
     */
    public static final class Builder {
        private final String origin;
        private final Map<String, NetInterface> interfaces = new LinkedHashMap<>();
        private final Map<String, RdmaDevice> rdmaDevices = new LinkedHashMap<>();
        private final Map<String, PciFunction> pciFunctions = new LinkedHashMap<>();
        private CpuTopology cpu = CpuTopology.notSeen();
        private final List<Mount> mounts = new ArrayList<>();
        private final List<DeviceSetting> settings = new ArrayList<>();
        private TcpStats tcp = TcpStats.notSeen();
        private final Map<String, Counters> counters = new LinkedHashMap<>();
        private final List<Measurement> measurements = new ArrayList<>();

        private Builder(String origin) {
            this.origin = origin;
        }

        public Builder add(NetInterface i) {
            interfaces.merge(i.name(), i, NetInterface::merge);
            return this;
        }

        public Builder add(RdmaDevice d) {
            rdmaDevices.merge(d.name(), d, RdmaDevice::merge);
            return this;
        }

        /** A port seen without its device's attributes (ibstatus, iblinkinfo). */
        public Builder add(RdmaPort p) {
            return add(RdmaDevice.builder(p.device()).port(p).build());
        }

        public Builder add(PciFunction f) {
            pciFunctions.merge(f.address(), f, PciFunction::merge);
            return this;
        }

        public Builder cpu(CpuTopology c) {
            cpu = cpu.merge(c);
            return this;
        }

        public Builder add(Mount m) {
            mounts.add(m);
            return this;
        }

        public Builder add(DeviceSetting s) {
            settings.add(s);
            return this;
        }

        public Builder tcp(TcpStats t) {
            tcp = t;
            return this;
        }

        /** Counters of the same scope and subject are merged name by name (the first value wins). */
        public Builder add(Counters c) {
            if (!c.values().isEmpty()) {
                counters.merge(c.key(), c, Counters::merge);
            }
            return this;
        }

        public Builder add(Measurement m) {
            measurements.add(m);
            return this;
        }

        public Facts build() {
            return new Facts(origin, new ArrayList<>(interfaces.values()), new ArrayList<>(rdmaDevices.values()),
                    new ArrayList<>(pciFunctions.values()), cpu, mounts, settings, tcp,
                    new ArrayList<>(counters.values()), measurements);
        }
    }
}
