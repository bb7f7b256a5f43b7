package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MlxlinkPort;
import java.util.ArrayList;
import java.util.List;

/**
 * mlxlink's "Troubleshooting Info" is the port firmware's own diagnosis: status opcode 0 is "No
 * issue was observed", any other names a cause and a recommendation (cable, speed mismatch, module
 * power, …). With {@code -c}, "Effective Physical Errors" are errors left after FEC: frames the port
 * dropped on the wire, where raw (pre-FEC) errors alone are normal at PAM4 rates. With {@code -m},
 * newer MFT prints the module's per-lane flags (SFF-8636/CMIS: Rx/Tx LOS, CDR loss of lock, Tx fault);
 * a flag set on a lane is the module's own statement of a problem on that lane.
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
            String lanes = flaggedLanes(p);
            if (!lanes.isEmpty()) {
                out.add(new Finding(id(), Severity.WARN, subject, subject + ": the module flags " + lanes
                        + " (mlxlink -m, per lane, 1 = set): Rx LOS is no signal arriving from the far end, Tx LOS no signal"
                        + " from this port's SerDes, CDR LOL a lane whose clock recovery lost lock, Tx Fault a transmitter fault."
                        + " mlxlink cannot tell which lanes the link is meant to use: lanes a breakout cable or a narrower"
                        + " width leaves dark report LOS normally", seen, null,
                        Fix.action("for an Rx LOS on lanes the link uses: clean and reseat both ends, check the far end's"
                                + " transmitter (its mlxlink -m); a Tx Fault or a flag that stays after reseating: replace"
                                + " the cable or module")));
            }
        }
        return out;
    }

    /** "Rx LOS on lanes 1, 3, 4; Rx CDR LOL on lanes 1, 2, 3, 4" for the flags set; empty when none is. */
    private static String flaggedLanes(MlxlinkPort p) {
        List<String> parts = new ArrayList<>();
        p.laneFlags().forEach((flag, bits) -> {
            List<String> set = new ArrayList<>();
            for (int lane = 0; lane < bits.size(); lane++) {
                if (bits.get(lane) == 1) {
                    set.add(String.valueOf(lane + 1));
                }
            }
            if (!set.isEmpty()) {
                parts.add(flag + " on lane" + (set.size() > 1 ? "s " : " ") + String.join(", ", set));
            }
        });
        return String.join("; ", parts);
    }
}
