package dev.wirespeed.inspect;

import dev.wirespeed.facts.Facts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Lossless-RoCE settings of a RoCE netdev, which sysfs does not show: global pause (the netdev's
 * {@link PauseReading}, ETHTOOL_MSG_PAUSE_GET, shared with the counters), PFC and the DSCP → priority map through dcbnl ({@code dcb -j pfc
 * show dev IF}, {@code dcb -j app show dev IF}, iproute2 ≥ 5.11; upstream mlx5 exposes them only
 * there), and MLNX_OFED's {@code mlnx_qos -i IF} where installed (trust, PFC, dscp2prio). Each
 * output is read by explain's parsers into the same facts explain builds (the "pfc", "trust" and
 * "dscp26-priority" settings, the netdev's pause), so doctor and explain fire the same lossless
 * RoCE rules. Replayed from {@value #DIR}TOOL/IF in a root tree (pause: see {@link PauseReading}). A device without DCB or pause
 * support (veth, lo, a VM's virtio) makes the tool exit with an error: nothing is added.
 */
public final class QosReader {
    /** Where a root tree holds the outputs: DIR + "dcb-pfc/IF", "dcb-app/IF", "mlnx_qos/IF". */
    public static final String DIR = "/.wirespeed/";

    private final RootedFs fs;
    private final List<String> prefix;
    private final ToolOutputReader reader;

    /** @param reader reads the tools' output into facts ({@link ToolOutputReader#NONE}: the tools are not run) */
    public QosReader(RootedFs fs, ToolOutputReader reader) {
        this(fs, reader, List.of());
    }

    /** {@code prefix}: run every command through it (tests: "ip netns exec NS"). */
    QosReader(RootedFs fs, ToolOutputReader reader, List<String> prefix) {
        this.fs = fs;
        this.reader = Objects.requireNonNull(reader);
        this.prefix = List.copyOf(prefix);
    }

    /** Adds what the tools say about {@code iface} to {@code b}. */
    public void read(String iface, Facts.Builder b) {
        read(iface, PauseReading.read(fs, fs.program("ethtool"), prefix, iface), b);
    }

    /** As {@link #read(String, Facts.Builder)}, with the snapshot's pause reading of {@code iface} (shared with the counters). */
    void read(String iface, Optional<PauseReading> pause, Facts.Builder b) {
        pause.filter(p -> !p.output().isBlank() && reader != ToolOutputReader.NONE)
                .ifPresent(p -> reader.add(b, p.commandLine(), p.output(), p.commandLine()));
        run(b, "dcb-pfc", iface, "dcb", "-j", "pfc", "show", "dev", iface);
        run(b, "dcb-app", iface, "dcb", "-j", "-N", "app", "show", "dev", iface);
        run(b, "mlnx_qos", iface, "mlnx_qos", "-i", iface);
    }

    private void run(Facts.Builder b, String file, String iface, String... command) {
        if (reader == ToolOutputReader.NONE) {
            return;
        }
        Optional<Path> program = fs.program(command[0]);
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(program.map(Object::toString).orElse(command[0]));
        cmd.addAll(List.of(command).subList(1, command.length));
        String out = LiveCommand.output(fs, program.isPresent(), DIR + file + "/" + iface, cmd, iface);
        if (out != null && !out.isBlank()) {
            reader.add(b, String.join(" ", command), out, String.join(" ", command));
        }
    }
}
