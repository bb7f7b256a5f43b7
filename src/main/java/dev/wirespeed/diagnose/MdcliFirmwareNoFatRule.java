package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import java.util.List;

/**
 * A Huawei AP on a V600 (MD-CLI) image older than V600R024C10: FAT AP and Leader AP mode arrived with that
 * release (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt: AirEngine 5773-21 on V600R023C10SPC200
 * could be nothing but a FIT AP; "必须升级到 V600R024C10 及以上版本才有该功能"). Quiet when {@code mdcli-fit-mode} fires,
 * which names the version itself.
 */
final class MdcliFirmwareNoFatRule implements LogRule {
    @Override
    public String id() {
        return "mdcli-firmware-no-fat";
    }

    @Override
    public String description() {
        return "a V600 AP image before V600R024C10 has no FAT AP or Leader AP mode";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        MdcliSoftware sw = MdcliSoftware.running(log);
        if (sw == null || !sw.beforeFat() || !MdcliSoftware.permissionErrors(log).isEmpty()) {
            return List.of();
        }
        return List.of(new Finding(id(), Severity.INFO, sw.product(), sw.product() + " runs " + sw.version() + " ("
                + sw.image() + "): FAT AP and Leader AP mode came with " + MdcliSoftware.FIRST_FAT + ", so this AP can"
                + " only be a FIT AP managed by an access controller",
                List.of(new Evidence("mdcli, line " + sw.record().source().line(), sw.record().source().text().strip())), null,
                Fix.action("to manage it alone or as a Leader AP, upgrade to " + MdcliSoftware.FIRST_FAT + " or later"
                        + " (download-upgrade-package, startup-by-mode name IMAGE, reboot), then switch FIT to FAT in the web UI")));
    }
}
