package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MlxDevice;
import java.util.ArrayList;
import java.util.List;

/**
 * mlxfwmanager/mlxup print "FW (Running)" when the firmware in flash is not the one the adapter
 * runs: a burn (or mlxup update) happened and no reset since. Until the reset, the old firmware's
 * behaviour and limits stay, and "Status: Up to date" is misleading.
 */
final class FirmwareResetPendingRule implements LogRule {
    @Override
    public String id() {
        return "firmware-reset-pending";
    }

    @Override
    public String description() {
        return "mlxfwmanager: the running firmware differs from the installed one (a reset is pending)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MlxDevice d : log.all(MlxDevice.class)) {
            if (!d.resetPending()) {
                continue;
            }
            String name = d.device() != null ? d.device() : d.deviceType() != null ? d.deviceType() : "the adapter";
            out.add(new Finding(id(), Severity.WARN, name,
                    name + " runs firmware " + d.runningFirmware() + " but " + d.firmware()
                            + " is installed: the new firmware loads only at the next reset",
                    List.of(new Evidence("mlxfwmanager, line " + d.source().line(), d.source().text().strip())), null,
                    Fix.command("reset the adapter (or reboot; some servers need a cold power cycle or a virtual reseat)",
                            "mlxfwreset -d " + (d.device() != null ? d.device() : "DEVICE") + " reset")));
        }
        return out;
    }
}
