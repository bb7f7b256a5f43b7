package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.MdcliRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Huawei MD-CLI refusing a configuration command "for want of permission" to the administrator: the AP
 * is in FIT mode, managed by an access controller, and keeps no local configuration; configuring it
 * needs FAT (or Leader AP) mode, which the V600 line has only from V600R024C10
 * (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt: "没有权限其实代表当前 AP 在 FIT 模式下", no permission means
 * FIT mode; V600R023C10 had no FAT mode to switch to). When the running image is shown too, it is this
 * finding's evidence and decides the fix.
 */
final class MdcliFitModeRule implements LogRule {
    static final String ID = "mdcli-fit-mode";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "MD-CLI refused a configuration command for want of permission: the AP is a FIT AP";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<MdcliRecord> refused = MdcliSoftware.permissionErrors(log);
        if (refused.isEmpty()) {
            return List.of();
        }
        MdcliRecord first = refused.getFirst();
        MdcliSoftware sw = MdcliSoftware.running(log);
        List<Evidence> seen = new ArrayList<>();
        for (MdcliRecord r : refused) {
            seen.add(new Evidence("mdcli, line " + r.source().line() + " (after " + r.get("command") + ")", r.source().text().strip()));
        }
        if (sw != null) {
            seen.add(new Evidence("mdcli, line " + sw.record().source().line(), sw.record().source().text().strip()));
        }
        String version = sw == null ? "" : sw.beforeFat()
                ? "; it runs " + sw.version() + " (" + sw.image() + "), which has no FAT or Leader AP mode to switch to"
                : "; it runs " + sw.version() + ", which can switch to FAT mode";
        Fix fix;
        if (sw != null && sw.beforeFat()) {
            fix = Fix.action("upgrade to " + MdcliSoftware.FIRST_FAT + " or later (download-upgrade-package, startup-by-mode"
                    + " name IMAGE, reboot; delete a loaded patch first), then switch FIT to FAT in the web UI and reboot");
        } else if (sw != null) {
            fix = Fix.action("switch FIT to FAT (or Leader AP) mode in the web UI and reboot; or configure it from its AC");
        } else {
            fix = Fix.action("switch FIT to FAT mode in the web UI and reboot; a V600 image before " + MdcliSoftware.FIRST_FAT
                    + " has no FAT mode (display system/system-info/software-name): upgrade it first");
        }
        return List.of(new Finding(ID, Severity.WARN, "AP mode", "MD-CLI refused '" + first.get("command")
                + "' for want of permission (" + first.get("message") + "): the AP is in FIT mode, managed by an access"
                + " controller, and takes no local configuration" + version, seen, null, fix));
    }
}
