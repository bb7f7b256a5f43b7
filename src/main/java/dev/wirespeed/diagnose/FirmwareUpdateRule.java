package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import java.util.ArrayList;
import java.util.List;

/**
 * mlxfwmanager (also inside the OFED installer's output) says "Status: Update required": the card
 * runs older firmware than the package carries (src/test/resources/parse/mlx/mlnxofedinstall-seed001.txt:
 * 12.21.1000 with 12.25.1020 available). Facts carry it as the device settings {@link #STATUS} and {@link
 * #VERSION}.
 */
public final class FirmwareUpdateRule implements Rule {
    static final String ID = "firmware-update-required";
    static final String STATUS = DeviceSetting.FIRMWARE_STATUS;
    static final String VERSION = DeviceSetting.FIRMWARE_VERSION;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "mlxfwmanager reports \"Update required\": firmware older than the one available";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (DeviceSetting s : facts.settings()) {
            if (!STATUS.equals(s.name()) || !s.value().strip().equalsIgnoreCase("Update required")) {
                continue;
            }
            List<Evidence> evidence = new ArrayList<>(List.of(s.evidence()));
            String version = facts.settings().stream().filter(v -> VERSION.equals(v.name()) && v.device().equals(s.device()))
                    .findFirst().map(v -> {
                        evidence.add(v.evidence());
                        return ": firmware " + v.value();
                    }).orElse("");
            out.add(new Finding(ID, Severity.WARN, s.device(), s.device() + " needs a firmware update" + version,
                    evidence, null, Fix.command("update the firmware, then reset the card (mlxfwreset) or reboot for it "
                            + "to take effect", "mlxfwmanager -u -d " + s.device())));
        }
        return out;
    }
}
