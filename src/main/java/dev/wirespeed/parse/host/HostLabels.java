package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * What a script or a poster wrote about the host in "Label: value" lines beside a tool's output ("Kernel:
 * 5.10.91", "OS:  Debian 11", "ofed: MLNX_OFED_LINUX-5.5-1.0.3.2" under a call trace; a cluster check's "OFED:",
 * "IB HCA FW Active:" lines). Only labels that name a field unambiguously are typed; every line is kept as printed
 * in the record's "printed" map ({@link HostLabelsParser}).
 *
 * @param kernelRelease the running kernel's release as {@code uname -r} prints it ("5.15.0-91-generic")
 * @param os            the distribution as written ("Debian 11", "Ubuntu 22.04.3 LTS")
 * @param ofed          the driver stack as written ("MLNX_OFED_LINUX-5.5-1.0.3.2")
 */
@JsonTypeName("HostLabels")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostLabels(String kernelRelease, String os, String ofed, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("kernel", kernelRelease).put("os", os).put("ofed", ofed).map();
    }

    /** Shown only: a person's or a script's own words about the host, not a tool's reading of it. */
    @Override
    public void addFacts(FactSink out) {}
}
