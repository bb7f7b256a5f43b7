package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * PFC is on for some priorities but not the one RoCE traffic travels on, so RoCE stays lossy while
 * other traffic may be paused. The RoCE priority: mlx5's default RoCE traffic class is 106, DSCP 26
 * (RDMA_CM/cma_roce_tos), which the default dscp2prio map (priority = DSCP / 8) puts on priority 3;
 * with trust pcp it is the VLAN's PCP, which NVIDIA's lossless RoCE guides also set to 3. Facts: the
 * "trust", "pfc" and "dscp26-priority" settings of mlnx_qos or iproute2's dcb (explain; doctor runs
 * them on the live host, see inspect.QosReader): with trust dscp and a DSCP map, RoCE's priority
 * is where the map puts DSCP 26.
 */
final class RocePfcPriorityRule implements Rule {
    static final String ID = "roce-pfc-priority-mismatch";
    /** DSCP 26 on the default map, and the PCP of the vendor's lossless RoCE configuration. */
    static final int ROCE_PRIORITY = 3;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PFC enabled on priorities that do not include RoCE's (3: DSCP 26 with trust dscp, PCP 3 with trust pcp); needs mlnx_qos or dcb output";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (DeviceSetting pfc : facts.settings()) {
            if (!pfc.name().equals("pfc") || pfc.value().equals("none")) {
                continue;
            }
            List<Integer> on = Arrays.stream(pfc.value().split(",")).map(String::strip).filter(s -> s.matches("\\d"))
                    .map(Integer::parseInt).toList();
            String iface = pfc.device();
            Optional<DeviceSetting> trust = setting(facts, iface, "trust");
            boolean dscp = trust.isPresent() && trust.get().value().equalsIgnoreCase("dscp");
            Optional<DeviceSetting> mapped = dscp ? setting(facts, iface, "dscp26-priority") : Optional.empty();
            int roce = mapped.map(m -> Integer.parseInt(m.value())).orElse(ROCE_PRIORITY);
            if (on.isEmpty() || on.contains(roce)) {
                continue;
            }
            List<Evidence> evidence = new ArrayList<>(List.of(pfc.evidence()));
            trust.ifPresent(t -> {
                if (!t.evidence().equals(pfc.evidence())) {
                    evidence.add(t.evidence());
                }
            });
            mapped.ifPresent(m -> {
                if (!evidence.contains(m.evidence())) {
                    evidence.add(m.evidence());
                }
            });
            String why = dscp ? "with trust dscp, RoCE's default DSCP 26 maps to priority " + roce
                    + (mapped.isPresent() ? " (the DSCP map)" : "")
                    : "with trust " + trust.map(DeviceSetting::value).orElse("pcp (assumed)")
                            + ", RoCE is on the VLAN's PCP, 3 in the usual lossless setup";
            String list = String.join(",", on.stream().map(String::valueOf).toList());
            out.add(new Finding(ID, dscp ? Severity.WARN : Severity.INFO, iface, iface + " has PFC on priority " + list
                    + " but not " + roce + ": " + why + ", so RoCE traffic is not protected from drops",
                    evidence, null,
                    Fix.command("enable PFC on the RoCE priority too, keeping the priorities already on (and the same on the "
                            + "switch), or move RoCE to a PFC priority", command(pfc, iface, on, roce))));
        }
        return out;
    }

    static Optional<DeviceSetting> setting(Facts facts, String device, String name) {
        return facts.settings().stream().filter(s -> s.device().equals(device) && s.name().equals(name)).findFirst();
    }

    /**
     * In the tool the facts came from: iproute2's dcb changes only the priority it names (dcb-pfc(8):
     * "prio-pfc 3:on"); mlnx_qos sets the whole vector, so it carries the priorities already on as well
     * (a vector of RoCE's alone would turn PFC off for the others).
     */
    static String command(DeviceSetting pfc, String iface, List<Integer> on, int roce) {
        String source = pfc.evidence().source() == null ? "" : pfc.evidence().source();
        if (source.startsWith("dcb")) {
            return "dcb pfc set dev " + iface + " prio-pfc " + roce + ":on";
        }
        return "mlnx_qos -i " + iface + " --pfc " + pfcVector(on, roce);
    }

    private static String pfcVector(List<Integer> on, int priority) {
        String[] v = new String[8];
        Arrays.fill(v, "0");
        on.stream().filter(p -> p >= 0 && p < 8).forEach(p -> v[p] = "1");
        v[priority] = "1";
        return String.join(",", v);
    }
}
