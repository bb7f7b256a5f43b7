package dev.wirespeed.diagnose;

import java.util.ArrayList;
import java.util.List;

/** The rules wirespeed ships, in report order. */
final class StandardRules {
    private StandardRules() {}

    static List<Rule> all() {
        List<Rule> rules = new ArrayList<>(List.of(
                new IbNoSubnetManagerRule(),
                new IbSmNotRunningRule(),
                new PortDownRule(),
                new PcieLinkDowngradedRule(),
                new PcieBelowPortsRule(),
                new PortRateBelowDeviceRule(),
                new EthernetMtuRule(),
                new IpoibDatagramRule(),
                new IpoibNotLoadedRule(),
                new RoceFlowControlRule(),
                new RocePfcPriorityRule(),
                new RoceEcnOffRule(),
                new CpuGovernorRule(),
                new CpufreqNoDriverRule(),
                new NfsOverTcpRule(),
                new NfsRdmaModuleRule(),
                new NfsdNoRdmaPortRule(),
                new OfedWithoutNfsrdmaRule(),
                new ServiceNotRunningRule(),
                new NfsExportNotTmpfsRule(),
                new NicNumaRule(),
                new FirmwareUpdateRule(),
                new LinkTypeRule(),
                // rules that need measured results from tool output (explain)
                new BandwidthBelowLinkRule(),
                new Iperf3SingleThreadRule(),
                new UdpLossRule()));
        rules.addAll(CounterRule.all());
        return List.copyOf(rules);
    }
}
