package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Services;
import java.util.ArrayList;
import java.util.List;

/**
 * A service of the RDMA stack that `systemctl status` shows inactive or failed, where the seeds draw a
 * conclusion from it: rshim (src/test/resources/parse/seeds/002_6dce3dfc6f2788a4.txt l.214-230: the BlueField host driver, "if it is not running properly,
 * reboot the server") gives the host its path to the DPU's console, boot and firmware; openibd
 * (src/test/resources/parse/host/systemctl-status-openibd-seed001.txt l.252-255, MLNX_OFED's: "Loading HCA
 * driver and Access Layer") loads MLNX_OFED's drivers. opensm(d) is judged by the subnet manager rules, with
 * the port that waits for it. doctor reads unit files, not states, so this fires on pasted status only.
 */
final class ServiceNotRunningRule implements Rule {
    static final String ID = "service-not-running";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "rshim or openibd inactive or failed in pasted systemctl status";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (String unit : List.of("rshim", "openibd")) {
            Services.state(facts.settings(), unit).ifPresent(s -> {
                if (s.value().equals(Services.INACTIVE) || s.value().equals(Services.FAILED)) {
                    out.add(finding(unit, s));
                }
            });
        }
        return out;
    }

    private static Finding finding(String unit, DeviceSetting s) {
        boolean failed = s.value().equals(Services.FAILED);
        if (unit.equals("rshim")) {
            return new Finding(ID, Severity.WARN, unit, "rshim is " + s.value() + ": the host has no rshim path to the "
                    + "BlueField (its console, boot image and firmware updates go through it)", List.of(s.evidence()), null,
                    Fix.command("start it and keep it started" + (failed ? "; its log says why it failed (journalctl -u rshim)" : "")
                            // the reboot: what the DOCA install guide quoted in parse/seeds/002_6dce3dfc6f2788a4.txt (l. 235) advises
                            + "; if it does not come up, reboot the host", "systemctl enable --now rshim"));
        }
        return new Finding(ID, Severity.WARN, unit, "openibd is " + s.value() + ": MLNX_OFED's drivers may not be loaded",
                List.of(s.evidence()), null, Fix.command("restart it and read why it stopped (journalctl -u openibd)",
                        "systemctl restart openibd"));
    }
}
