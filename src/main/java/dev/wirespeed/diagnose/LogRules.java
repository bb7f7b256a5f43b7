package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The rules explain applies to a whole log: every host rule of {@link RuleSet#standard()} on each
 * host's facts, then the {@link LogRule}s. Findings sorted like {@link RuleSet#diagnose}. Pasted
 * counters become the host's counter facts (CounterSample.addFacts), so doctor's counter rules
 * ({@link CounterRule}, one per {@link CounterSignal}) judge them here too, with the same ids.
 */
public final class LogRules {
    private final RuleSet hostRules;
    private final List<LogRule> logRules;

    public LogRules(RuleSet hostRules, List<LogRule> logRules) {
        this.hostRules = hostRules;
        this.logRules = List.copyOf(logRules);
    }

    public static LogRules standard() {
        return new LogRules(RuleSet.standard(), List.of(new RdmaNamingMixedRule(), new FabricLinkDegradedRule(),
                new ZeroTierUnreachableRule(), new ZeroTierNetworkDeniedRule(), new MlxlinkIssueRule(), new MdcliPatchBlocksUpgradeRule(),
                new KernelEventsRule(), new FirmwareResetPendingRule(), new MlxconfigPendingRule(), new PciUnreadableRule(), new PciVpdUnreadableRule(),
                new NcclBusBandwidthRule(), new MstNotStartedRule(), new BandwidthAtLineRateRule(), new StreamImbalanceRule(),
                new IbdiagnetErrorsRule(), new TransceiverAlarmRule(), new Iperf3ErrorRule(), new PerftestFailedRule(), new PingpongFailedRule(), new MftErrorRule(),
                new VfDroppingRule(), new RunFailedRule(), new LinkTypeFixedRule(),
                new PingLossRule(), new MdcliFitModeRule(), new MdcliFirmwareNoFatRule(), new MdcliTransferFailedRule(),
                new MdcliPatchNeedsRebootRule(), new FioLinkBoundRule(), new NfsRetransmissionsRule(), new ListenQueueFullRule(),
                new NfsdThreadsBusyRule(), new NfsMountOptionsRule(), new NfsTransportRule(), new NfsOpStatsRule(),
                new SarTcpRetransmitsRule(), new SarInterfaceErrorsRule(), new FecUncorrectableRule()));
    }

    public List<LogRule> logRules() {
        return logRules;
    }

    public List<Finding> diagnose(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (Facts host : log.hosts()) {
            out.addAll(hostRules.diagnose(host));
        }
        for (LogRule rule : logRules) {
            try {
                out.addAll(rule.apply(log));
            } catch (RuntimeException e) {
                out.add(new Finding("internal-error", Severity.WARN, rule.id(),
                        "rule " + rule.id() + " failed: " + e + " (please report it)", List.of(), null, null));
            }
        }
        out.sort(Comparator.comparing(Finding::severity).reversed());
        return out;
    }
}
