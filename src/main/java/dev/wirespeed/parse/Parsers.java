package dev.wirespeed.parse;

import dev.wirespeed.parse.host.EthtoolParser;
import dev.wirespeed.parse.host.EthtoolStatsParser;
import dev.wirespeed.parse.host.KernelLogParser;
import dev.wirespeed.parse.host.MlnxQosParser;
import dev.wirespeed.parse.host.NetstatParser;
import dev.wirespeed.parse.host.IpParser;
import dev.wirespeed.parse.host.LsmodParser;
import dev.wirespeed.parse.host.LstopoParser;
import dev.wirespeed.parse.host.NfsstatParser;
import dev.wirespeed.parse.ib.IblinkinfoParser;
import dev.wirespeed.parse.ib.IbqueryerrorsParser;
import dev.wirespeed.parse.ib.PerfqueryParser;
import dev.wirespeed.parse.ib.IbnetdiscoverParser;
import dev.wirespeed.parse.ib.IbstatParser;
import dev.wirespeed.parse.ib.IbstatusParser;
import dev.wirespeed.parse.ib.IbvDevicesParser;
import dev.wirespeed.parse.ib.IbvDevinfoParser;
import dev.wirespeed.parse.ib.RdmaLinkParser;
import dev.wirespeed.parse.pci.LspciParser;
import dev.wirespeed.parse.fio.FioJsonParser;
import dev.wirespeed.parse.fio.FioTextParser;
import dev.wirespeed.parse.iperf.Iperf2Parser;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.parse.iperf.Iperf3TextParser;
import dev.wirespeed.parse.mlx.FlintQueryParser;
import dev.wirespeed.parse.mlx.MlnxTuneParser;
import dev.wirespeed.parse.mlx.Mlx5cmdParser;
import dev.wirespeed.parse.mlx.MlxconfigParser;
import dev.wirespeed.parse.mlx.MlxfwmanagerParser;
import dev.wirespeed.parse.mlx.MstStatusParser;
import dev.wirespeed.parse.mlx.OfedPciCheckParser;
import dev.wirespeed.parse.nccl.NcclTestsParser;
import dev.wirespeed.parse.other.MdcliParser;
import dev.wirespeed.parse.other.ZeroTierParser;
import dev.wirespeed.parse.perftest.PerftestParser;
import dev.wirespeed.parse.qperf.QperfParser;
import dev.wirespeed.parse.sockperf.SockperfParser;
import java.util.List;

/** Every parser, in the order content detection tries them (more specific first). */
public final class Parsers {
    private Parsers() {}

    public static List<Parser> all() {
        return List.of(
                new IbstatParser(), new IbstatusParser(), new IbvDevinfoParser(), new IbvDevicesParser(),
                new IblinkinfoParser(), new IbnetdiscoverParser(), new RdmaLinkParser(),
                new dev.wirespeed.parse.ib.RdmaDevParser(), new dev.wirespeed.parse.ib.Ibdev2netdevParser(),
                new dev.wirespeed.parse.ib.ShowGidsParser(), new dev.wirespeed.parse.ib.IbnodesParser(), new PerfqueryParser(),
                new dev.wirespeed.parse.ib.IbportstateParser(), new dev.wirespeed.parse.ib.RdmaStatisticParser(),
                new dev.wirespeed.parse.ib.ShowCountersParser(),
                new IbqueryerrorsParser(), new dev.wirespeed.parse.ib.IbdiagnetParser(),
                new LspciParser(), new dev.wirespeed.parse.pci.LspciTreeParser(), new LstopoParser(), new IpParser(), new EthtoolParser(), new EthtoolStatsParser(),
                new dev.wirespeed.parse.host.EthtoolModuleParser(), new dev.wirespeed.parse.host.EthtoolLimitsParser(),
                new dev.wirespeed.parse.host.EthtoolFecParser(), new KernelLogParser(), new MlnxQosParser(),
                new dev.wirespeed.parse.host.DcbParser(),
                new NetstatParser(), new dev.wirespeed.parse.host.SoftnetStatParser(), new NfsstatParser(), new dev.wirespeed.parse.host.MountParser(),
                new LsmodParser(), new dev.wirespeed.parse.host.CpuFreqParser(), new dev.wirespeed.parse.host.TcQdiscParser(), new dev.wirespeed.parse.host.NfsdPortlistParser(), new dev.wirespeed.parse.host.ServiceStatusParser(), new dev.wirespeed.parse.host.SubnetManagerParser(),
                new MlxconfigParser(), new MlxfwmanagerParser(), new OfedPciCheckParser(), new MstStatusParser(),
                new dev.wirespeed.parse.mlx.OfedInfoParser(),
                new MlnxTuneParser(), new Mlx5cmdParser(), new dev.wirespeed.parse.mlx.MlxlinkParser(), new FlintQueryParser(),
                new dev.wirespeed.parse.mlx.MftErrorParser(),
                new Iperf3JsonParser(), new FioJsonParser(), new MdcliParser(),
                new Iperf2Parser(), new Iperf3TextParser(), new QperfParser(), new PerftestParser(),
                new SockperfParser(), new NcclTestsParser(), new FioTextParser(), new ZeroTierParser());
    }

    /** The parser of a format name, or null. */
    public static Parser named(String format) {
        return all().stream().filter(p -> p.format().equals(format)).findFirst().orElse(null);
    }
}
