package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.fio.FioJob;
import dev.wirespeed.parse.host.EthtoolSettings;
import dev.wirespeed.parse.host.KernelError;
import dev.wirespeed.parse.host.PcieBandwidthLine;
import dev.wirespeed.parse.ib.RdmaDeviceRecord;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.parse.nccl.NcclSummary;
import dev.wirespeed.parse.perftest.PerftestHeader;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 31 round 4 (docs/EXPLAIN.md, "Held-out set, round 4"): outputs pasted from their middle, and
 * values a block printed that its record did not keep. Each case is built on a real fixture other than
 * the held-out samples that showed the miss: the fixture with its head cut as such pastes cut it, or
 * read whole for what it prints.
 */
class PastedFromTheMiddleTest {
    /** The fixture's lines after the first one that starts with {@code head} (that line cut too). */
    private static String after(String fixture, String head) {
        return Fixture.text(fixture).lines().dropWhile(l -> !l.startsWith(head)).skip(1)
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private static <T extends ParsedRecord> List<T> all(List<Parsed> blocks, Class<T> type) {
        return blocks.stream().flatMap(b -> b.all(type).stream()).toList();
    }

    /** Every printed field of every record of the blocks, as one text. */
    private static String printed(List<Parsed> blocks) {
        StringBuilder out = new StringBuilder();
        for (Parsed b : blocks) {
            for (int i = 0; i < b.records().size(); i++) {
                out.append(b.printed(i)).append('\n');
            }
        }
        return out.toString();
    }

    @Test
    void ethtoolSettingsWithoutTheirSettingsForLine() {
        List<Parsed> blocks = Fixture.blocksOf(after("host/ethtool-link-partner-openwrt21530.txt", "Settings for"));
        assertThat(all(blocks, EthtoolSettings.class)).singleElement().satisfies(s -> {
            assertThat(s.iface()).as("not printed").isNull();
            assertThat(s.supportedModes()).contains("100baseT/Full");
        });
    }

    @Test
    void ibvDevinfoFromTheMiddleOfADevice() {
        List<Parsed> blocks = Fixture.blocksOf(after("ib/ibv_devinfo-azure-renamed-hbv2-azhpc44.txt", "hca_id: rdmaP23800p0s2"));
        List<RdmaDeviceRecord> devices = all(blocks, RdmaDeviceRecord.class);
        assertThat(devices).extracting(RdmaDeviceRecord::device).as("the first device's name was cut; the next one's is printed")
                .startsWith((String) null).contains("ibP57247p0s2");
        assertThat(devices.getFirst().firmware()).isEqualTo("14.25.8102");
        assertThat(all(blocks, RdmaPortRecord.class).getFirst().linkLayer()).isEqualTo("Ethernet");
    }

    @Test
    void ncclTestsFromItsRankLines() {
        List<Parsed> blocks = Fixture.blocksOf(after("nccl/all_reduce-2nodes-gb10-dgx-spark103.txt", "# Using devices"));
        assertThat(all(blocks, NcclSummary.class)).singleElement()
                .satisfies(s -> assertThat(s.hosts()).containsExactly("spark-d708", "spark-dbf4"));
    }

    @Test
    void versionsAreKeptAsPrinted() {
        assertThat(printed(Fixture.blocks("fio/fio-3.33-randread.txt"))).contains("version=fio-3.33");
        assertThat(Fixture.only("fio/fio-3.33-randread.txt", "fio").all(FioJob.class)).isNotEmpty();
        assertThat(printed(Fixture.blocks("nccl/all_reduce-2nodes-gb10-dgx-spark103.txt")))
                .contains("nccl-tests version=2.20.0 (b4d5bee) nccl-headers=23102 nccl-library=23102");
        assertThat(printed(Fixture.blocks("iperf/iperf3-3.8.1-apple-V-bidir-thunderbolt.txt")))
                .contains("iperf=3.8.1 -  -- Apple version iperf3-126.0.5");
    }

    @Test
    void iperf3KeepsTheCongestionWindowAndThePeer() {
        List<Parsed> blocks = Fixture.blocks("iperf/iperf3-3.12-server.txt");
        assertThat(printed(blocks)).contains("Cwnd=895 KBytes", "Accepted connection from=127.0.0.1, port 53484");
        assertThat(all(blocks, IperfInterval.class)).isNotEmpty();
    }

    /** i40e's and ice's refusals of an untrusted VF, as the drivers' source prints them (i40e_virtchnl_pf.c, ice_virtchnl.c). */
    @Test
    void aVfThatIsNotTrusted() {
        String log = """
                [ 1203.112233] i40e 0000:3b:00.0: Cannot add more MAC addresses, VF is not trusted, switch the VF to trusted to add more functionality
                [ 1203.112240] i40e 0000:3b:00.0: VF is not trusted, switch the VF to trusted to add more VLAN addresses
                [ 1207.001000] ice 0000:5e:00.0: Can't add more MAC addresses, because VF-3 is not trusted, switch the VF to trusted mode in order to add more functionalities
                """;
        List<KernelError> errors = all(Fixture.blocksOf(log), KernelError.class);
        assertThat(errors).extracting(KernelError::event).containsOnly("vf-not-trusted");
        assertThat(errors).extracting(KernelError::errorType)
                .containsExactly("add more MAC addresses", "add more VLAN addresses", "add more MAC addresses");
        assertThat(errors.getLast().detail()).isEqualTo("VF 3");
        assertThat(errors.getLast().driver()).isEqualTo("ice");
    }

    /**
     * A dmesg a mail client wrapped at 72 columns, pasted without the mail's headers or quote marks (as the
     * i40e held-out sample of round 3 was): the lines are joined again, so each kernel line's event is read
     * and kept whole.
     */
    @Test
    void aWrappedDmesgWithNoMailAroundIt() {
        String dmesg = Fixture.text("kernel/dmesg-mlx5-arm-nas16.txt").lines().filter(l -> !l.startsWith("# source"))
                .collect(Collectors.joining("\n", "", "\n"));
        String wrapped = PasteArtefactsTest.wrap(dmesg, 72);
        assertThat(wrapped.lines().count()).as("the wrap broke lines").isGreaterThan(dmesg.lines().count() + 4);
        List<Parsed> blocks = Fixture.blocksOf(wrapped);
        assertThat(all(blocks, PcieBandwidthLine.class))
                .extracting(PcieBandwidthLine::address).containsExactly("0004:01:00.0", "0004:01:00.1");
        assertThat(printed(blocks)).contains("Rate limit: 127 rates are supported, range: 0Mbps to 24414Mbps");
    }

    /**
     * perftest's notices when the send queue is too deep for the inline size, kept as printed: the two lines as
     * a test harness quotes them (pensando's multi_sge test: "Current TX depth is 5 and  inline size is 0 .")
     * before a real ib_read_lat banner (spiderpool's docs).
     */
    @Test
    void perftestNoticesBeforeItsBanner() {
        String banner = Fixture.text("perftest/ib_read_lat-roce-pod-libibverbs-warnings-spiderpool.txt").lines()
                .dropWhile(l -> !l.strip().startsWith("-----")).collect(Collectors.joining("\n", "", "\n"));
        String log = "Requested SQ size might be too big. Try reducing TX depth and/or inline size.\n"
                + "Current TX depth is 5 and  inline size is 0 .\n" + banner;
        List<Parsed> blocks = Fixture.blocksOf(log);
        assertThat(printed(blocks)).contains("notice=[Requested SQ size might be too big. Try reducing TX depth and/or inline size.",
                "Current TX depth is 5 and  inline size is 0 .");
        assertThat(all(blocks, PerftestHeader.class)).singleElement()
                .satisfies(h -> assertThat(h.device()).isEqualTo("mlx5_5"));
    }
}
