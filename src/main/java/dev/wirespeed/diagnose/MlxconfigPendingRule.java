package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MlxSetting;
import java.util.ArrayList;
import java.util.List;

/**
 * mlxconfig writes a setting to the adapter's non-volatile configuration; the firmware reads it only
 * when it starts. With {@code -e} the query shows both: a "Current" value unlike the "Next Boot" one
 * means the change is written but not in effect (an OS reboot may not be enough: the firmware must
 * restart, by mlxfwreset or a cold power cycle).
 */
final class MlxconfigPendingRule implements LogRule {
    @Override
    public String id() {
        return "mlxconfig-change-pending";
    }

    @Override
    public String description() {
        return "mlxconfig -e: a setting's next-boot value differs from the current one (not in effect until a firmware reset)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MlxSetting s : log.all(MlxSetting.class)) {
            if (s.currentValue() == null || s.nextBoot() == null || s.currentValue().equals(s.nextBoot())) {
                continue;
            }
            String device = s.device() != null ? s.device() : "the adapter";
            out.add(new Finding(id(), Severity.WARN, device,
                    s.name() + " is " + s.currentValue() + " now and " + s.nextBoot() + " at the next boot on " + device
                            + ": the firmware applies it only when it restarts",
                    List.of(new Evidence("mlxconfig, line " + s.source().line(), s.source().text().strip())), null,
                    Fix.command("restart the adapter's firmware (an OS reboot may not do it; else a cold power cycle)",
                            "mlxfwreset -d " + (s.device() != null ? s.device() : "DEVICE") + " reset")));
        }
        return out;
    }
}
