package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * One module as {@code modinfo} prints it (kmod tools/modinfo.c: "field:" padded to 16 columns, a
 * field the module carries twice printed twice). Every printed field is also in the record's
 * "printed" map; these are the ones a driver question needs.
 *
 * @param name       "name:" (kmod 23+), else the file name without ".ko…"
 * @param filename   the module file, "(builtin)" for a built-in module
 * @param version    the driver's own version ("1.12.7" of Intel's out-of-tree ice); in-tree drivers
 *                   since Linux 5.8 print none
 * @param srcversion the checksum of the sources, what tells two builds of one version apart
 * @param vermagic   the kernel the module was built for ("5.15.0-134-generic SMP mod_unload modversions")
 * @param firmware   the firmware files it asks for ("updates/intel/ice/ddp/ice.pkg")
 * @param parameters the "parm:" lines, each "name:description (type)" as printed
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("ModuleInfo")
public record ModuleInfo(String name, String filename, String version, String srcversion, String vermagic,
                         List<String> firmware, List<String> parameters, Source source) implements ParsedRecord {
    public ModuleInfo {
        firmware = List.copyOf(firmware);
        parameters = List.copyOf(parameters);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("module", name).put("version", version).put("srcversion", srcversion)
                .put("vermagic", vermagic).put("firmware", firmware.isEmpty() ? null : String.join(", ", firmware)).map();
    }

    /** modinfo reads a module file, not the running kernel: it says nothing of what the host has loaded. */
    @Override
    public void addFacts(FactSink out) {}
}
