package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MlxlinkPort;
import java.util.ArrayList;
import java.util.List;

/**
 * mlxlink's "Troubleshooting Info" is the port firmware's own diagnosis: status opcode 0 is "No
 * issue was observed", any other names a cause and a recommendation (cable, speed mismatch, module
 * power, …). With {@code -c}, "Effective Physical Errors" are errors left after FEC: frames the port
 * dropped on the wire, where raw (pre-FEC) errors alone are normal at PAM4 rates.
 */
final class MlxlinkIssueRule implements LogRule {
    private static final String EFFECTIVE = "Effective Physical Errors";

    @Override
    public String id() {
        return "mlxlink-link-issue";
    }

    @Override
    public String description() {
        return "mlxlink: the firmware's troubleshooting status is not 0, or errors remain after FEC";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MlxlinkPort p : log.all(MlxlinkPort.class)) {
            String subject = "mlxlink " + (p.device() == null ? "port" : p.device()) + (p.port() == null ? "" : " port " + p.port());
            List<Evidence> seen = List.of(new Evidence("mlxlink, line " + p.source().line(), p.source().text().strip()));
            if (p.statusOpcode() != null && p.statusOpcode() != 0) {
                out.add(new Finding(id(), Severity.WARN, subject, subject + ": the port firmware reports status opcode "
                        + p.statusOpcode() + (p.groupOpcode() == null ? "" : " (" + p.groupOpcode() + ")")
                        + (p.recommendation() == null ? "" : ": " + p.recommendation()), seen, null,
                        Fix.action(p.recommendation() != null ? p.recommendation()
                                : "read the cable and its counters (mlxlink -d DEV -m -c), reseat or replace the cable or module")));
            }
            Long effective = p.counters().get(EFFECTIVE);
            if (effective != null && effective > 0) {
                out.add(new Finding(id(), Severity.WARN, subject, subject + ": " + effective
                        + " errors remained after FEC (" + EFFECTIVE + "): the link corrupts frames", seen, null,
                        Fix.action("clean or reseat the connectors, then replace the cable or optic; "
                                + "clear the counters (mlxlink -d DEV --pc) and watch them with mlxlink -d DEV -c")));
            }
        }
        return out;
    }
}
