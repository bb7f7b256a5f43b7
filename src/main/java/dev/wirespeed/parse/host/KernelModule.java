package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/** A loaded kernel module from {@code lsmod}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("KernelModule")
public record KernelModule(String name, long sizeBytes, int useCount, List<String> usedBy, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("module", name).put("size", sizeBytes + " B").put("used", useCount)
                .put("by", String.join(",", usedBy)).map();
    }

    /**
     * ib_core's users list every RDMA upper layer loaded, so its line alone says whether the NFS
     * transport is there (src/test/resources/parse/host/lsmod-seed000.txt l.10, from "lsmod | grep ^ib").
     */
    @Override
    public void addFacts(FactSink out) {
        Evidence ev = out.evidence(source);
        if (name.equals("ib_core")) {
            out.add(new DeviceSetting(NfsRdma.KERNEL, NfsRdma.MODULES, NfsRdma.modulesValue(usedBy), ev));
            out.add(new DeviceSetting(NfsRdma.KERNEL, NfsRdma.IPOIB_MODULE, usedBy.contains("ib_ipoib") ? NfsRdma.LOADED : NfsRdma.NOT_LOADED, ev));
        } else if (name.equals("ib_ipoib")) {
            out.add(new DeviceSetting(NfsRdma.KERNEL, NfsRdma.IPOIB_MODULE, NfsRdma.LOADED, ev));
        } else if (NfsRdma.TRANSPORT_MODULES.contains(name)) {
            out.add(new DeviceSetting(NfsRdma.KERNEL, NfsRdma.MODULES, name, ev));
        }
    }
}
