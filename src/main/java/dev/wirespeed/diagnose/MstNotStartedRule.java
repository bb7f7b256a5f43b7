package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.mlx.MstModule;
import java.util.List;

/**
 * {@code mst status} shows its kernel modules not loaded: MFT's tools cannot open /dev/mst/…
 * devices (mlxconfig -d /dev/mst/mt4119_pciconf0 fails with "No such file") until {@code mst start}.
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
        List<MstModule> missing = log.all(MstModule.class).stream().filter(m -> !m.loaded()).toList();
        if (missing.isEmpty()) {
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
