package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A VPI card's firmware setting LINK_TYPE_Pn (mlxconfig/mstconfig: IB(1), ETH(2), VPI(3)) differs
 * from the link layer port n runs: the setting was changed and waits for a reboot or mlxfwreset,
 * or the port is not what the user set it to (src/test/resources/parse/mlx/mlxconfig-set-seed001.txt:
 * LINK_TYPE_P1 set from IB(1) to ETH(2) while the port still ran InfiniBand).
 */
final class LinkTypeRule implements Rule {
    static final String ID = "link-type-mismatch";
    private static final Pattern SETTING = Pattern.compile("LINK_TYPE_P(\\d)");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "firmware LINK_TYPE_Pn (IB/ETH) differs from the port's link layer: a pending change or a wrong mode";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (DeviceSetting s : facts.settings()) {
            Matcher m = SETTING.matcher(s.name());
            if (!m.matches()) {
                continue;
            }
            LinkLayer wanted = layer(s.value());
            if (wanted == null) {
                continue;
            }
            int portNumber = Integer.parseInt(m.group(1));
            for (RdmaPort p : ports(facts, s.device(), portNumber)) {
                if (!p.linkLayer().isPresent() || p.linkLayer().value() == wanted) {
                    continue;
                }
                String label = p.device() + " port " + p.port();
                List<Evidence> evidence = new ArrayList<>(List.of(s.evidence()));
                evidence.addAll(Evidences.of(p.linkLayer()));
                out.add(new Finding(ID, Severity.WARN, label, String.format(Locale.ROOT,
                        "%s runs %s but the firmware setting %s is %s: the port changes only after a reboot or a "
                                + "firmware reset, or it is not in the mode you set", label, p.linkLayer().raw(), s.name(),
                        s.value()), evidence, null,
                        Fix.command("apply the setting (or set it back if the port's mode is the one you want)",
                                "mlxfwreset -d " + s.device() + " reset")));
            }
        }
        return out;
    }

    /** "ETH(2)", "IB(1)"; VPI(3) and unknown values say nothing about the link layer. */
    private static LinkLayer layer(String value) {
        String v = value.strip().toUpperCase(Locale.ROOT);
        if (v.startsWith("ETH") || v.equals("2")) {
            return LinkLayer.ETHERNET;
        }
        if (v.startsWith("IB") || v.equals("1")) {
            return LinkLayer.INFINIBAND;
        }
        return null;
    }

    /**
     * The ports the setting's device names: by PCI address ("02:00.0"), by RDMA device name, or —
     * for an mst name the facts cannot resolve — the host's only RDMA device with ports.
     */
    private static List<RdmaPort> ports(Facts facts, String device, int port) {
        List<RdmaDevice> devices;
        try {
            String address = PciFunction.normalizeAddress(device);
            devices = facts.rdmaDevicesOf(address);
        } catch (IllegalArgumentException e) {
            devices = facts.rdmaDevice(device).map(List::of).orElse(List.of());
        }
        if (devices.isEmpty()) {
            List<RdmaDevice> withPorts = facts.rdmaDevices().stream().filter(d -> !d.ports().isEmpty()).toList();
            devices = withPorts.size() == 1 ? withPorts : List.of();
        }
        return devices.stream().flatMap(d -> d.ports().stream()).filter(p -> p.port() == port).toList();
    }
}
