package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Services;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The driver stack's release as {@code ofed_info -s} prints it ("MLNX_OFED_LINUX-24.10-3.2.5.0:"):
 * the installed MLNX_OFED, which decides the mlx5 driver, the firmware it expects and the tools.
 *
 * @param distribution "MLNX_OFED_LINUX"
 * @param version      "24.10-3.2.5.0"
 */
@JsonTypeName("OfedVersion")
public record OfedVersion(String distribution, String version, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("distribution", distribution).put("version", version).map();
    }

    /** The driver stack's release: MLNX_OFED's units (opensmd) and IPoIB modes follow from it (host.Services). */
    @Override
    public void addFacts(FactSink out) {
        out.add(new DeviceSetting(Services.STACK, Services.DISTRIBUTION,
                distribution + " " + version, out.evidence(source)));
    }
}
