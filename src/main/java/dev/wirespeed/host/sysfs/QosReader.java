package dev.wirespeed.host.sysfs;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.io.Programs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Lossless-RoCE settings of a RoCE netdev, which sysfs does not show: global pause ({@code ethtool
 * -a IF}, ETHTOOL_MSG_PAUSE_GET), PFC and the DSCP → priority map through dcbnl ({@code dcb -j pfc
 * show dev IF}, {@code dcb -j app show dev IF}, iproute2 ≥ 5.11; upstream mlx5 exposes them only
 * there), and MLNX_OFED's {@code mlnx_qos -i IF} where installed (trust, PFC, dscp2prio). Each
 * output is read by explain's parsers into the same facts explain builds (the "pfc", "trust" and
 * "dscp26-priority" settings, the netdev's pause), so doctor and explain fire the same lossless
 * RoCE rules. Replayed from {@value #DIR}TOOL/IF in a root tree. A device without DCB or pause
 * support (veth, lo, a VM's virtio) makes the tool exit with an error: nothing is added.
 */
public final class QosReader {
    /** Where a root tree holds the outputs: DIR + "ethtool-a/IF", "dcb-pfc/IF", "dcb-app/IF", "mlnx_qos/IF". */
    public static final String DIR = "/.wirespeed/";

    private final RootedFs fs;
    private final List<String> prefix;
    private final Optional<ToolOutputReader> reader = ToolOutputReader.installed();

    public QosReader(RootedFs fs) {
        this(fs, List.of());
    }

    /** {@code prefix}: run every command through it (tests: "ip netns exec NS"). */
    QosReader(RootedFs fs, List<String> prefix) {
        this.fs = fs;
        this.prefix = List.copyOf(prefix);
    }

    /** Adds what the tools say about {@code iface} to {@code b}. */
    public void read(String iface, Facts.Builder b) {
        run(b, "ethtool-a", iface, "ethtool", "-a", iface);
        run(b, "dcb-pfc", iface, "dcb", "-j", "pfc", "show", "dev", iface);
        run(b, "dcb-app", iface, "dcb", "-j", "-N", "app", "show", "dev", iface);
        run(b, "mlnx_qos", iface, "mlnx_qos", "-i", iface);
    }

    private void run(Facts.Builder b, String file, String iface, String... command) {
        if (reader.isEmpty()) {
            return;
        }
        boolean live = fs.isLiveHost() && Programs.find(command[0]).isPresent();
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(command));
        String out = LiveCommand.output(fs, live, DIR + file + "/" + iface, cmd, iface);
        if (out != null && !out.isBlank() && reader.isPresent()) {
            reader.get().add(b, String.join(" ", command), out, String.join(" ", command));
        }
    }
}
