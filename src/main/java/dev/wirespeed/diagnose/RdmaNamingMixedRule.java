package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.RdmaDevice;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Hosts of one log name their RDMA devices by different schemes: kernel names (mlx5_2, in probe
 * order, which can change across reboots) on some, persistent names by PCI location (ibp171s0,
 * rocep22s0f0) on others. rdma-core's udev rule 60-rdma-persistent-naming.rules decides
 * (rdma_rename NAME_KERNEL / NAME_PCI / NAME_FALLBACK); scripts and MPI/NCCL configs that name
 * devices then break on some nodes (src/test/resources/parse/ib/ibstatus-seed000-node139-ibp-names.txt,
 * src/test/resources/parse/ib/ibstatus-seed000-node140-mlx5-names.txt).
 */
final class RdmaNamingMixedRule implements LogRule {
    private static final Pattern PERSISTENT = Pattern.compile("(ib|roce|iw|opa|rdma)(p\\d+s\\d+\\w*|s\\d+\\w*|x[0-9a-f]+|P\\d+.*)");
    private static final Pattern KERNEL = Pattern.compile("[a-z]+\\d*_(\\d+|bond_\\d+)");

    @Override
    public String id() {
        return "rdma-naming-mixed";
    }

    @Override
    public String description() {
        return "RDMA devices named by different schemes on different hosts (mlx5_* vs ibp*): udev rdma_rename";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, List<String>> kernel = new LinkedHashMap<>();
        Map<String, List<String>> persistent = new LinkedHashMap<>();
        List<Evidence> evidence = new ArrayList<>();
        for (Facts host : log.hosts()) {
            for (RdmaDevice d : host.rdmaDevices()) {
                if (d.ports().isEmpty()) {
                    continue; // named only by a topology or mst listing: not the host's own view of its ports
                }
                String scheme = PERSISTENT.matcher(d.name()).matches() ? "persistent"
                        : KERNEL.matcher(d.name()).matches() ? "kernel" : null;
                if (scheme == null) {
                    continue;
                }
                (scheme.equals("kernel") ? kernel : persistent).computeIfAbsent(host.origin(), k -> new ArrayList<>())
                        .add(d.name());
            }
        }
        // Hosts that show persistent names, and other hosts that show kernel names (a host may show
        // both when its log spans a rename: it still differs from the hosts that show only one).
        List<String> onlyPersistent = new ArrayList<>(persistent.keySet());
        List<String> onlyKernel = kernel.keySet().stream()
                .filter(h -> !persistent.containsKey(h) || persistent.size() > 1).toList();
        if (onlyKernel.isEmpty() || onlyPersistent.isEmpty()
                || (onlyKernel.size() == 1 && onlyPersistent.size() == 1 && onlyKernel.equals(onlyPersistent))) {
            return List.of();
        }
        for (String h : onlyPersistent) {
            evidence.add(new Evidence(h, String.join(" ", persistent.get(h))));
        }
        for (String h : onlyKernel) {
            evidence.add(new Evidence(h, String.join(" ", kernel.get(h))));
        }
        String message = String.format("RDMA devices are named by PCI location on %s (%s …) but by probe order on %s (%s …); "
                        + "commands and configs that name a device will not work on every node",
                String.join(", ", onlyPersistent), persistent.get(onlyPersistent.getFirst()).getFirst(),
                String.join(", ", onlyKernel), kernel.get(onlyKernel.getFirst()).getFirst());
        return List.of(new Finding(id(), Severity.WARN, "RDMA device names", message, evidence,
                Impact.text("no bandwidth cost; scripts naming devices (perftest -d, NCCL_IB_HCA) differ per node"),
                Fix.command("choose one scheme on every node: copy rdma-core's udev rule and set its rdma_rename mode "
                                + "(NAME_KERNEL for mlx5_*, NAME_PCI for ibp*), then reboot",
                        "cp /lib/udev/rules.d/60-rdma-persistent-naming.rules /etc/udev/rules.d/")));
    }
}
