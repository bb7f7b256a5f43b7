/**
 * Facts about a host: its network interfaces, RDMA devices and ports, PCI functions with their
 * PCIe links, CPUs and NUMA nodes, NFS mounts — read from sysfs/procfs by {@code doctor}
 * ({@link dev.wirespeed.inspect}) or parsed from pasted tool output by {@code explain}. Both
 * produce the same records, collected in {@link dev.wirespeed.facts.Facts}, so one rule set
 * ({@link dev.wirespeed.diagnose.RuleSet}) diagnoses both.
 *
 * <h2>How a parser builds facts</h2>
 * <ol>
 *   <li>Every attribute is an {@link dev.wirespeed.host.Observed}: build it with
 *       {@code Observed.parse(rawText, source, parser)} where {@code source} names the tool and the
 *       line ("ibstat, paste.txt line 12") and {@code parser} is the shared one for that format —
 *       {@link dev.wirespeed.host.PortState#parse}, {@link dev.wirespeed.host.PhysState#parse},
 *       {@link dev.wirespeed.host.IbRate#parse}, {@link dev.wirespeed.host.LinkLayer#parse},
 *       {@link dev.wirespeed.host.PcieLink#parseTransferRate}, {@link dev.wirespeed.host.PcieLink#parseWidth},
 *       {@link dev.wirespeed.host.PciFunction#parseHexId}, {@link dev.wirespeed.host.CpuList#parse}.
 *       These accept every spelling our sources use ("4: ACTIVE", "Active", "PORT_ACTIVE (4)").
 *       A parse failure becomes {@code unreadable} with the raw text: never guess, never zero.</li>
 *   <li>What the output does not show stays {@link dev.wirespeed.host.Observed#notSeen()} — the
 *       record builders start every attribute that way, so set only what you saw.</li>
 *   <li>A value a tool states differently from sysfs is converted to the sysfs meaning: ibstat's
 *       "Rate: 100" is {@code new IbRate(100.0, null, null)}; ibv_devinfo's vendor_part_id 4115 is
 *       the PCI device id 0x1013; lspci's "04:00.0" is normalized with
 *       {@link dev.wirespeed.host.PciFunction#normalizeAddress}; lspci "LnkSta: Speed 8GT/s, Width x4
 *       (downgraded)" fills {@code currentGts}, {@code currentWidth} and {@code reportedDowngraded},
 *       "LnkCap" fills the max values.</li>
 *   <li>Add each record to one {@link dev.wirespeed.facts.Facts.Builder}: records with the same key
 *       (interface name, RDMA device name + port number, PCI address) are merged attribute by
 *       attribute, so ibstat and ibv_devinfo output of one device make one device.</li>
 *   <li>Link records where the source shows the link: {@code RdmaDevice.pciAddress},
 *       {@code RdmaPort.netdev}, {@code NetInterface.pciAddress}. Rules find the ports of a PCIe
 *       device through these.</li>
 *   <li>Counters (`ethtool -S`, perfquery, ibqueryerrors, `ip -s link`, nstat) are
 *       {@link dev.wirespeed.host.Counters} records — one per netdev, RDMA port ("mlx5_0/1") or
 *       the host — named as sysfs/nstat name them ({@link dev.wirespeed.host.CounterNames} maps the
 *       tools' other spellings), added with {@code Facts.Builder.add(Counters)}. The counter rules
 *       in {@code diagnose} then fire on pasted output as on sysfs.</li>
 * </ol>
 */
package dev.wirespeed.host;
