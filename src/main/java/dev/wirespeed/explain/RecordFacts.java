package dev.wirespeed.explain;

import dev.wirespeed.host.CounterNames;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PauseFrames;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.RingSizes;
import dev.wirespeed.host.Services;
import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.fio.FioDiskUtil;
import dev.wirespeed.parse.fio.FioJob;
import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.host.DriverInfo;
import dev.wirespeed.parse.host.EthtoolSettings;
import dev.wirespeed.parse.host.KernelModule;
import dev.wirespeed.parse.host.LinkEvent;
import dev.wirespeed.parse.host.ModuleEvent;
import dev.wirespeed.parse.host.TransceiverModule;
import dev.wirespeed.parse.host.HealthEvent;
import dev.wirespeed.parse.host.NfsMount;
import dev.wirespeed.parse.host.PauseSettings;
import dev.wirespeed.parse.host.PcieBandwidthLine;
import dev.wirespeed.parse.host.QosSettings;
import dev.wirespeed.parse.host.TopologyDevice;
import dev.wirespeed.parse.host.TopologyMachine;
import dev.wirespeed.parse.ib.IbLink;
import dev.wirespeed.parse.ib.IbNode;
import dev.wirespeed.parse.iperf.Iperf3Result;
import dev.wirespeed.parse.iperf.IperfHeader;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.nccl.NcclRow;
import dev.wirespeed.parse.nccl.NcclSummary;
import dev.wirespeed.parse.mlx.MlxSetting;
import dev.wirespeed.parse.mlx.MstDevice;
import dev.wirespeed.parse.mlx.MstModule;
import dev.wirespeed.parse.mlx.TuneItem;
import dev.wirespeed.parse.other.MdcliRecord;
import dev.wirespeed.parse.other.ZeroTierPeer;
import dev.wirespeed.parse.perftest.CpuFrequencyWarning;
import dev.wirespeed.parse.perftest.PerftestError;
import dev.wirespeed.parse.perftest.PerftestBwRow;
import dev.wirespeed.parse.perftest.PerftestHeader;
import dev.wirespeed.parse.perftest.PerftestLatRow;
import dev.wirespeed.parse.qperf.QperfValue;
import dev.wirespeed.parse.sockperf.SockperfResult;
import dev.wirespeed.results.Measurement;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns parsed records into the host fact model ({@link dev.wirespeed.host}), the same records
 * doctor reads from sysfs, so one rule set diagnoses both. Values are converted to the sysfs
 * meaning with the fact model's own parsers; each carries its source as "FORMAT, INPUT line N".
 * Records with no host counterpart (fabric links, ZeroTier peers, MD-CLI objects, result rows)
 * are left to the log rules.
 */
final class RecordFacts {
    private RecordFacts() {}

    private static final Pattern MLNX_PCI_SECTION = Pattern.compile(".* Device Status on PCI ([0-9a-fA-F:.]+)");
    private static final Pattern MLNX_PORT_SECTION = Pattern.compile("(\\S+) \\(Port (\\d+)\\) Status");
    private static final Pattern IB_COUNTER_PORT = Pattern.compile("(.+?) port (\\d{1,3}|ALL)(?: \\(.*\\))?");
    private static final Pattern GBE = Pattern.compile("([\\d.]+)GbE");
    private static final Pattern MLNX_OFED = Pattern.compile("(MLNX_OFED_LINUX|OFED-internal)-(\\d[\\w.-]*\\d)");

    /** Adds what one parsed block says to {@code b}. */
    static void add(Facts.Builder b, Parsed p, String input) {
        add(b, p, input, k -> true);
    }

    /** As above, with only the measurements whose index in the block {@code result} accepts. */
    static void add(Facts.Builder b, Parsed p, String input, java.util.function.IntPredicate result) {
        ToFacts facts = new ToFacts(b);
        for (ParsedRecord r : p.records()) {
            facts.src = p.format() + ", " + input + " line " + r.source().line();
            facts.format = p.format();
            r.accept(facts);
        }
        facts.finish();
        for (int k = 0; k < p.measurements().size(); k++) {
            if (result.test(k)) {
                b.add(p.measurements().get(k));
            }
        }
    }

    /**
     * One method per record type, so that a new type must say what it gives the host fact model.
     * The records that give nothing are listed at the end, each with the reason.
     */
    private static final class ToFacts implements RecordVisitor<Void> {
        private final Facts.Builder b;
        private String src;
        private String format;
        /** mlnx_tune prints a PCI section header, then the items of that device. */
        private String lastTunePci;

        ToFacts(Facts.Builder b) {
            this.b = b;
        }

        @Override
        public Void visit(dev.wirespeed.parse.ib.RdmaDeviceRecord d) {
            b.add(device(d, src));
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.ib.RdmaPortRecord port) {
            b.add(port(port, src));
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.pci.PciDevice d) {
            pci(d.address(), src).ifPresent(f -> {
                PciFunction.Builder fb = PciFunction.builder(f);
                if (d.description() != null) { // lspci -t without -v names no device
                    fb.description(text(d.description(), src));
                }
                if (d.driver() != null) {
                    fb.driver(text(d.driver(), src));
                }
                if (d.numaNode() != null) {
                    fb.numaNode(Observed.of(d.numaNode(), d.numaNode().toString(), src));
                }
                if (d.partNumber() != null) { // lspci -vvv's VPD "[PN] Part number:"
                    b.add(new DeviceSetting(f, dev.wirespeed.host.CardIdentity.PART_NUMBER, d.partNumber(),
                            new Evidence(src, d.partNumber())));
                }
                b.add(fb.build());
            });
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.pci.PcieLinkRecord l) {
            pci(l.address(), src).ifPresent(f -> b.add(PciFunction.builder(f).link(link(capabilityOfDevice(format, l), src))
                    .build()));
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.host.NetInterfaceRecord n) {
            NetInterface.Builder nb = NetInterface.builder(n.name());
            if (n.state() != null) {
                nb.operState(Observed.of(n.state().toLowerCase(Locale.ROOT), n.state(), src));
            }
            if (n.mtuBytes() != null) {
                nb.mtuBytes(Observed.of(n.mtuBytes(), n.mtuBytes().toString(), src));
            }
            if (n.linkType() != null) {
                nb.type(Observed.of(n.linkType().equals("infiniband") ? NetInterface.ARPHRD_INFINIBAND
                        : n.linkType().equals("loopback") ? NetInterface.ARPHRD_LOOPBACK : NetInterface.ARPHRD_ETHER,
                        "link/" + n.linkType(), src));
            }
            if (n.ipoibMode() != null) {
                nb.ipoibMode(Observed.of(n.ipoibMode(), "ipoib pkey " + n.pkey() + " mode " + n.ipoibMode(), src));
            }
            interfaceFlags(nb, n, src);
            b.add(nb.build());
            return null;
        }

        /**
         * ip's flags as sysfs says them: UP is the administrative state (IFF_UP), NO-CARRIER and LOWER_UP
         * the carrier; a name the kernel gives only virtual devices marks the interface virtual, as
         * /sys/devices/virtual does for doctor (an ifb0 that is down is no broken cable).
         */
        private static void interfaceFlags(NetInterface.Builder nb, dev.wirespeed.parse.host.NetInterfaceRecord n, String src) {
            if (n.flags() != null && !n.flags().isEmpty()) {
                String raw = "<" + String.join(",", n.flags()) + ">";
                nb.adminUp(Observed.of(n.flags().contains("UP"), raw, src));
                if (n.flags().contains("NO-CARRIER")) {
                    nb.carrier(Observed.of(false, raw, src));
                } else if (n.flags().contains("LOWER_UP")) {
                    nb.carrier(Observed.of(true, raw, src));
                }
            }
            if (dev.wirespeed.host.VirtualNames.virtual(n.name())) {
                nb.virtual(Observed.of(true, n.name(), src + " (a name only virtual devices get)"));
            }
        }

        @Override
        public Void visit(EthtoolSettings e) {
            if (e.iface() == null) {
                return null;
            }
            NetInterface.Builder nb = NetInterface.builder(e.iface());
            if (e.speed() != null) {
                nb.speedMbps(Observed.of(Math.round(e.speed().value() / 1e6), e.speed().raw(), src));
            }
            // "Link detected" is the carrier (ethtool_op_get_link: netif_carrier_ok), as sysfs carrier says it
            if (e.linkDetected() != null) {
                nb.carrier(Observed.of(e.linkDetected(), "Link detected: " + (e.linkDetected() ? "yes" : "no")
                        + (e.linkDetail() == null ? "" : " (" + e.linkDetail() + ")"), src));
            }
            // IEEE 802.3 link modes ("25000baseSR/Full") or an Ethernet port type name an Ethernet netdev
            if (ethernetModes(e.supportedModes()) || ethernetModes(e.advertisedModes())) {
                nb.type(Observed.of(NetInterface.ARPHRD_ETHER, "Supported link modes", src));
            }
            b.add(nb.build());
            return null;
        }

        private static boolean ethernetModes(List<String> modes) {
            return modes != null && modes.stream().anyMatch(m -> m.matches("\\d+base[A-Za-z0-9_]+(/(Full|Half))?"));
        }

        @Override
        public Void visit(PauseSettings ps) {
            pauseCounters(ps, src).ifPresent(b::add);
            if (ps.iface() != null) {
                b.add(NetInterface.builder(ps.iface())
                        .pause(Observed.of(new PauseFrames(ps.autoNegotiate(), ps.rx(), ps.tx()),
                                "RX " + onOff(ps.rx()) + ", TX " + onOff(ps.tx()), src)).build());
            }
            return null;
        }

        @Override
        public Void visit(DriverInfo di) {
            if (di.iface() != null) {
                NetInterface.Builder nb = NetInterface.builder(di.iface());
                if (di.driver() != null) {
                    nb.driver(text(di.driver(), src));
                }
                pci(di.busInfo(), src).ifPresent(a -> nb.pciAddress(Observed.of(a, di.busInfo(), src)));
                b.add(nb.build());
            }
            return null;
        }

        @Override
        public Void visit(NfsMount m) {
            b.add(new Mount(m.export(), m.mountPoint(), "nfs" + (m.version() == null ? "" : m.version()),
                    String.join(",", m.options().entrySet().stream()
                            .map(e -> e.getValue().isEmpty() ? e.getKey() : e.getKey() + "=" + e.getValue()).toList()),
                    m.transport() == null ? Observed.absent(src) : Observed.of(m.transport(), "proto=" + m.transport(), src),
                    new Evidence(src, m.source().text().strip())));
            return null;
        }

        @Override
        public Void visit(TopologyDevice t) {
            pci(t.address(), src).ifPresent(a -> {
                if (t.numaNode() != null) {
                    b.add(PciFunction.builder(a).numaNode(Observed.of(t.numaNode(), "NUMANode P#" + t.numaNode(), src))
                            .build());
                }
                t.netdevs().forEach(n -> b.add(NetInterface.builder(n).pciAddress(Observed.of(a, t.address(), src)).build()));
                t.rdmaDevices().forEach(d -> b.add(RdmaDevice.builder(d).pciAddress(Observed.of(a, t.address(), src))
                        .build()));
            });
            return null;
        }

        @Override
        public Void visit(MstDevice m) {
            if (m.pciAddress() != null) {
                pci(m.pciAddress(), src).ifPresent(a -> {
                    if (m.rdma() != null) {
                        b.add(RdmaDevice.builder(m.rdma()).pciAddress(Observed.of(a, m.pciAddress(), src)).build());
                    }
                    if (m.net() != null) {
                        b.add(NetInterface.builder(m.net()).pciAddress(Observed.of(a, m.pciAddress(), src)).build());
                    }
                });
            }
            return null;
        }

        /**
         * mlxfwmanager's status ("Update required") and versions, as device settings of the card; the
         * part number, description and PSID of any firmware tool name the card's model (host.CardIdentity).
         */
        @Override
        public Void visit(MlxDevice d) {
            String device = d.pciAddress() != null ? d.pciAddress() : d.device();
            java.util.Optional<String> pciDevice = device == null ? java.util.Optional.empty() : pci(device, src);
            pciDevice.ifPresent(a -> {
                Evidence idEv = new Evidence(src, d.source().text().strip());
                if (d.partNumber() != null) {
                    b.add(new DeviceSetting(a, dev.wirespeed.host.CardIdentity.PART_NUMBER, d.partNumber(), idEv));
                }
                if (d.description() != null) {
                    b.add(new DeviceSetting(a, dev.wirespeed.host.CardIdentity.DESCRIPTION, d.description(), idEv));
                }
                if (d.psid() != null) {
                    b.add(new DeviceSetting(a, dev.wirespeed.host.CardIdentity.PSID, d.psid(), idEv));
                }
            });
            if ("mlxfwmanager".equals(format) && d.status() != null && device != null) {
                Evidence ev = new Evidence(src, d.source().text().strip());
                b.add(new DeviceSetting(device, dev.wirespeed.diagnose.FirmwareUpdateRule.STATUS, d.status(), ev));
                if (d.firmware() != null) {
                    b.add(new DeviceSetting(device, dev.wirespeed.diagnose.FirmwareUpdateRule.VERSION, d.firmware()
                            + (d.available() != null ? ", " + d.available() + " available" : ""), ev));
                }
            }
            return null;
        }

        @Override
        public Void visit(MlxSetting s) {
            if (s.device() == null) {
                return null; // a grep'd row whose command was not pasted: no device to hold it
            }
            b.add(new DeviceSetting(s.device(), s.name(), s.newValue() != null ? s.newValue() : s.nextBoot(),
                    new Evidence(src, s.source().text().strip())));
            return null;
        }

        @Override
        public Void visit(TuneItem t) {
            lastTunePci = tune(b, t, src, lastTunePci);
            return null;
        }

        @Override
        public Void visit(CpuFrequencyWarning w) {
            b.cpu(new CpuTopology(Observed.notSeen(), List.of(), List.of(),
                    List.of(new CpuTopology.FrequencyNote(w.message(), new Evidence(src, w.message())))));
            return null;
        }

        // No host fact. Fabric links and nodes, ZeroTier peers and MD-CLI objects are read by the
        // log rules (diagnose.LogFacts); the rest are benchmark rows whose numbers reach the facts
        // as Measurements (Parsed.measurements), or descriptions with nothing a rule checks yet.

        @Override
        public Void visit(IbLink r) {
            return null;
        }

        @Override
        public Void visit(IbNode r) {
            return null;
        }

        @Override
        public Void visit(ZeroTierPeer r) {
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.other.ZeroTierNode r) {
            return null;
        }

        @Override
        public Void visit(MdcliRecord r) {
            return null;
        }

        /** The block's cpufreq policies, added together: CpuTopology keeps the first set it is given. */
        private final List<CpuTopology.CpuPolicy> policies = new java.util.ArrayList<>();

        void finish() {
            if (!policies.isEmpty()) {
                b.cpu(new CpuTopology(Observed.notSeen(), List.of(), policies, List.of()));
            }
        }

        /**
         * cpupower's driver and governor, or a scaling_governor line, as a cpufreq policy (doctor's
         * /sys/devices/system/cpu/cpufreq/policyN); cpupower's "no or unknown cpufreq driver" as a policy
         * whose driver is absent with that text. A clock in MHz gives no fact: one reading of an idle core
         * says nothing of the clock under load.
         */
        @Override
        public Void visit(dev.wirespeed.parse.host.CpuFrequency c) {
            boolean noDriver = Boolean.TRUE.equals(c.noDriver());
            if (c.governor() == null && c.driver() == null && !noDriver) {
                return null;
            }
            Observed<String> governor = c.governor() == null ? Observed.notSeen()
                    : Observed.of(c.governor(), c.cpu() != null ? "The governor \"" + c.governor() + "\"" : c.source().text().strip(), src);
            Observed<String> driver = noDriver
                    ? Observed.unknown("no or unknown cpufreq driver is active on this CPU", src, "no cpufreq driver")
                    : c.driver() == null ? Observed.notSeen() : Observed.of(c.driver(), "driver: " + c.driver(), src);
            policies.add(new CpuTopology.CpuPolicy(c.cpu() == null ? "line " + c.source().line() : "cpu" + c.cpu(),
                    Observed.notSeen(), governor, driver));
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.host.KernelLogRead r) {
            return null; // a kernel log with nothing about a network or RDMA device: no fact to give
        }

        @Override
        public Void visit(dev.wirespeed.parse.RunFailure r) {
            return null; // its measurement is left out of the facts (Explainer) and the log rule run-failed reads it
        }

        @Override
        public Void visit(TopologyMachine r) {
            return null;
        }

        @Override
        public Void visit(KernelModule r) {
            // ib_core's users list every RDMA upper layer loaded, so its line alone says whether the
            // NFS transport is there (seed 000 l.1417, from "lsmod | grep ^ib")
            Evidence ev = new Evidence(src, r.source().text().strip());
            if (r.name().equals("ib_core")) {
                b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.KERNEL, dev.wirespeed.host.NfsRdma.MODULES,
                        dev.wirespeed.host.NfsRdma.modulesValue(r.usedBy()), ev));
                b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.KERNEL, dev.wirespeed.host.NfsRdma.IPOIB_MODULE,
                        r.usedBy().contains("ib_ipoib") ? dev.wirespeed.host.NfsRdma.LOADED
                                : dev.wirespeed.host.NfsRdma.NOT_LOADED, ev));
            } else if (r.name().equals("ib_ipoib")) {
                b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.KERNEL, dev.wirespeed.host.NfsRdma.IPOIB_MODULE,
                        dev.wirespeed.host.NfsRdma.LOADED, ev));
            } else if (dev.wirespeed.host.NfsRdma.TRANSPORT_MODULES.contains(r.name())) {
                b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.KERNEL, dev.wirespeed.host.NfsRdma.MODULES, r.name(), ev));
            }
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.host.SubnetManagerSeen r) {
            b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.FABRIC, dev.wirespeed.host.NfsRdma.SUBNET_MANAGER,
                    r.running() ? (r.smLid() != null ? "master lid " + r.smLid() : "running") : "not running",
                    new Evidence(src, r.source().text().strip())));
            return null;
        }

        /**
         * A unit's state as a service setting (host.Services); opensm's and opensmd's also say whether a
         * subnet manager runs here. A unit that does not exist says nothing about an SM elsewhere.
         */
        @Override
        public Void visit(dev.wirespeed.parse.host.ServiceStatus r) {
            Evidence ev = new Evidence(src, r.source().text().strip());
            String state = r.active() == null ? null : r.active().equals(Services.NOT_FOUND) ? Services.NOT_FOUND
                    : Services.stateOf(r.active());
            if (state == null && r.loaded() != null && r.loaded().equals("loaded")) {
                state = Services.INSTALLED;
            }
            if (state == null) {
                return null;
            }
            b.add(new DeviceSetting(Services.DEVICE, r.unit(), state, ev));
            boolean sm = r.unit().equals(Services.OPENSM) || r.unit().equals(Services.OPENSMD);
            if (sm && (state.equals(Services.ACTIVE) || state.equals(Services.INACTIVE) || state.equals(Services.FAILED))) {
                b.add(new DeviceSetting(dev.wirespeed.host.NfsRdma.FABRIC, dev.wirespeed.host.NfsRdma.SUBNET_MANAGER,
                        state.equals(Services.ACTIVE) ? "running" : "not running", ev));
            }
            return null;
        }

        @Override
        public Void visit(dev.wirespeed.parse.host.NfsdPortlist r) {
            Evidence ev = new Evidence(src, r.source().text().strip());
            String nfsd = dev.wirespeed.host.NfsRdma.NFSD;
            if (r.written() != null) {
                b.add(new DeviceSetting(nfsd, dev.wirespeed.host.NfsRdma.PORTLIST_WRITE, r.written(), ev));
                if (r.refused()) {
                    b.add(new DeviceSetting(nfsd, dev.wirespeed.host.NfsRdma.RDMA_REFUSED, r.written(), ev));
                }
            } else if (!r.ports().isEmpty()) {
                b.add(new DeviceSetting(nfsd, dev.wirespeed.host.NfsRdma.PORTLIST, String.join(";", r.ports()), ev));
            }
            return null;
        }


        @Override
        public Void visit(IperfHeader r) {
            return null;
        }

        @Override
        public Void visit(IperfInterval r) {
            return null;
        }

        @Override
        public Void visit(Iperf3Result r) {
            return null;
        }

        @Override
        public Void visit(QperfValue r) {
            return null;
        }

        @Override
        public Void visit(PerftestHeader r) {
            return null;
        }

        @Override
        public Void visit(PerftestBwRow r) {
            return null;
        }

        @Override
        public Void visit(PerftestError r) {
            return null; // a failed run: it says nothing about the host; the log rules name its cause
        }

        @Override
        public Void visit(PerftestLatRow r) {
            return null;
        }

        @Override
        public Void visit(SockperfResult r) {
            return null;
        }

        @Override
        public Void visit(FioJob r) {
            return null;
        }

        /** A disk's busy share belongs to one fio run, not to the host's network facts. */
        @Override
        public Void visit(FioDiskUtil r) {
            return null;
        }

        @Override
        public Void visit(CounterSample c) {
            counters(c, src).ifPresent(b::add);
            return null;
        }

        @Override
        public Void visit(QosSettings q) {
            if (q.iface() != null) {
                qos(b, q, src);
            }
            return null;
        }

        @Override
        public Void visit(PcieBandwidthLine l) {
            pci(l.address(), src).ifPresent(a -> b.add(PciFunction.builder(a).link(kernelLink(l, src)).build()));
            return null;
        }

        /** ibdiagnet's stage table is about the fabric, not one host: read by the ibdiagnet rule from the log. */
        @Override
        public Void visit(dev.wirespeed.parse.ib.IbdiagStage r) {
            return null;
        }

        /** ibdiagnet's fabric summary counts the fabric's nodes and links, no host's. */
        @Override
        public Void visit(dev.wirespeed.parse.ib.IbdiagFabric r) {
            return null;
        }

        /**
         * A GID table entry names the netdev of that GID (a VLAN or macvlan netdev as well as the
         * port's own), so it is not the port's netdev; no rule reads GID indices yet.
         */
        @Override
        public Void visit(dev.wirespeed.parse.ib.RdmaGid r) {
            return null;
        }

        /** mst's module state is about the tools, not the host's network: read by the mst rule from the log. */
        @Override
        public Void visit(MstModule r) {
            return null;
        }

        /** mlxlink's port view: read by the mlxlink rule from the log, no sysfs port to attach it to by name. */
        @Override
        public Void visit(dev.wirespeed.parse.mlx.MlxlinkPort r) {
            return null;
        }

        /** A firmware tool's error line: shown in explain's records, nothing of the host in it. */
        @Override
        public Void visit(dev.wirespeed.parse.mlx.MftError r) {
            return null;
        }

        /** A joined ZeroTier network: read by the zerotier rule from the log. */
        @Override
        public Void visit(dev.wirespeed.parse.other.ZeroTierNetwork r) {
            return null;
        }

        /** The driver stack's release: MLNX_OFED's units (opensmd) and IPoIB modes follow from it (host.Services). */
        @Override
        public Void visit(dev.wirespeed.parse.mlx.OfedVersion r) {
            b.add(new DeviceSetting(Services.STACK, Services.DISTRIBUTION, r.distribution() + " " + r.version(),
                    new Evidence(src, r.source().text().strip())));
            return null;
        }

        /** Link events are read by the kernel-log rule across the whole log, not as a host fact. */
        @Override
        public Void visit(LinkEvent r) {
            return null;
        }

        /** Module events: the kernel-log rule's, like link events. */
        @Override
        public Void visit(ModuleEvent r) {
            return null;
        }

        /** ethtool -g: the netdev's ring sizes, which the ring-drop rules read; ethtool -l (channels): shown as read. */
        @Override
        public Void visit(dev.wirespeed.parse.host.EthtoolLimits r) {
            if (r.iface() == null || !r.what().equals("ring")) {
                return null;
            }
            RingSizes ring = new RingSizes(r.current().get("rx"), r.maximum().get("rx"), r.current().get("tx"),
                    r.maximum().get("tx"));
            if (!ring.describe().isEmpty()) {
                b.add(NetInterface.builder(r.iface()).ring(Observed.of(ring, ring.describe(), src)).build());
            }
            return null;
        }

        /** ethtool --show-fec: the FEC mode and its counters, shown as read; no host fact yet. */
        @Override
        public Void visit(dev.wirespeed.parse.host.FecSettings r) {
            return null;
        }

        /** ethtool -m: what is plugged and its optical powers, shown as read; no host fact yet. */
        @Override
        public Void visit(TransceiverModule r) {
            return null;
        }

        /** mlx5 firmware health syndromes: the kernel-log rule's, like module events. */
        @Override
        public Void visit(HealthEvent r) {
            return null;
        }

        /** Transmit timeouts, error completions, PCIe AER errors: the kernel-log rule's. */
        @Override
        public Void visit(dev.wirespeed.parse.host.KernelError r) {
            return null;
        }

        /** An Intel adapter's firmware at probe: shown as read; no host fact holds NIC firmware yet. */
        @Override
        public Void visit(dev.wirespeed.parse.host.NicFirmware r) {
            return null;
        }

        /** nccl-tests rows: the summary carries what the rule needs; no host fact. */
        @Override
        public Void visit(NcclRow r) {
            return null;
        }

        /** A collective's result spans hosts: read by the nccl rule from the log records. */
        @Override
        public Void visit(NcclSummary r) {
            return null;
        }
    }

    private static RdmaDevice device(dev.wirespeed.parse.ib.RdmaDeviceRecord d, String src) {
        RdmaDevice.Builder rb = RdmaDevice.builder(d.device());
        if (d.caType() != null) {
            rb.hcaType(text(d.caType(), src));
        }
        if (d.firmware() != null) {
            rb.fwVersion(text(d.firmware(), src));
        }
        if (d.nodeGuid() != null) {
            rb.nodeGuid(text(d.nodeGuid(), src));
        }
        if (d.systemImageGuid() != null) {
            rb.sysImageGuid(text(d.systemImageGuid(), src));
        }
        if (d.boardId() != null) {
            rb.boardId(text(d.boardId(), src));
        }
        if (d.vendorPartId() != null) {
            // ibv_devinfo's vendor_part_id is the PCI device id in decimal (4115 = 0x1013)
            rb.partId(Observed.parse(d.vendorPartId(), src, Integer::parseInt));
        }
        return rb.build();
    }

    private static RdmaPort port(dev.wirespeed.parse.ib.RdmaPortRecord p, String src) {
        RdmaPort.Builder pb = RdmaPort.builder(p.device(), p.port() == null ? 1 : p.port());
        if (p.state() != null) {
            pb.state(Observed.parse(p.state(), src, PortState::parse));
        }
        if (p.physicalState() != null) {
            pb.physState(Observed.parse(p.physicalState(), src, PhysState::parse));
        }
        if (p.rate() != null) {
            Integer lanes = null;
            if (p.width() != null) {
                try {
                    lanes = IbRate.parseWidth(p.width());
                } catch (IllegalArgumentException e) {
                    lanes = null;
                }
            }
            IbSpeed speed = null;
            if (p.speed() != null) {
                try {
                    speed = IbSpeed.parse(p.speed());
                } catch (IllegalArgumentException e) {
                    speed = null;
                }
            }
            pb.rate(Observed.of(new IbRate(p.rate().value() / 1e9, lanes, speed), p.rate().raw(), src));
        }
        if (p.linkLayer() != null) {
            pb.linkLayer(Observed.parse(p.linkLayer(), src, LinkLayer::parse));
        }
        if (p.baseLid() != null) {
            pb.lid(Observed.parse(p.baseLid(), src, RecordFacts::lid));
        }
        if (p.smLid() != null) {
            pb.smLid(Observed.parse(p.smLid(), src, RecordFacts::lid));
        }
        if (p.netdev() != null) {
            pb.netdev(text(p.netdev(), src));
        }
        if (p.activeMtuBytes() != null) {
            pb.activeMtuBytes(Observed.of(p.activeMtuBytes(), p.activeMtuBytes().toString(), src));
        }
        return pb.build();
    }

    /** "0x70" (ibstatus) or "25606" (ibstat) → the LID. */
    static Integer lid(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
    }

    /**
     * mlx5cmd's CAPS is the link's capability, not the card's: seed 001 shows the same card (PSID
     * MT_2180110032) with CAPS=8.0*x4 in one slot and CAPS=8.0*x16 in another. It is dropped, so
     * the family's interface stands in for the maximum.
     */
    private static dev.wirespeed.parse.pci.PcieLinkRecord capabilityOfDevice(String format, dev.wirespeed.parse.pci.PcieLinkRecord l) {
        if (!"mlx5cmd".equals(format)) {
            return l;
        }
        return new dev.wirespeed.parse.pci.PcieLinkRecord(l.address(), null, null, l.speed(), l.width(), l.speedDowngraded(),
                l.widthDowngraded(), l.maxPayloadBytes(), l.maxReadRequestBytes(), l.source());
    }

    private static PcieLink link(dev.wirespeed.parse.pci.PcieLinkRecord l, String src) {
        return new PcieLink(gts(l.speed(), src), width(l.width(), src), gts(l.capableSpeed(), src),
                width(l.capableWidth(), src),
                l.maxPayloadBytes() == null ? Observed.notSeen()
                        : Observed.of(l.maxPayloadBytes(), l.maxPayloadBytes() + " bytes", src),
                Boolean.TRUE.equals(l.widthDowngraded()) || Boolean.TRUE.equals(l.speedDowngraded())
                        ? Observed.of(true, "(downgraded)", src) : Observed.notSeen(),
                null);
    }

    private static Observed<Double> gts(Quantity q, String src) {
        return q == null ? Observed.notSeen()
                : Observed.parse(dev.wirespeed.parse.Units.trim(q.value()) + " GT/s", src, PcieLink::parseTransferRate);
    }

    private static Observed<Integer> width(Integer w, String src) {
        return w == null ? Observed.notSeen() : Observed.parse("x" + w, src, PcieLink::parseWidth);
    }

    /** mlnx_tune: PCIe status of the device section, speed/MTU/state of port sections (which follow their device). */
    private static String tune(Facts.Builder b, TuneItem t, String src, String lastPci) {
        Matcher dev = MLNX_PCI_SECTION.matcher(t.section());
        Matcher port = MLNX_PORT_SECTION.matcher(t.section());
        String item = t.item() == null ? "" : t.item();
        if (dev.matches()) {
            String pci = pci(dev.group(1), src).orElse(null);
            if (pci == null) {
                return lastPci;
            }
            boolean warn = "Warning".equals(t.level());
            PcieLink none = PcieLink.notSeen();
            PcieLink l = switch (item) {
                case "PCI Width" -> new PcieLink(none.currentGts(), Observed.parse(t.value(), src, PcieLink::parseWidth),
                        none.maxGts(), none.maxWidth(), none.maxPayloadBytes(),
                        warn ? Observed.of(true, "Warning: PCI Width " + t.value(), src) : Observed.notSeen(), null);
                case "PCI Speed" -> new PcieLink(Observed.parse(t.value(), src, PcieLink::parseTransferRate),
                        none.currentWidth(), none.maxGts(), none.maxWidth(), none.maxPayloadBytes(),
                        warn ? Observed.of(true, "Warning: PCI Speed " + t.value(), src) : Observed.notSeen(), null);
                case "PCI Max Payload Size" -> new PcieLink(none.currentGts(), none.currentWidth(), none.maxGts(),
                        none.maxWidth(), Observed.parse(t.value(), src, Integer::parseInt), Observed.notSeen(), null);
                default -> null;
            };
            if (l != null) {
                b.add(PciFunction.builder(pci).link(l).build());
            }
            return pci;
        }
        if (port.matches()) {
            NetInterface.Builder nb = NetInterface.builder(port.group(1));
            if (lastPci != null) {
                nb.pciAddress(Observed.of(lastPci, t.section(), src));
            }
            Matcher g = GBE.matcher(t.value() == null ? "" : t.value());
            switch (item) {
                case "Speed" -> {
                    if (g.matches()) {
                        nb.speedMbps(Observed.of(Math.round(Double.parseDouble(g.group(1)) * 1000), t.value(), src));
                    }
                }
                case "MTU" -> nb.mtuBytes(Observed.parse(t.value(), src, Integer::parseInt));
                case "Link status" -> nb.operState(Observed.of(t.value().toLowerCase(Locale.ROOT), t.value(), src));
                // "Link Type eth" / "ib": the netdev's type, as sysfs type 1 / 32 says it
                case "Link Type" -> {
                    String v = t.value() == null ? "" : t.value().strip().toLowerCase(Locale.ROOT);
                    if (v.equals("eth") || v.equals("ib")) {
                        nb.type(Observed.of(v.equals("ib") ? NetInterface.ARPHRD_INFINIBAND : NetInterface.ARPHRD_ETHER,
                                "Link Type " + t.value().strip(), src));
                    }
                }
                default -> { }
            }
            b.add(nb.build());
            return lastPci;
        }
        Matcher ofed = t.section().equals("Driver Status") && t.value() != null ? MLNX_OFED.matcher(t.value()) : null;
        if (ofed != null && ofed.find()) {
            // mlnx_tune's "OK: MLNX_OFED_LINUX-4.6-1.0.1.1 (OFED-4.6-1.0.1)" (seed 001 l.486): the stack, as ofed_info names it
            b.add(new DeviceSetting(Services.STACK, Services.DISTRIBUTION, ofed.group(1) + " " + ofed.group(2),
                    new Evidence(src, t.source().text().strip())));
        }
        if (t.section().startsWith("CPU Status") && "Frequency".equals(item) && "Warning".equals(t.level())) {
            b.cpu(new CpuTopology(Observed.notSeen(), List.of(), List.of(), List.of(new CpuTopology.FrequencyNote(
                    "mlnx_tune: CPU frequency " + t.value() + " (not at its maximum)",
                    new Evidence(src, t.source().text().strip())))));
        }
        return lastPci;
    }

    private static java.util.Optional<String> pci(String address, String src) {
        if (address == null) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(PciFunction.normalizeAddress(address));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    private static Observed<String> text(String v, String src) {
        return Observed.of(v, v, src);
    }

    private static String onOff(Boolean b) {
        return b == null ? "?" : b ? "on" : "off";
    }

    /**
     * mlnx_qos and dcb as device settings of the interface: "trust" (pcp/dscp), "pfc" ("3", "3,4"
     * or "none") and "dscp26-priority" (where RoCE's default DSCP lands).
     */
    private static void qos(Facts.Builder b, QosSettings q, String src) {
        Evidence ev = new Evidence(src, q.source().text().strip());
        if (q.trust() != null) {
            b.add(new DeviceSetting(q.iface(), "trust", q.trust(), ev));
        }
        if (q.pfcPriorities() != null) {
            b.add(new DeviceSetting(q.iface(), "pfc", q.pfcPriorities().isEmpty() ? "none"
                    : String.join(",", q.pfcPriorities().stream().map(String::valueOf).toList()), ev));
        }
        if (q.dscp26Priority() != null) {
            b.add(new DeviceSetting(q.iface(), "dscp26-priority", q.dscp26Priority().toString(), ev));
        }
    }

    /**
     * Pasted counters as the host's counter facts, under the names doctor reads from sysfs and procfs
     * (see {@link Counters}), so one rule set judges both: perfquery's names map to the sysfs file
     * names, per-queue ethtool counters are left out as doctor leaves them out, a port the output did
     * not name is {@link Counters#UNNAMED_SUBJECT}, and ibqueryerrors' "port ALL" (a switch's ports
     * summed) is the subject "GUID …/ALL".
     */
    private static java.util.Optional<Counters> counters(CounterSample c, String src) {
        if (c.tool().equals(dev.wirespeed.parse.host.SoftnetStatParser.TOOL)) {
            return java.util.Optional.empty(); // per-CPU backlog counters: no port to hold them (yet)
        }
        if (c.tool().equals("nstat") || c.tool().equals("netstat -s") || c.tool().equals("/proc/net/snmp")) {
            Counters.Builder hb = Counters.host();
            c.values().forEach((name, v) -> hb.value(name, v, src));
            return java.util.Optional.of(hb.build());
        }
        boolean ib = c.tool().equals("perfquery") || c.tool().equals("ibqueryerrors");
        Counters.Builder cb;
        if (c.tool().equals("rdma statistic") || c.tool().equals("show_counters")) {
            // a port's hw_counters (and counters) under their sysfs names, the port as sysfs names it: "mlx5_0/1"
            cb = Counters.builder(Counters.Scope.RDMA_PORT, c.subject() == null ? Counters.UNNAMED_SUBJECT : c.subject());
        } else if (c.subject() == null) {
            cb = Counters.builder(ib ? Counters.Scope.RDMA_PORT : Counters.Scope.NETDEV, Counters.UNNAMED_SUBJECT);
        } else if (ib) {
            Matcher port = IB_COUNTER_PORT.matcher(c.subject());
            if (!port.matches()) {
                return java.util.Optional.empty();
            }
            // an IB port named by LID or GUID: "LID 10/1", "GUID 0x…/ALL" (sysfs would say "mlx5_0/1")
            cb = Counters.builder(Counters.Scope.RDMA_PORT, port.group(1) + "/" + port.group(2));
        } else {
            cb = Counters.netdev(c.subject());
        }
        c.values().forEach((name, v) -> {
            if (ib) {
                cb.value(CounterNames.ibSysfsName(name).orElse(name), v, src);
            } else if (!name.contains(".") && !dev.wirespeed.host.EthtoolStats.isPerQueue(name)) {
                cb.value(name, v, src);
            }
        });
        return cb.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(cb.build());
    }

    /** `ethtool -a --include-statistics`: the pause frames counted, under the names `ethtool -S` and doctor use. */
    private static java.util.Optional<Counters> pauseCounters(PauseSettings ps, String src) {
        if (ps.statistics().isEmpty()) {
            return java.util.Optional.empty();
        }
        Counters.Builder cb = Counters.builder(Counters.Scope.NETDEV, ps.iface() == null ? Counters.UNNAMED_SUBJECT : ps.iface());
        ps.statistics().forEach((name, v) -> cb.value(name, v, src));
        return java.util.Optional.of(cb.build());
    }

    /**
     * The kernel's bandwidth line: the speed and width it names are the link the device gets (its
     * own, or the slower one on the way); "capable of" gives what it could do.
     */
    private static PcieLink kernelLink(PcieBandwidthLine l, String src) {
        Observed<Double> maxGts = l.capableSpeed() == null ? Observed.notSeen() : gts(l.capableSpeed(), src);
        Observed<Integer> maxWidth = l.capableWidth() == null ? Observed.notSeen() : width(l.capableWidth(), src);
        return new PcieLink(gts(l.speed(), src), width(l.width(), src), maxGts, maxWidth, Observed.notSeen(),
                l.limitedAt() == null ? Observed.notSeen() : Observed.of(true, "limited by … link at " + l.limitedAt(), src),
                null);
    }
}
