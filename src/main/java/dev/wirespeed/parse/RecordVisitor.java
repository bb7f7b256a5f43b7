package dev.wirespeed.parse;

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
import dev.wirespeed.parse.host.NetInterfaceRecord;
import dev.wirespeed.parse.host.NfsMount;
import dev.wirespeed.parse.host.PauseSettings;
import dev.wirespeed.parse.host.PcieBandwidthLine;
import dev.wirespeed.parse.host.QosSettings;
import dev.wirespeed.parse.host.TopologyDevice;
import dev.wirespeed.parse.host.TopologyMachine;
import dev.wirespeed.parse.ib.IbLink;
import dev.wirespeed.parse.ib.IbNode;
import dev.wirespeed.parse.ib.RdmaDeviceRecord;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import dev.wirespeed.parse.iperf.Iperf3Result;
import dev.wirespeed.parse.iperf.IperfHeader;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.mlx.MlxSetting;
import dev.wirespeed.parse.mlx.MstDevice;
import dev.wirespeed.parse.mlx.MstModule;
import dev.wirespeed.parse.mlx.MlxlinkPort;
import dev.wirespeed.parse.mlx.TuneItem;
import dev.wirespeed.parse.nccl.NcclRow;
import dev.wirespeed.parse.nccl.NcclSummary;
import dev.wirespeed.parse.other.MdcliRecord;
import dev.wirespeed.parse.other.ZeroTierPeer;
import dev.wirespeed.parse.pci.PciDevice;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import dev.wirespeed.parse.perftest.CpuFrequencyWarning;
import dev.wirespeed.parse.perftest.PerftestError;
import dev.wirespeed.parse.perftest.PerftestBwRow;
import dev.wirespeed.parse.perftest.PerftestHeader;
import dev.wirespeed.parse.perftest.PerftestLatRow;
import dev.wirespeed.parse.qperf.QperfValue;
import dev.wirespeed.parse.sockperf.SockperfResult;

/**
 * One method per {@link ParsedRecord} type. Every record implements {@link ParsedRecord#accept} by
 * calling its method here, so a new record type does not compile until it is added here, and then
 * not until every visitor (explain's {@code RecordFacts}) says what it makes of it: Java seals a
 * hierarchy across packages only inside a named module, and wirespeed runs from the class path.
 */
public interface RecordVisitor<R> {
    R visit(FioJob r);

    R visit(FioDiskUtil r);

    R visit(DriverInfo r);

    R visit(EthtoolSettings r);

    R visit(KernelModule r);

    R visit(NetInterfaceRecord r);

    R visit(NfsMount r);

    R visit(dev.wirespeed.parse.host.NfsdPortlist r);

    R visit(dev.wirespeed.parse.host.SubnetManagerSeen r);

    R visit(PauseSettings r);

    R visit(dev.wirespeed.parse.host.EthtoolLimits r);

    R visit(dev.wirespeed.parse.host.FecSettings r);

    R visit(TopologyDevice r);

    R visit(TopologyMachine r);

    R visit(IbLink r);

    R visit(IbNode r);

    R visit(RdmaDeviceRecord r);

    R visit(RdmaPortRecord r);

    R visit(Iperf3Result r);

    R visit(IperfHeader r);

    R visit(IperfInterval r);

    R visit(MlxDevice r);

    R visit(MlxSetting r);

    R visit(MstDevice r);

    R visit(TuneItem r);

    R visit(MdcliRecord r);

    R visit(ZeroTierPeer r);

    R visit(dev.wirespeed.parse.other.ZeroTierNode r);

    R visit(PciDevice r);

    R visit(PcieLinkRecord r);

    R visit(CpuFrequencyWarning r);

    R visit(PerftestError r);

    R visit(PerftestBwRow r);

    R visit(PerftestHeader r);

    R visit(PerftestLatRow r);

    R visit(QperfValue r);

    R visit(SockperfResult r);

    R visit(CounterSample r);

    R visit(PcieBandwidthLine r);

    R visit(LinkEvent r);

    R visit(ModuleEvent r);

    R visit(TransceiverModule r);

    R visit(HealthEvent r);

    R visit(dev.wirespeed.parse.host.KernelError r);

    R visit(dev.wirespeed.parse.host.NicFirmware r);

    R visit(QosSettings r);

    R visit(NcclRow r);

    R visit(NcclSummary r);

    R visit(MstModule r);

    R visit(MlxlinkPort r);

    R visit(dev.wirespeed.parse.mlx.MftError r);

    R visit(dev.wirespeed.parse.other.ZeroTierNetwork r);

    R visit(dev.wirespeed.parse.mlx.OfedVersion r);

    R visit(dev.wirespeed.parse.ib.IbdiagStage r);

    R visit(dev.wirespeed.parse.ib.IbdiagFabric r);

    R visit(dev.wirespeed.parse.ib.RdmaGid r);

    /** Issue 26: a run that printed figures but failed (no server, an empty receiver). */
    R visit(RunFailure r);

    /** Issue 26: a kernel log with nothing about a network or RDMA device. */
    R visit(dev.wirespeed.parse.host.KernelLogRead r);

    /** Issue 26: cpupower/cpufreq-info, scaling_governor, cpuinfo/lscpu MHz. */
    R visit(dev.wirespeed.parse.host.CpuFrequency r);

    R visit(dev.wirespeed.parse.host.ServiceStatus r);
}
