package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MstModule;
import java.util.List;

/**
 * {@code mst status} shows its kernel modules not loaded: MFT's tools cannot open /dev/mst/…
 * devices (mlxconfig -d /dev/mst/mt4119_pciconf0 fails with "No such file") until {@code mst start}.
 * Only the MST PCI module missing is the normal state after {@code mst start}, which unloads it
 * when unused; the configuration module is the one the tools open.
 */
final class MstNotStartedRule implements LogRule {
    @Override
    public String id() {
        return "mst-not-started";
    }

    @Override
    public String description() {
        return "mst status: MST kernel modules not loaded (run mst start)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<MstModule> modules = log.all(MstModule.class);
        List<MstModule> missing = modules.stream().filter(m -> !m.loaded()).toList();
        // mst start unloads the MST PCI module when unused ("Unloading MST PCI module (unused) - Success"):
        // with the configuration module loaded, /dev/mst/*_pciconf* exist and the tools work
        boolean configLoaded = modules.stream().anyMatch(m -> m.loaded() && m.module().contains("configuration"));
        if (missing.isEmpty() || configLoaded) {
            return List.of();
        }
        return List.of(new Finding(id(), Severity.WARN, "mst",
                String.join(" and ", missing.stream().map(MstModule::module).toList())
                        + " module(s) not loaded: there are no /dev/mst devices for mlxconfig, flint or mlxlink",
                missing.stream().map(m -> new Evidence("mst, line " + m.source().line(), m.source().text().strip())).toList(),
                null, Fix.command("load the MST modules (or use the PCI address, e.g. mstconfig -d 03:00.0 q)",
                        "mst start")));
    }
}
