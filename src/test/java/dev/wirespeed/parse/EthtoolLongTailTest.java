package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.host.DriverInfo;
import dev.wirespeed.parse.host.EthtoolLimits;
import dev.wirespeed.parse.host.EthtoolSettings;
import dev.wirespeed.parse.host.FecSettings;
import dev.wirespeed.parse.host.TransceiverModule;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ethtool's long tail on real pastes (parse/host/README.md): multi-lane -m dumps (SFF-8636, CMIS),
 * vmxnet3's -S, -g/-l, --show-fec, the link's reason beside "Link detected: no", and the
 * transceiver-alarm rule on a laser the NIC turned off.
 */
class EthtoolLongTailTest {
    private static TransceiverModule module(String fixture) {
        return Fixture.only("host/" + fixture, "ethtool-module").all(TransceiverModule.class).getFirst();
    }

    private static List<Finding> alarms(String fixture) {
        return Explainer.standard().explain("m.txt", Fixture.text("host/" + fixture)).findings().stream()
                .filter(f -> f.rule().equals("transceiver-alarm")).toList();
    }

    @Test
    void qsfp28LanesAndTheirFlagsWithTheLaserOff() {
        TransceiverModule m = module("ethtool-m-qsfp28-cwdm4-laser-off-robinchrist.txt");
        assertThat(m.lanes()).containsOnlyKeys(1, 2, 3, 4);
        assertThat(m.lanes().get(3)).isEqualTo(new TransceiverModule.Lane(-40.0, -40.0, 0.0));
        assertThat(m.alarmsOn()).contains("Laser bias current low alarm (Chan 1)", "Laser tx power high alarm (Channel 4)")
                .doesNotContain("Laser bias current high alarm (Chan 1)").hasSize(26);
        assertThat(alarms("ethtool-m-qsfp28-cwdm4-laser-off-robinchrist.txt")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("ens16f1np1");
            assertThat(f.message()).contains("Laser rx power low alarm (lanes 1, 2, 3, 4)")
                    .contains("Laser tx power high alarm (lane 4)").contains("the laser is off on every lane");
            assertThat(f.fix().action()).startsWith("this optic's laser is off");
        });
    }

    @Test
    void darkLanesWithoutFlagsStillNameTheLaserOffAndInfinityPrints() {
        TransceiverModule m = module("ethtool-m-qsfp-plus-sr4-dark-inf-cumulus-noc.txt");
        assertThat(m.alarmsOn()).isEmpty();
        assertThat(m.rxPowerDbm()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(m.columns()).containsEntry("rx dBm", "-inf");
        assertThat(alarms("ethtool-m-qsfp-plus-sr4-dark-inf-cumulus-noc.txt")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("flags on: none").contains("-inf dBm"));
    }

    @Test
    void quietOnAHealthySr4WhoseLanesAllCarryLight() {
        TransceiverModule m = module("ethtool-m-qsfp28-sr4-mellanox-cumulus-noc.txt");
        assertThat(m.lanes()).hasSize(4);
        assertThat(m.rxPowerDbm()).isEqualTo(-0.12);
        assertThat(m.txPowerDbm()).isEqualTo(1.20);
        assertThat(alarms("ethtool-m-qsfp28-sr4-mellanox-cumulus-noc.txt")).isEmpty();
    }

    @Test
    void cmisWrappedByMailJoinsItsValuesAndSkipsUnusedLanes() {
        Parsed p = Fixture.only("host/ethtool-m-qsfp-dd-400g-cmis-wrapped-mail-zahka.txt", "ethtool-module");
        TransceiverModule m = p.all(TransceiverModule.class).getFirst();
        assertThat(m.identifier().value()).isEqualTo("QSFP-DD Double Density 8X Pluggable Transceiver (INF-8628)");
        assertThat(m.identifier().code()).as("the SFF-8024 code kept beside its name").isEqualTo("0x18");
        assertThat(m.connector().raw()).isEqualTo("0x0c (MPO Parallel Optic)");
        assertThat(m.moduleState()).isEqualTo("ModuleReady");
        assertThat(m.lanes()).hasSize(8);
        assertThat(m.lanes().get(6).txPowerDbm()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(m.rxPowerDbm()).as("lanes 5-8 are dark both ways: not in use").isEqualTo(2.60);
        assertThat(m.temperatureCelsius()).isEqualTo(70.49);
        assertThat(p.skipped()).isEmpty();
        assertThat(alarms("ethtool-m-qsfp-dd-400g-cmis-wrapped-mail-zahka.txt")).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("Module temperature high warning").doesNotContain("laser is off");
            assertThat(f.fix().action()).contains("temperature: airflow");
        });
    }

    @Test
    void laneStatusLinesNameTheLanesThatSayYes() {
        String dump = String.join("\n",
                "Identifier                                : 0x11 (QSFP28)",
                "Rx loss of signal                         : [ Yes, No, Yes, Yes ]",
                "Tx loss of signal                         : None",
                "Vendor name                               : Mellanox");
        TransceiverModule m = Fixture.blocksOf(dump).getFirst().all(TransceiverModule.class).getFirst();
        assertThat(m.alarmsOn()).containsExactly("Rx loss of signal (lanes 1, 3, 4)");
    }

    @Test
    void settingsWithTheDriversReasonAndFecModes() {
        EthtoolSettings s = Fixture.only("host/ethtool-settings-cx4-40g-unsupported-cable-robinchrist.txt", "ethtool")
                .all(EthtoolSettings.class).getFirst();
        assertThat(s.linkDetected()).isFalse();
        assertThat(s.linkDetail()).isEqualTo("Cable issue, Unsupported cable");
        assertThat(s.speed()).isNull();
        assertThat(s.supportedFecModes()).containsExactly("None", "RS", "BASER");
        assertThat(s.supportedModes()).hasSize(15);
        assertThat(s.columns()).containsEntry("link", "no (Cable issue, Unsupported cable)");
    }

    @Test
    void aLinkWordEthtoolDoesNotPrintIsNoVerdict() {
        // ethtool prints "yes" or "no"; a note the paste kept after it (one hash, not taken as a note) or a cut word says nothing
        for (String value : List.of("yes # plugged", "ye", "yes?")) {
            EthtoolSettings s = Fixture.blocksOf("Settings for eth0:\n\tSpeed: 10000Mb/s\n\tLink detected: " + value + "\n")
                    .getFirst().all(EthtoolSettings.class).getFirst();
            assertThat(s.linkDetected()).as(value).isNull();
        }
    }

    @Test
    void aNoteAfterAValueIsNoPartOfIt() {
        // "###" then words goes as a note; a run of hashes alone (rpm's progress bar) stays
        EthtoolSettings s = Fixture.blocksOf("Settings for eth0:\n\tSpeed: 10000Mb/s   ### the 10G port\n"
                + "\tLink detected: yes   ### the cable is plugged\n").getFirst().all(EthtoolSettings.class).getFirst();
        assertThat(s.linkDetected()).isTrue();
        assertThat(s.speed().value()).isEqualTo(10e9);
    }

    @Test
    void vmxnet3StatisticsUnderTheirQueueHeadings() {
        List<Parsed> blocks = Fixture.blocks("host/ethtool-vmxnet3-settings-i-S-lctt.txt");
        assertThat(blocks).extracting(Parsed::format).containsExactly("ethtool", "ethtool", "ethtool-stats");
        DriverInfo di = blocks.get(1).all(DriverInfo.class).getFirst();
        assertThat(di.iface()).as("from the '# ethtool -i eth0' root prompt").isEqualTo("eth0");
        assertThat(di.firmware()).isNull();
        CounterSample s = blocks.get(2).all(CounterSample.class).getFirst();
        assertThat(s.subject()).isEqualTo("eth0");
        assertThat(s.value("txq1.bcast pkts tx")).isEqualTo(1186L);
        assertThat(s.value("rxq1.ucast bytes rx")).isEqualTo(4835534292L);
        assertThat(s.value("tx timeout count")).as("after the last queue: the device's own").isZero();
        assertThat(s.values()).hasSize(2 * 17 + 2 * 15 + 1);
        assertThat(blocks.get(2).skipped()).isEmpty();
    }

    @Test
    void paddedNamesBeforeTheColonAreCounters() {
        CounterSample s = Fixture.blocksOf("NIC statistics:\n     TxOctetsOK         : 1234\n     TxFramesDropped    : 7\n")
                .getFirst().all(CounterSample.class).getFirst();
        assertThat(s.values()).containsExactly(Map.entry("TxOctetsOK", 1234L), Map.entry("TxFramesDropped", 7L));
    }

    @Test
    void ringSizesBeforeAndAfterRaisingThem() {
        List<EthtoolLimits> rings = Fixture.blocks("host/ethtool-g-before-after-uhd-e320.txt").stream()
                .flatMap(b -> b.all(EthtoolLimits.class).stream()).toList();
        assertThat(rings).hasSize(2).allSatisfy(r -> {
            assertThat(r.iface()).isEqualTo("enp101s0f0");
            assertThat(r.what()).isEqualTo("ring");
            assertThat(r.maximum()).containsEntry("rx", 4096L).containsEntry("rx mini", 0L).hasSize(4);
        });
        assertThat(rings.get(0).current()).containsEntry("rx", 512L).containsEntry("tx", 512L);
        assertThat(rings.get(1).current()).containsEntry("rx", 4096L);
        assertThat(rings.get(0).columns()).containsEntry("rx", "512 of 4096");
    }

    @Test
    void channelsAndNotApplicableRingValues() {
        EthtoolLimits l = Fixture.only("host/ethtool-l-ice-mail.txt", "ethtool-limits").all(EthtoolLimits.class).getFirst();
        assertThat(l.what()).isEqualTo("channels");
        assertThat(l.maximum()).containsEntry("combined", 64L).containsEntry("other", 1L);
        EthtoolLimits na = Fixture.blocksOf(String.join("\n", "Ring parameters for eth1:", "Pre-set maximums:",
                "RX:\t\t8192", "RX Mini:\tn/a", "Current hardware settings:", "RX:\t\t1024", "TX Push:\toff"))
                .getFirst().all(EthtoolLimits.class).getFirst();
        assertThat(na.maximum()).containsOnlyKeys("rx");
        assertThat(na.current()).containsOnlyKeys("rx");
    }

    @Test
    void fecWithPerLaneCountersAndAfterASudoPrompt() {
        FecSettings f = Fixture.only("host/ethtool-I-show-fec-lanes-netdev.txt", "ethtool-fec").all(FecSettings.class).getFirst();
        assertThat(f.configured()).containsExactly("None");
        assertThat(f.statistics()).containsEntry("corrected_blocks", 256L).containsEntry("uncorrectable_blocks", 145L);
        assertThat(f.laneStatistics().get("uncorrectable_blocks")).containsEntry(0, 128L).containsEntry(1, 17L);
        FecSettings s = Fixture.blocks("host/ethtool-show-fec-sudo-prompt-spark.txt").stream()
                .flatMap(b -> b.all(FecSettings.class).stream()).findFirst().orElseThrow();
        assertThat(s.iface()).isEqualTo("enp1s0f1np1");
        assertThat(s.configured()).containsExactly("Auto");
        assertThat(s.active()).isEqualTo("RS");
    }

    @Test
    void cutShortTheNewFormatsReadWhatIsThere() {
        assertThat(Fixture.blocksOf("Ring parameters for eth0:\nPre-set maximums:\nRX:").getFirst()
                .all(EthtoolLimits.class).getFirst().maximum()).isEmpty();
        assertThat(Fixture.blocksOf("FEC parameters for eth0:\nStatistics:\n    Lane 0: 5").getFirst()
                .all(FecSettings.class).getFirst().laneStatistics()).as("a lane line without its counter").isEmpty();
    }

    @Test
    void aRootPromptStartsAChunkOnlyBeforeAKnownProgram() {
        List<Chunk> chunks = new Splitter(Set.of("ethtool")).split(String.join("\n",
                "# source: a note", "# ethtool -i eth0", "driver: vmxnet3", "# not a command here"));
        assertThat(chunks).extracting(Chunk::prompt).containsExactly(null, "#");
        assertThat(chunks.get(1).command().args()).containsExactly("-i", "eth0");
    }

    @Test
    void settingsGreppedOutOfTheirHeadLineTakeTheCommandsInterface() {
        List<Parsed> blocks = Fixture.blocks("counters/ethtool-S-igb-fifo-drops-session-cn.txt");
        EthtoolSettings s = blocks.getFirst().all(EthtoolSettings.class).getFirst();
        assertThat(s.iface()).isEqualTo("enp6s0");
        assertThat(s.speed().value()).isEqualTo(1e9);
        assertThat(s.duplex()).isEqualTo("Full");
        assertThat(Fixture.blocksOf("Speed: 1000Mb/s\nDuplex: Full").stream().map(Parsed::format).toList())
                .as("without the command nothing says these lines are ethtool's").doesNotContain("ethtool");
    }

    private static List<Finding> fecFindings(String text) {
        return Explainer.standard().explain("f.txt", text).findings().stream()
                .filter(f -> f.rule().equals("fec-uncorrectable")).toList();
    }

    @Test
    void uncorrectableFecBlocksAreLossAndOneReadingCannotTellTheTrend() {
        assertThat(fecFindings(Fixture.text("host/ethtool-I-show-fec-lanes-netdev.txt"))).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("eth0");
            assertThat(f.message()).contains("could not correct 145 codewords (lane 0: 128, lane 1: 17)")
                    .contains("one reading cannot tell").doesNotContain("(None)");
            assertThat(f.fix().action()).contains("ethtool -m eth0").contains("that lane's fibre");
        });
        assertThat(fecFindings(Fixture.text("host/ethtool-I-show-fec-groups-eth-phy-bracket-prompt-fbnic-phy-stats.txt")))
                .isEmpty();
    }

    @Test
    void twoReadingsOfOnePortTellWhetherTheUncorrectableCountRises() {
        String first = Fixture.text("host/ethtool-I-show-fec-lanes-netdev.txt").replaceFirst("(?m)^#.*\\n", "");
        String later = first.replace("uncorrectable_blocks: 145", "uncorrectable_blocks: 160");
        assertThat(fecFindings(first + "\n" + later)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("160 codewords").contains("rising: 145"));
        assertThat(fecFindings(first + "\n" + first)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("not rising since the reading before (145)"));
    }

    /**
     * ethtool 6.18's FEC histogram bins (netlink/fec.c: "name: total [ per_lane: a, b, … ]"). The only public paste of
     * this form found is a held-out sample, so no fixture is stored for it: the line here is made in that shape.
     */
    @Test
    void fecHistogramBinsKeepTheirTotalAndLanes() {
        String text = """
                FEC parameters for eth9:
                Supported/Configured FEC encodings: RS
                Active FEC encoding: RS
                Statistics:
                  corrected_blocks: 20
                  uncorrectable_blocks: 0
                  fec_symbol_err_0: 1000 [ per_lane:  400, 300, 200, 100 ]
                  fec_symbol_err_1_to_3: 7
                """;
        FecSettings fec = Fixture.blocksOf(text).getFirst().all(FecSettings.class).getFirst();
        assertThat(fec.statistics()).containsEntry("fec_symbol_err_0", 1000L).containsEntry("fec_symbol_err_1_to_3", 7L);
        assertThat(fec.laneStatistics().get("fec_symbol_err_0")).containsExactly(
                Map.entry(0, 400L), Map.entry(1, 300L), Map.entry(2, 200L), Map.entry(3, 100L));
    }
}
