package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.MdcliRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * A Huawei hot patch whose operation says {@code "upgrade-mode": "reset-board"}: it is loaded but takes
 * effect only when the board restarts (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt:
 * "某些补丁需要重启设备才能生效", some patches need a reboot).
 */
final class MdcliPatchNeedsRebootRule implements LogRule {
    @Override
    public String id() {
        return "mdcli-patch-needs-reboot";
    }

    @Override
    public String description() {
        return "an MD-CLI patch with upgrade-mode reset-board takes effect only after a reboot";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MdcliRecord r : log.all(MdcliRecord.class)) {
            String operations = r.get("operations");
            if (!r.object().equals("patch-info") || operations == null
                    || !operations.replace(" ", "").contains("\"upgrade-mode\":\"reset-board\"")) {
                continue;
            }
            String patch = r.get("version") != null ? r.get("version") : r.get("name");
            out.add(new Finding(id(), Severity.INFO, "patch " + patch, "patch " + patch + " is " + (r.get("state") == null
                    ? "loaded" : r.get("state")) + ", but its upgrade mode is reset-board: it takes effect only after the AP"
                    + " restarts", List.of(new Evidence("mdcli, line " + r.source().line(), r.source().text().strip())), null,
                    Fix.command("reboot the AP when its clients can spare it", "reboot")));
        }
        return out;
    }
}
