package dev.wirespeed.parse;

import dev.wirespeed.parse.fio.FioJsonParser;
import dev.wirespeed.parse.fio.FioTerseParser;
import dev.wirespeed.parse.fio.FioTextParser;
import dev.wirespeed.parse.host.DcbParser;
import dev.wirespeed.parse.host.DfParser;
import dev.wirespeed.parse.host.HostLabelsParser;
import dev.wirespeed.parse.host.EthtoolCoalesceParser;
import dev.wirespeed.parse.host.EthtoolEeeParser;
import dev.wirespeed.parse.host.EthtoolErrorParser;
import dev.wirespeed.parse.host.EthtoolFecParser;
import dev.wirespeed.parse.host.EthtoolFeaturesParser;
import dev.wirespeed.parse.host.EthtoolGreppedParser;
import dev.wirespeed.parse.host.EthtoolJsonParser;
import dev.wirespeed.parse.host.EthtoolLimitsParser;
import dev.wirespeed.parse.host.EthtoolModuleParamsParser;
import dev.wirespeed.parse.host.EthtoolModuleParser;
import dev.wirespeed.parse.host.EthtoolNtupleParser;
import dev.wirespeed.parse.host.EthtoolParser;
import dev.wirespeed.parse.host.EthtoolPrivFlagsParser;
import dev.wirespeed.parse.host.EthtoolRssParser;
import dev.wirespeed.parse.host.EthtoolStatsParser;
import dev.wirespeed.parse.host.EthtoolTimestampingParser;
import dev.wirespeed.parse.host.ExportsParser;
import dev.wirespeed.parse.host.IfconfigGrepParser;
import dev.wirespeed.parse.host.IfconfigLinkEncapParser;
import dev.wirespeed.parse.host.IfconfigParser;
import dev.wirespeed.parse.host.IpBriefParser;
import dev.wirespeed.parse.host.IpParser;
import dev.wirespeed.parse.host.KernelLogParser;
import dev.wirespeed.parse.host.CpuFreqParser;
import dev.wirespeed.parse.host.LsmodParser;
import dev.wirespeed.parse.host.ModinfoParser;
import dev.wirespeed.parse.host.MiiToolParser;
import dev.wirespeed.parse.host.LstopoParser;
import dev.wirespeed.parse.host.MlnxQosParser;
import dev.wirespeed.parse.host.MountParser;
import dev.wirespeed.parse.host.NetstatParser;
import dev.wirespeed.parse.host.NfsdPortlistParser;
import dev.wirespeed.parse.host.NfsstatParser;
import dev.wirespeed.parse.host.NfsstatListParser;
import dev.wirespeed.parse.host.MountstatsParser;
import dev.wirespeed.parse.host.ProcNetRpcParser;
import dev.wirespeed.parse.host.ProcNetDevParser;
import dev.wirespeed.parse.host.SarParser;
import dev.wirespeed.parse.host.SoftnetStatParser;
import dev.wirespeed.parse.host.SsParser;
import dev.wirespeed.parse.host.SsSummaryParser;
import dev.wirespeed.parse.host.SysfsCountersParser;
import dev.wirespeed.parse.host.ServiceStatusParser;
import dev.wirespeed.parse.host.SubnetManagerParser;
import dev.wirespeed.parse.host.TcQdiscParser;
import dev.wirespeed.parse.ib.Ibdev2netdevParser;
import dev.wirespeed.parse.ib.IbdiagnetParser;
import dev.wirespeed.parse.ib.IblinkinfoParser;
import dev.wirespeed.parse.ib.IbnetdiscoverParser;
import dev.wirespeed.parse.ib.IbnodesParser;
import dev.wirespeed.parse.ib.IbportstateParser;
import dev.wirespeed.parse.ib.IbaddrParser;
import dev.wirespeed.parse.ib.IbdiagErrorParser;
import dev.wirespeed.parse.ib.IbrouteParser;
import dev.wirespeed.parse.ib.SmpqueryInfoParser;
import dev.wirespeed.parse.ib.IbqueryerrorsParser;
import dev.wirespeed.parse.ib.IbstatParser;
import dev.wirespeed.parse.ib.IbstatusParser;
import dev.wirespeed.parse.ib.IbvDevicesParser;
import dev.wirespeed.parse.ib.IbvDevinfoParser;
import dev.wirespeed.parse.ib.PerfqueryParser;
import dev.wirespeed.parse.ib.PingpongParser;
import dev.wirespeed.parse.ib.RdmaDevParser;
import dev.wirespeed.parse.ib.RdmaLinkParser;
import dev.wirespeed.parse.ib.RdmaResParser;
import dev.wirespeed.parse.ib.RdmaStatisticParser;
import dev.wirespeed.parse.ib.SaqueryNodeParser;
import dev.wirespeed.parse.ib.ShowCountersParser;
import dev.wirespeed.parse.ib.ShowGidsParser;
import dev.wirespeed.parse.iperf.Iperf2Parser;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.parse.iperf.Iperf3TextParser;
import dev.wirespeed.parse.mlx.FlintQueryParser;
import dev.wirespeed.parse.mlx.MftErrorParser;
import dev.wirespeed.parse.mlx.MlnxPerfParser;
import dev.wirespeed.parse.mlx.MlnxTuneParser;
import dev.wirespeed.parse.mlx.Mlx5cmdParser;
import dev.wirespeed.parse.mlx.MlxconfigParser;
import dev.wirespeed.parse.mlx.MlxfwmanagerParser;
import dev.wirespeed.parse.mlx.MlxcablesParser;
import dev.wirespeed.parse.mlx.MlxlinkParser;
import dev.wirespeed.parse.mlx.MstStatusParser;
import dev.wirespeed.parse.mlx.OfedInfoParser;
import dev.wirespeed.parse.mlx.OfedPciCheckParser;
import dev.wirespeed.parse.ping.PingParser;
import dev.wirespeed.parse.nccl.NcclTestsParser;
import dev.wirespeed.parse.other.MdcliParser;
import dev.wirespeed.parse.other.ZeroTierParser;
import dev.wirespeed.parse.pci.LspciParser;
import dev.wirespeed.parse.pci.LspciTreeParser;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.parse.qperf.QperfParser;
import dev.wirespeed.parse.sockperf.SockperfParser;
import java.util.List;

/**
 * Every parser, in the order content detection tries them (more specific first). A new format is
 * its parser, its record and one line here (docs/ARCHITECTURE.md, "How to add an explain format").
 */
public final class Parsers {
    private Parsers() {}

    public static List<Parser> all() {
        return List.of(
                // InfiniBand and RDMA
                new IbstatParser(),
                new IbstatusParser(),
                new IbvDevinfoParser(),
                new IbvDevicesParser(),
                new PingpongParser(),
                new IblinkinfoParser(),
                new IbnetdiscoverParser(),
                new RdmaLinkParser(),
                new RdmaDevParser(),
                new Ibdev2netdevParser(),
                new ShowGidsParser(),
                new IbnodesParser(),
                new PerfqueryParser(),
                new IbportstateParser(),
                new SmpqueryInfoParser(),
                new IbrouteParser(),
                new IbaddrParser(),
                new IbdiagErrorParser(),
                new RdmaResParser(),
                new SaqueryNodeParser(),
                new RdmaStatisticParser(),
                new ShowCountersParser(),
                new IbqueryerrorsParser(),
                new IbdiagnetParser(),
                // PCI
                new LspciParser(),
                new LspciTreeParser(),
                // the host: netdevs, ethtool, kernel log, counters, NFS
                new LstopoParser(),
                new IpParser(),
                new IpBriefParser(),
                new IfconfigParser(),
                new IfconfigLinkEncapParser(),
                new IfconfigGrepParser(),
                new EthtoolParser(),
                new EthtoolGreppedParser(),
                new EthtoolStatsParser(),
                new EthtoolModuleParser(),
                new EthtoolJsonParser(),
                new EthtoolLimitsParser(),
                new EthtoolFecParser(),
                new EthtoolFeaturesParser(),
                new EthtoolCoalesceParser(),
                new EthtoolTimestampingParser(),
                new EthtoolRssParser(),
                new EthtoolPrivFlagsParser(),
                new EthtoolEeeParser(),
                new EthtoolModuleParamsParser(),
                new EthtoolNtupleParser(),
                new EthtoolErrorParser(),
                new MiiToolParser(),
                new KernelLogParser(),
                new MlnxQosParser(),
                new DcbParser(),
                new NetstatParser(),
                new SoftnetStatParser(),
                new SysfsCountersParser(),
                new ProcNetDevParser(),
                new SarParser(),
                new SsParser(),
                new SsSummaryParser(),
                new NfsstatParser(),
                new NfsstatListParser(),
                new MountstatsParser(),
                new ProcNetRpcParser(),
                new MountParser(),
                new ExportsParser(),
                new DfParser(),
                new LsmodParser(),
                new ModinfoParser(),
                new CpuFreqParser(),
                new TcQdiscParser(),
                new NfsdPortlistParser(),
                new ServiceStatusParser(),
                new SubnetManagerParser(),
                // NVIDIA/Mellanox firmware tools
                new MlxconfigParser(),
                new MlxfwmanagerParser(),
                new OfedPciCheckParser(),
                new MstStatusParser(),
                new OfedInfoParser(),
                new MlnxTuneParser(),
                new Mlx5cmdParser(),
                new MlxlinkParser(),
                new MlxcablesParser(),
                new FlintQueryParser(),
                new MftErrorParser(),
                new MlnxPerfParser(),
                // JSON and structured bodies, before the text readers that would take their lines
                new Iperf3JsonParser(),
                new FioJsonParser(),
                new MdcliParser(),
                // benchmarks
                new Iperf2Parser(),
                new Iperf3TextParser(),
                new QperfParser(),
                new PerftestParser(),
                new SockperfParser(),
                new NcclTestsParser(),
                new FioTextParser(),
                new FioTerseParser(),
                // overlays
                new ZeroTierParser(),
                // reachability
                new PingParser(),
                // last: a script's or a poster's own "Label: value" lines beside a tool's output
                new HostLabelsParser());
    }

    /** The parser of a format name, or null. */
    public static Parser named(String format) {
        return all().stream().filter(p -> p.format().equals(format)).findFirst().orElse(null);
    }
}
