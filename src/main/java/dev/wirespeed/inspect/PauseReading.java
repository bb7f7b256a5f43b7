package dev.wirespeed.inspect;

import dev.wirespeed.io.ExternalProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One reading of a netdev's pause (IEEE 802.3x global flow control), shared by {@link CounterReader}
 * (the pause counters) and {@link QosReader} (the pause settings), so a snapshot runs ethtool once per
 * netdev for both. The command is {@code ethtool --include-statistics -a IF} (ethtool 5.10+, netlink:
 * the settings, then the standard pause counters under "Statistics:"). An older ethtool does not know
 * the option and stops with its usage error ("ethtool: bad command line argument(s)", exit 1, from
 * exit_bad_args in ethtool.c); then plain {@code ethtool -a IF} runs instead, once, and that ethtool is
 * remembered so its later readings run only the plain command. Any other failure is the device's (veth,
 * virtio and lo have no pause settings: "Operation not supported"), which the plain command would
 * repeat, so it is not run.
 *
 * <p>The output is captured where its command says: {@value #WITH_STATISTICS}IF or
 * {@value #SETTINGS_ONLY}IF; a tree is replayed from the first that it holds, in that order, so a
 * replay reads the same text under the same command line as the live run.
 *
 * @param commandLine the command whose output this is ("ethtool --include-statistics -a eth0", "ethtool -a eth0")
 * @param output      its output
 */
record PauseReading(String commandLine, String output) {
    /** Where a tree holds `ethtool --include-statistics -a IF` output. */
    static final String WITH_STATISTICS = "/.wirespeed/ethtool-I-a/";
    /** Where a tree holds plain `ethtool -a IF` output (fixtures of issue 20; an ethtool older than 5.10). */
    static final String SETTINGS_ONLY = "/.wirespeed/ethtool-a/";
    private static final String USAGE_ERROR = "bad command line argument";
    /** The ethtool programs that rejected --include-statistics in this process. */
    private static final Set<Path> WITHOUT_STATISTICS_OPTION = ConcurrentHashMap.newKeySet();

    /**
     * The reading of {@code iface}: by running {@code ethtool} (through {@code prefix}, tests: "ip netns
     * exec NS") when present, else what the tree holds; empty when there is none.
     */
    static Optional<PauseReading> read(RootedFs fs, Optional<Path> ethtool, List<String> prefix, String iface) {
        if (ethtool.isEmpty()) {
            for (String dir : List.of(WITH_STATISTICS, SETTINGS_ONLY)) {
                String text = LiveCommand.captured(fs, dir + iface);
                if (text != null) {
                    return Optional.of(new PauseReading(commandLine(dir, iface), text));
                }
            }
            return Optional.empty();
        }
        Path program = ethtool.get();
        if (!WITHOUT_STATISTICS_OPTION.contains(program)) {
            ExternalProcess.Finished done = LiveCommand.run(command(prefix, program, "--include-statistics", "-a", iface), iface);
            if (LiveCommand.succeeded(done)) {
                fs.captureText(WITH_STATISTICS + iface, done.output());
                return Optional.of(new PauseReading(commandLine(WITH_STATISTICS, iface), done.output()));
            }
            if (done == null || !done.output().contains(USAGE_ERROR)) {
                return Optional.empty();
            }
            WITHOUT_STATISTICS_OPTION.add(program);
        }
        String text = LiveCommand.output(fs, true, SETTINGS_ONLY + iface, command(prefix, program, "-a", iface), iface);
        return text == null ? Optional.empty() : Optional.of(new PauseReading(commandLine(SETTINGS_ONLY, iface), text));
    }

    private static String commandLine(String dir, String iface) {
        return (dir.equals(WITH_STATISTICS) ? "ethtool --include-statistics -a " : "ethtool -a ") + iface;
    }

    private static List<String> command(List<String> prefix, Path program, String... args) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(program.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }
}
