package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The seed write-ups pasted whole: split at prompts (and at bare command lines in prose), every
 * piece that holds output of a tool we read is recognized, and each seed yields exactly the blocks
 * counted here by hand from the files.
 */
class SeedLogsTest {
    /** Commands whose output nobody asked us to read (or that print nothing). */
    private static final Set<String> NOT_OURS = Set.of("uname", "cat", "systemctl", "ping", "reboot", "yum", "apt",
            "mount", "echo", "exportfs", "mkdir", "ls", "modprobe", "ethtool", "mst", "ftpc-transfer-file",
            "command-type", "local-file-name", "remote-file-name", "server-ipv4-address", "server-port", "user-name",
            "password", "download-upgrade-package", "base-software-directory", "server-ip", "transfer-protocol",
            "startup-by-mode", "delete-patch", "load-patch", "edit-config", "wlan-sta-access", "sta-ipv6-switch",
            "commit", "emit", "flint", "fio", "ib_send_bw", "lsmod", "ip", "zerotier-cli", "rdma", "mlnxofedinstall",
            "iperf3", "qperf",
            // seed 003 types "cpupower frequency-set": it prints nothing we read (frequency-info is read)
            "cpupower");

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "000_a2147e746c8b34a4.txt; ethtool=1 ibnetdiscover=1 ibstatus=5 ip=2 lsmod=1 mdcli-json=11 mount=1 nfsstat=1 perftest=2 ping=1 zerotier=1",
        "001_f6752bc58d89dcbd.txt; iblinkinfo=1 ibv_devinfo=1 iperf2=4 mlnx_tune=1 mlnxofedinstall=1 mlx5cmd=2 mlxconfig=3 mlxfwmanager=1 mst=3 ofed_info=1 perftest=2 ping=1 systemctl-status=1",
        "002_6dce3dfc6f2788a4.txt; ibstat=1 iperf3=1 lspci=1 mlxconfig=1 perftest=1 systemctl-status=1",
        "003_6d654e133b65fb90.txt; ibstat=1 ibv_devices=1 ibv_devinfo=1 ip=1 iperf2=2 lsmod=1 lspci=1 perftest=5",
        "004_2a39351d1c4a425e.txt; iperf2=2 lspci=6 lstopo=1 qperf=2",
    })
    void everyToolOutputIsRecognized(String seed, String expected) {
        List<Piece> pieces = Fixture.pieces("seeds/" + seed);
        TreeMap<String, Long> formats = pieces.stream().flatMap(p -> p.outputs().stream())
                .collect(Collectors.groupingBy(Parsed::format, TreeMap::new, Collectors.counting()));
        String actual = formats.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        assertThat(actual).isEqualTo(expected);
        for (Piece p : pieces) {
            if (p.command() == null || p.recognized() || p.unrecognized() == null) {
                continue;
            }
            String program = Command.of(p.command()).program();
            assertThat(NOT_OURS).as("piece %d '%s' (line %d) holds output of a tool we read but was not recognized: %s",
                    p.index(), p.command(), p.firstLine(), p.unrecognized().first()).contains(program);
        }
    }
}
