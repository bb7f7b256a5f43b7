package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.MdcliRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Huawei MD-CLI "display cfg/startup-infos": next-system-software is still the running image
 * while a patch is loaded. A loaded hot patch keeps the device from taking a new startup image;
 * delete the patch, then set the startup image again (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt).
 */
final class MdcliPatchBlocksUpgradeRule implements LogRule {
    @Override
    public String id() {
        return "mdcli-patch-blocks-upgrade";
    }

    @Override
    public String description() {
        return "MD-CLI: next startup image is still the old one while a patch is loaded: delete the patch first";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MdcliRecord r : log.all(MdcliRecord.class)) {
            if (!r.object().equals("startup-info")) {
                continue;
            }
            String current = r.get("current-system-software");
            String next = r.get("next-system-software");
            String patch = r.get("current-patch-file") != null ? r.get("current-patch-file") : r.get("next-patch-file");
            boolean patched = patch != null && !patch.isBlank() && !patch.equalsIgnoreCase("NULL");
            if (current == null || next == null || !current.equals(next) || !patched) {
                continue;
            }
            out.add(new Finding(id(), Severity.WARN, "startup image",
                    "next-system-software is still the running image " + next + " while patch " + patch
                            + " is loaded: the new image will not be used at the next boot",
                    List.of(new Evidence("mdcli-json, line " + r.source().line(), r.source().text().strip())), null,
                    Fix.command("delete the patch, then set the startup image again (startup-by-mode name IMAGE)",
                            "delete-patch delete-type all")));
        }
        return out;
    }
}
