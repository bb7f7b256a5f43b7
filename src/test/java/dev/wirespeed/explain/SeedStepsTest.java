package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Issue 26, "seed steps nothing covers yet": a seed's step that draws a conclusion, and the rule that draws it. */
class SeedStepsTest {
    static Explanation explain(String fixture) {
        return Explainer.standard().explain(fixture, Fixture.text(fixture));
    }

    static List<Finding> findings(Explanation e, String rule) {
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void aWholeMstconfigQueryWithoutLinkTypeMeansThePortCannotBeSwitchedToInfiniband() {
        // seed 002: a BlueField-2 engineering sample; "this ES firmware does not support infiniband"
        assertThat(findings(explain("mlx/mstconfig-q-seed002.txt"), "link-type-fixed")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.message()).startsWith("21:00.0 (BlueField2 MBF2M345A-VENOT_ES_Ax): its firmware configuration "
                    + "(158 settings) has no LINK_TYPE_P1");
            assertThat(f.fix().action()).contains("VPI");
        });
        // a query that shows LINK_TYPE_P1, and one cut by grep, say nothing
        assertThat(findings(explain("mlx/mst-status-mlxconfig-link-type-proxmox.txt"), "link-type-fixed")).isEmpty();
        assertThat(findings(explain("mlx/mstconfig-e-grep-num-of-vfs-legend-dgx.txt"), "link-type-fixed")).isEmpty();
        String withLinkType = Fixture.text("mlx/mstconfig-q-seed002.txt").replace("MEMIC_BAR_SIZE 0", "LINK_TYPE_P1 ETH(2)");
        assertThat(findings(Explainer.standard().explain("vpi.txt", withLinkType), "link-type-fixed")).isEmpty();
    }

    @Test
    void cpupowerWithoutADriverSaysTheGovernorCannotBeSetAndWhyAVmIsFine() {
        // seed 003: "lsmod | grep acpi_cpufreq", "modprobe acpi_cpufreq"
        assertThat(findings(explain("host/cpupower-frequency-info-no-driver-ubuntu2004-forum.txt"), "cpufreq-no-driver"))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity().name()).isEqualTo("INFO");
                    assertThat(f.message()).contains("the governor cannot be set", "in a VM");
                    assertThat(f.fix().command()).isEqualTo("modprobe acpi_cpufreq && cpupower frequency-set -g performance");
                });
        assertThat(findings(explain("host/cpupower-frequency-info-intel-pstate-powersave-notes.txt"), "cpufreq-no-driver"))
                .isEmpty();
    }

    @Test
    void cpupowerAndScalingGovernorFeedTheGovernorRule() {
        // seed 003: "cpupower frequency-info", "cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"
        assertThat(findings(explain("host/cpupower-frequency-info-intel-pstate-powersave-notes.txt"), "cpu-governor"))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("CPU governor is 'powersave' on all 1 cpufreq policies, not 'performance'");
                    assertThat(f.fix().command()).isEqualTo("cpupower frequency-set -g performance");
                });
        String cat = "$ cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor\npowersave\npowersave\nperformance\n";
        assertThat(findings(Explainer.standard().explain("gov.txt", cat), "cpu-governor")).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("CPU governor is 'powersave' on 2 of 3 cpufreq policies, not 'performance'"));
        // MHz readings are read, but one reading of an idle core is no finding
        String mhz = "$ cat /proc/cpuinfo | grep \"cpu MHz\"\ncpu MHz\t\t: 1200.000\ncpu MHz\t\t: 2000.000\n"
                + "$ lscpu | grep MHz\nCPU MHz:                         1200.000\nCPU max MHz:                     3500.0000\n";
        Explanation e = Explainer.standard().explain("mhz.txt", mhz);
        assertThat(e.summary().formats()).containsEntry("cpufreq", 2);
        assertThat(e.findings()).isEmpty();
    }

    @Test
    void anActiveInfinibandPortWithoutIbIpoibNeedsModprobeForIpTools() {
        // seed 003: ibstat shows the port ACTIVE; "lsmod | grep ib_ipoib", "modprobe ib_ipoib" before iperf3 over ib0
        String ibstat = Fixture.text("ib/ibstat-seed003.txt");
        String lsmod = Fixture.text("host/lsmod-seed003.txt");
        // the seed's own host has it: ib_core's users name ib_ipoib
        assertThat(findings(Explainer.standard().explain("seed.txt", ibstat + lsmod), "ipoib-not-loaded")).isEmpty();
        // the same host before "modprobe ib_ipoib": ib_core's users without it, and no ib0 in the paste
        String before = lsmod.replace(",ib_ipoib", "");
        assertThat(before).isNotEqualTo(lsmod);
        assertThat(findings(Explainer.standard().explain("before.txt", ibstat + before), "ipoib-not-loaded")).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).startsWith("mlx5_0 port 1 is ACTIVE but ib_ipoib is not loaded");
                    assertThat(f.fix().command()).isEqualTo("modprobe ib_ipoib");
                });
        // with ib0 shown (seed 003's "ip a | grep ib"), IPoIB is there whatever lsmod says (built into the kernel)
        assertThat(findings(Explainer.standard().explain("ib0.txt", ibstat + before + Fixture.text("host/ip-addr-seed003.txt")),
                "ipoib-not-loaded")).isEmpty();
    }

    @Test
    void pingIsAMeasurementOfRoundTripsAndLoss() {
        // seed 001: "ping 192.168.122.2" over the 100G link before the iperf runs
        Explanation e = explain("ping/ping-iputils-100g-seed001.txt");
        assertThat(e.summary().formats()).containsEntry("ping", 1);
        assertThat(e.measurements()).singleElement().satisfies(m -> {
            assertThat(m.tool()).isEqualTo("ping");
            assertThat(m.test()).isEqualTo("icmp-lat");
            assertThat(m.params()).containsEntry("server", "192.168.122.2").containsEntry("latency", "round-trip")
                    .containsEntry("sizeBytes", "56");
            assertThat(m.metric("latencyMinMicros").orElseThrow().value()).isEqualTo(565.0);
            assertThat(m.metric("latencyAvgMicros").orElseThrow().value()).isEqualTo(1232.0);
            assertThat(m.metric("latencyMaxMicros").orElseThrow().value()).isEqualTo(3175.0);
            assertThat(m.metric("latencyStdevMicros").orElseThrow().value()).isCloseTo(1122.0, Assertions.within(1e-9));
            assertThat(m.metric("lossPercent").orElseThrow().value()).isZero();
            assertThat(m.metric("totalPackets").orElseThrow().value()).isEqualTo(4.0);
        });
        assertThat(e.findings()).isEmpty();
        assertThat(e.failures()).isEmpty();
        // seed 000's paste stops after two replies: their times are the measurement, and it says so
        Explanation cut = explain("ping/ping-iputils-two-replies-seed000.txt");
        assertThat(cut.measurements()).singleElement().satisfies(m -> {
            assertThat(m.metric("latencyAvgMicros").orElseThrow().value()).isCloseTo(202.5, Assertions.within(1e-9));
            assertThat(m.params()).containsEntry("from", "2 replies shown (no statistics in the paste)");
            assertThat(m.metric("lossPercent")).isEmpty();
        });
        // BusyBox and Windows print the same figures in their own words
        assertThat(explain("ping/ping-busybox-alpine-docker-notes.txt").measurements()).singleElement()
                .satisfies(m -> assertThat(m.metric("latencyAvgMicros").orElseThrow().value()).isCloseTo(39.0, Assertions.within(1e-9)));
        assertThat(explain("ping/ping-windows-azure-vnet-docs.txt").measurements()).singleElement()
                .satisfies(m -> {
                    assertThat(m.metric("latencyMaxMicros").orElseThrow().value()).isEqualTo(1000.0);
                    assertThat(m.params()).containsEntry("server", "10.1.0.4").containsEntry("sizeBytes", "32");
                });
    }

    @Test
    void aPingThatGotNoReplyIsAFailedRunWithWhereItStopped() {
        // iputils: "From client3 (10.4.20.1) icmp_seq=1 Destination Host Unreachable", +2 errors, 100% packet loss
        Explanation e = explain("ping/ping-iputils-host-unreachable-vlan-lab.txt");
        assertThat(e.failures()).hasSize(2).allSatisfy(f -> {
            assertThat(f.tool()).isEqualTo("ping");
            assertThat(f.cause()).isEqualTo("no-reply");
        });
        List<Finding> failed = findings(e, "run-failed");
        assertThat(failed).hasSize(2).first().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("ERROR");
            assertThat(f.message()).startsWith("ping of client1 (10.4.10.1) got no reply: 2 sent, 0 received, +2 errors "
                    + "(From client3 (10.4.20.1): Destination Host Unreachable ×2); nobody on the link answered");
            assertThat(f.fix().command()).isEqualTo("ip neigh show 10.4.10.1");
        });
        // the run that worked is a result; the failed ones carry no latency
        assertThat(e.measurements()).hasSize(3);
        assertThat(e.measurements().get(2).metric("latencyAvgMicros").orElseThrow().value()).isEqualTo(3664.0);
        assertThat(e.facts().getFirst().measurements()).hasSize(1);
        // a net unreachable is a route to add
        String net = Fixture.text("ping/ping-iputils-host-unreachable-vlan-lab.txt").replace("Destination Host Unreachable",
                "Destination Net Unreachable");
        assertThat(findings(Explainer.standard().explain("net.txt", net), "run-failed")).first()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("ip route get 10.4.10.1"));
    }

    @Test
    void aPingThatLostSomeRequestsIsAWarning() {
        Explanation e = explain("ping/ping-iputils-first-lost-ovn-blog.txt");
        assertThat(findings(e, "ping-loss")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("WARN");
            assertThat(f.message()).startsWith("ping of 192.168.123.10 lost 1 of 10 requests (10 %)");
            assertThat(f.fix().action()).contains("ip -s link");
        });
        assertThat(e.failures()).isEmpty();
        assertThat(findings(explain("ping/ping-iputils-100g-seed001.txt"), "ping-loss")).isEmpty();
    }

    @Test
    void mlnxPerfRatesAreReadAndItsDiscardsAndErrorsGoToTheCounterRules() {
        // seed 003: "mlnx_perf -i ib0 | grep rdma"; mlnx_perf prints what each ethtool -S counter moved per second
        Explanation quiet = explain("mlx/mlnx-perf-cx6dx-enp129s0f0-notes.txt");
        assertThat(quiet.summary().formats()).containsEntry("mlnx_perf", 1);
        assertThat(quiet.findings()).isEmpty();
        assertThat(explain("mlx/mlnx-perf-phy-bytes-l2fwd-nv.txt").summary().formats()).containsEntry("mlnx_perf", 1);
        // the same interval with a port dropping and CRC errors arriving, in mlnx_perf's layout ("%30s: %s")
        String lossy = Fixture.text("mlx/mlnx-perf-cx6dx-enp129s0f0-notes.txt").replace(
                "              tx_broadcast_phy: 1\n",
                "              tx_broadcast_phy: 1\n               rx_discards_phy: 45,211,332\n             rx_crc_errors_phy: 12\n");
        assertThat(lossy).contains("rx_discards_phy");
        Explanation e = Explainer.standard().explain("lossy.txt", lossy);
        assertThat(findings(e, "counter-port-discard")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("enp129s0f0");
            assertThat(f.message()).startsWith("enp129s0f0: rx_discards_phy 45,211,332 per second while mlnx_perf sampled: "
                    + "the adapter discarded packets at the port");
        });
        assertThat(findings(e, "counter-phy-errors")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("enp129s0f0: rx_crc_errors_phy 12 per second while mlnx_perf sampled");
            assertThat(f.fix().command()).isEqualTo("ethtool -m enp129s0f0");
        });
        // traffic alone (bytes, packets, per-channel events) is no finding
        assertThat(findings(e, "counter-dropped")).isEmpty();
    }

    @Test
    void anApImageBeforeV600R024C10HasNoFatModeAndAPermissionErrorMeansFitMode() {
        // seed 000 l.57-60: "AirEngineX773_V600R023C10SPC200.cc"; l.37-39: edit-config refused, "no permission means FIT mode"
        String software = Fixture.text("other/mdcli-software-name-seed000.txt");
        assertThat(findings(Explainer.standard().explain("sw.txt", software), "mdcli-firmware-no-fat")).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity().name()).isEqualTo("INFO");
                    assertThat(f.message()).isEqualTo("AirEngineX773 runs V600R023C10 (AirEngineX773_V600R023C10SPC200.cc): FAT AP"
                            + " and Leader AP mode came with V600R024C10, so this AP can only be a FIT AP managed by an access controller");
                });
        // the seed's own edit-config (l.620-621), refused as the seed tells it was
        String refused = software + "\n[admin@HUAWEI]\nMDCLI> edit-config\nError: You do not have permission to run the command.\n";
        Explanation e = Explainer.standard().explain("fit.txt", refused);
        assertThat(findings(e, "mdcli-firmware-no-fat")).as("one cause, one finding").isEmpty();
        assertThat(findings(e, "mdcli-fit-mode")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("WARN");
            assertThat(f.message()).isEqualTo("MD-CLI refused 'edit-config' for want of permission (You do not have permission to"
                    + " run the command.): the AP is in FIT mode, managed by an access controller, and takes no local configuration;"
                    + " it runs V600R023C10 (AirEngineX773_V600R023C10SPC200.cc), which has no FAT or Leader AP mode to switch to");
            assertThat(f.fix().action()).startsWith("upgrade to V600R024C10 or later");
            assertThat(f.evidence()).hasSize(2);
        });
        // after the upgrade (the seed's V600R024C10SPC100), the same refusal's fix is the switch itself
        String upgraded = refused.replace("V600R023C10SPC200", "V600R024C10SPC100");
        assertThat(findings(Explainer.standard().explain("up.txt", upgraded), "mdcli-fit-mode")).singleElement()
                .satisfies(f -> assertThat(f.fix().action()).startsWith("switch FIT to FAT"));
        assertThat(findings(Explainer.standard().explain("up.txt", upgraded), "mdcli-firmware-no-fat")).isEmpty();
    }

    @Test
    void aFailedFtpcTransferShownOnlyInItsJsonIsAFinding() {
        // seed 000 l.168-182: display ftpc/transfer-tasks, "status": "succeeded"
        assertThat(findings(explain("other/mdcli-transfer-tasks-seed000.txt"), "mdcli-transfer-failed")).isEmpty();
        String failed = Fixture.text("other/mdcli-transfer-tasks-seed000.txt").replace("\"status\": \"succeeded\", # 表示成功",
                "\"status\": \"failed\",").replace("\"percentage\": 100", "\"percentage\": 0");
        assertThat(findings(Explainer.standard().explain("failed.txt", failed), "mdcli-transfer-failed")).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).isEqualTo("ftpc transfer 3 (put AirEngineX773_V600R023C10SPC200.cc, 192.168.213.54:2121)"
                            + " failed at 0 %: emit printed no error, only the task's JSON says so");
                    assertThat(f.fix().action()).contains("lets this user write the file");
                });
    }

    @Test
    void aPatchWhoseUpgradeModeIsResetBoardNeedsAReboot() {
        // seed 000 l.588-608: display patch/patch-infos, "upgrade-mode": "reset-board" # some patches need a reboot
        assertThat(findings(explain("other/mdcli-patch-infos-seed000.txt"), "mdcli-patch-needs-reboot")).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity().name()).isEqualTo("INFO");
                    assertThat(f.message()).isEqualTo("patch V600R024C10SPH181 is running, but its upgrade mode is reset-board: it"
                            + " takes effect only after the AP restarts");
                    assertThat(f.fix().command()).isEqualTo("reboot");
                });
        String inService = Fixture.text("other/mdcli-patch-infos-seed000.txt").replace("\"reset-board\"", "\"in-service\"");
        assertThat(findings(Explainer.standard().explain("hot.txt", inService), "mdcli-patch-needs-reboot")).isEmpty();
    }

    @Test
    void anNfsExportThatIsNotTmpfsMayMeasureTheDiskNotTheNetwork() {
        // seed 000 l.1529-1537: "Make sure it is tmpfs, otherwise IO will be limited by your disk speed": /tmp is tmpfs
        Explanation seed = explain("host/mount-tmp-tmpfs-exports-seed000.txt");
        assertThat(seed.summary().formats()).containsEntry("mount", 1).containsEntry("exports", 1);
        assertThat(findings(seed, "nfs-export-not-tmpfs")).isEmpty();
        // a real exportfs -v and a real df -hT, as one host's session (the prompt of the first before the second)
        String exportfs = Fixture.text("host/exportfs-v-wrapped-kubedata-notes.txt");
        String df = "pankaj@pankajvare:~$ " + Fixture.text("host/df-hT-ext4-root-zfs-srv-opennebula-notes.txt");
        assertThat(df).startsWith("pankaj@pankajvare:~$ df -hT\n");
        Explanation disk = Explainer.standard().explain("disk.txt", exportfs + df);
        assertThat(findings(disk, "nfs-export-not-tmpfs")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.subject()).isEqualTo("/srv/nfs/kubedata");
            assertThat(f.message()).isEqualTo("/srv/nfs/kubedata is exported over NFS from ext4 (/dev/sdb2 mounted on /), not"
                    + " tmpfs: an NFS throughput test (fio, dd) reads and writes that storage, so it, not the network, may set the result");
            assertThat(f.fix().command()).contains("mount -t tmpfs", "exportfs -o rw,async");
            assertThat(f.fix().action()).contains("cannot tell whether this storage is slower than the link");
            assertThat(f.evidence()).hasSize(2);
        });
        // the same host exporting its tmpfs /tmp says nothing; a ZFS dataset is storage too
        String tmp = exportfs.replace("/srv/nfs/kubedata", "/tmp");
        assertThat(findings(Explainer.standard().explain("tmp.txt", tmp + df), "nfs-export-not-tmpfs")).isEmpty();
        String zfs = exportfs.replace("/srv/nfs/kubedata", "/srv/zfs0/storage/vm");
        assertThat(findings(Explainer.standard().explain("zfs.txt", zfs + df), "nfs-export-not-tmpfs")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("/srv/zfs0/storage/vm is exported over NFS from zfs"
                        + " (zpool-skv/storage mounted on /srv/zfs0/storage)"));
        // plain df (no type column) names a disk only by its /dev/ source
        String plainDf = "pankaj@pankajvare:~$ df\nFilesystem     1K-blocks    Used Available Use% Mounted on\n"
                + "/dev/sdb2      228573184 3879632 212982312   2% /\nnone             1048576       0   1048576   0% /srv/nfs\n";
        assertThat(findings(Explainer.standard().explain("plain.txt", exportfs + plainDf), "nfs-export-not-tmpfs")).isEmpty();
        assertThat(findings(Explainer.standard().explain("plain.txt", zfs + plainDf), "nfs-export-not-tmpfs")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("/srv/zfs0/storage/vm is exported over NFS from a block"
                        + " device (/dev/sdb2 mounted on /)"));
        // without what holds the export, nothing is said
        assertThat(findings(explain("host/exportfs-v-wrapped-kubedata-notes.txt"), "nfs-export-not-tmpfs")).isEmpty();
    }

    /** Seed 000 l.1651-1653: the client's fio command over its NFS/RDMA mount, as typed (continuation lines). */
    static final String SEED000_FIO = """
            root@t3640:/# fio --rw=randread --bs=4k --numjobs=1 --iodepth=1 --runtime=10 --time_based --loops=1 \\
             --ioengine=libaio --direct=1 --invalidate=1 --fsync_on_close=1 --randrepeat=1 --norandommap \\
             --exitall --name task1 --filename=/mnt/nfs/testfile --size=256M
            """;

    @Test
    void aFioResultOverNfsIsJudgedAgainstTheLinkAndNamesWhatBoundedIt() {
        // the client's ibstatus (mlx5_1 at 25 Gb/s) and nfsstat -m (proto=rdma) from seed 000; a real fio 3.33 output
        // (no seed output is kept: its raw logs are folded away) read as the run of seed 000's command
        String client = Fixture.text("ib/ibstatus-seed000-t3640-roce.txt") + Fixture.text("host/nfsstat-m-seed000.txt");
        String fio = Fixture.text("fio/fio-3.33-randread.txt");
        // at seed 000's stated cap, "2800 MiB/s for large block sizes and deep IO depths": 94 % of 25 Gbit/s
        String capped = client + SEED000_FIO + fio.replace("BW=41.3MiB/s (43.3MB/s)", "BW=2800MiB/s (2936MB/s)");
        Explanation atLink = Explainer.standard().explain("capped.txt", capped);
        assertThat(atLink.measurements()).singleElement().satisfies(m -> assertThat(m.params()).containsEntry("target",
                "/mnt/nfs/testfile"));
        assertThat(findings(atLink, "fio-link-bound")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("/mnt/nfs");
            assertThat(f.message()).startsWith("fio randread read over NFS (/mnt/nfs on 192.168.23.1:/tmp, proto=rdma): 23.5"
                    + " Gbit/s (2800 MiB/s) = 94 % of the 25.0 Gbit/s link mlx5_1 port 1").contains("the link bounded it");
        });
        assertThat(findings(atLink, "bandwidth-below-link")).isEmpty();
        // the seed's own 4k, iodepth 1 run (41.3 MiB/s here) with the server's tmpfs export: the I/O in flight bounded it
        String server = Fixture.text("host/mount-tmp-tmpfs-exports-seed000.txt");
        Explanation small = Explainer.standard().explain("small.txt", client + SEED000_FIO + fio + server);
        assertThat(findings(small, "fio-link-bound")).singleElement().satisfies(f -> assertThat(f.message())
                .contains("= 1 % of the", "the export /tmp is a tmpfs, so neither the link nor a disk bounded it",
                        "4096B × iodepth 1 × numjobs 1"));
        // the server's export on ext4: the disk may have bounded it
        String exportfs = Fixture.text("host/exportfs-v-wrapped-kubedata-notes.txt");
        String df = "pankaj@pankajvare:~$ " + Fixture.text("host/df-hT-ext4-root-zfs-srv-opennebula-notes.txt");
        String kube = client.replace("192.168.23.1:/tmp", "192.168.23.1:/srv/nfs/kubedata");
        Explanation disk = Explainer.standard().explain("disk.txt", kube + SEED000_FIO + fio + exportfs + df);
        assertThat(findings(disk, "fio-link-bound")).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("the server exports /srv/nfs/kubedata from ext4 (/dev/sdb2): the disk, not the"
                    + " link, may have bounded it");
            assertThat(f.fix().action()).contains("export a tmpfs", "the facts cannot tell the disk's own rate");
        });
        // no export shown: unknown, and how to find out
        assertThat(findings(Explainer.standard().explain("unknown.txt", client + SEED000_FIO + fio), "fio-link-bound"))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).contains("what bounded it is unknown");
                    assertThat(f.fix().action()).contains("findmnt -T EXPORT");
                });
        // a fio run on a local disk crosses no link: neither rule judges it against the NIC
        Explanation local = Explainer.standard().explain("local.txt", client + SEED000_FIO.replace("/mnt/nfs/testfile",
                "/dev/nvme0n1") + fio);
        assertThat(findings(local, "fio-link-bound")).isEmpty();
        assertThat(findings(local, "bandwidth-below-link")).isEmpty();
    }
}
