package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.ib.IbdiagStage;
import java.util.ArrayList;
import java.util.List;

/**
 * ibdiagnet's summary table: a stage that found errors (a link at the wrong width or speed, bad
 * port counters, duplicate GUIDs or LIDs …) is a finding of its own, with the section's "-E-" lines
 * as evidence; stages with warnings only are named together in one note.
 */
final class IbdiagnetErrorsRule implements LogRule {
    static final String ID = "ibdiagnet-errors";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "ibdiagnet's summary: the stages that found errors (and, as a note, warnings)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        List<IbdiagStage> warned = new ArrayList<>();
        for (IbdiagStage s : log.all(IbdiagStage.class)) {
            if (s.errors() > 0) {
                List<Evidence> evidence = new ArrayList<>();
                evidence.add(evidence(s.source()));
                s.errorLines().forEach(l -> evidence.add(evidence(l)));
                out.add(new Finding(ID, Severity.WARN, "ibdiagnet " + s.stage(),
                        "ibdiagnet: " + s.stage() + " found " + s.errors() + " error" + (s.errors() == 1 ? "" : "s")
                                + (s.warnings() > 0 ? " and " + s.warnings() + " warning" + (s.warnings() == 1 ? "" : "s") : ""),
                        evidence, null, Fix.action("read the -E- lines of this stage in ibdiagnet's log (ibdiagnet2.log, "
                                + "its path is printed under the summary) and fix the links, ports or nodes they name; "
                                + "run ibdiagnet again to confirm")));
            } else if (s.warnings() > 0) {
                warned.add(s);
            }
        }
        if (!warned.isEmpty()) {
            out.add(new Finding(ID, Severity.INFO, "ibdiagnet",
                    "ibdiagnet: warnings in " + String.join(", ", warned.stream()
                            .map(s -> s.stage() + " (" + s.warnings() + ")").toList()),
                    warned.stream().map(s -> evidence(s.source())).toList(), null,
                    Fix.action("read the -W- lines in ibdiagnet's log; unanswered MADs often come from nodes that "
                            + "were rebooting or busy")));
        }
        return out;
    }

    private static Evidence evidence(Source s) {
        return new Evidence("ibdiagnet, line " + s.line(), s.text().strip());
    }
}
