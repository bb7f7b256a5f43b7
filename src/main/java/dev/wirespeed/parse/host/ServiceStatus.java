package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.Services;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One unit of {@code systemctl status} (src/test/resources/parse/host/systemctl-status-openibd-seed001.txt, src/test/resources/parse/host/systemctl-status-rshim-seed002.txt): its name, where
 * it was loaded from and whether it runs.
 *
 * @param unit     the unit without ".service" ("opensmd", "rshim")
 * @param loaded   "loaded", "not-found", "masked" …, null when the output has no "Loaded:" line
 * @param unitFile the unit file or init script of "Loaded: loaded (PATH; …)", null when not shown
 * @param active   "active", "inactive", "failed", "activating" … (the first word of "Active:"), or
 *                 "not-found" for "Unit X.service could not be found."; null when not shown
 * @param detail   the rest of the "Active:" line ("(running) since …"), null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("ServiceStatus")
public record ServiceStatus(String unit, String loaded, String unitFile, String active, String detail, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("unit", unit).put("loaded", loaded).put("active", active).put("detail", detail)
                .put("unit file", unitFile).map();
    }

    /**
     * A unit's state as a service setting (host.Services); opensm's and opensmd's also say whether a
     * subnet manager runs here. A unit that does not exist says nothing about an SM elsewhere.
     */
    @Override
    public void addFacts(FactSink out) {
        Evidence ev = out.evidence(source);
        String state = active == null ? null : active.equals(Services.NOT_FOUND) ? Services.NOT_FOUND : Services.stateOf(active);
        if (state == null && "loaded".equals(loaded)) {
            state = Services.INSTALLED;
        }
        if (state == null) {
            return;
        }
        out.add(new DeviceSetting(Services.DEVICE, unit, state, ev));
        boolean sm = unit.equals(Services.OPENSM) || unit.equals(Services.OPENSMD);
        if (sm && (state.equals(Services.ACTIVE) || state.equals(Services.INACTIVE) || state.equals(Services.FAILED))) {
            out.add(new DeviceSetting(NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER, state.equals(Services.ACTIVE) ? "running" : "not running", ev));
        }
    }
}
