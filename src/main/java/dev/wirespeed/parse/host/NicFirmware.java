package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The firmware an Intel Ethernet adapter reports at probe (i40e/ice: "fw 7.0.50775 api 1.8 nvm 7.00
 * 0x80004c97 1.2154.0"): the firmware, its admin-queue API and the NVM image versions.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("NicFirmware")
public record NicFirmware(String driver, String address, String firmware, String api, String nvm, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("driver", driver).put("firmware", firmware).put("api", api)
                .put("nvm", nvm).map();
    }

    /** An Intel adapter's firmware at probe: shown as read; no host fact holds NIC firmware yet. */
    @Override
    public void addFacts(FactSink out) {}
}
