package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The key-fact matcher ({@link FactMatch}, through {@link KeyFactsTest#holds} and {@link HeldOutTest#holds}): what a fact written as printed holds against, and what it must not. */
class FactMatchTest {
    /**
     * Records as explain's JSON shows them; the raws and printed values as iperf3, perftest, ibstatus,
     * ibstat, ibv_devinfo and ethtool print them (the two-line Speed is made up, to test the line rule).
     */
    private static final List<JsonNode> RECORDS = List.of(
            json("{\"kind\": \"IperfInterval\", \"jitter\": {\"value\": 294.0, \"unit\": \"us\", \"raw\": \"0.294 ms\"},"
                    + " \"loss\": {\"value\": 0.0, \"unit\": \"%\", \"raw\": \"0/841 (0%)\"}}"),
            json("{\"kind\": \"PerftestBwRow\", \"average\": {\"value\": 3.607E10, \"unit\": \"bit/s\", \"raw\": \"36.07 Gb/sec\"},"
                    + " \"messageRate\": {\"value\": 68798.0, \"unit\": \"1/s\", \"raw\": \"0.068798 Mpps\"}}"),
            json("{\"kind\": \"PerftestHeader\", \"verb\": {\"value\": \"send\", \"raw\": \"Send\"}, \"printed\": {\"Device\": \"mlx5_0\"}}"),
            json("{\"kind\": \"RdmaPort\", \"state\": \"ACTIVE\", \"rate\": {\"value\": 1.0E11, \"unit\": \"bit/s\", \"raw\": \"100 Gb/sec (4X EDR)\"},"
                    + " \"printed\": {\"state\": \"4: ACTIVE\", \"rate\": \"100 Gb/sec (4X EDR)\", \"base lid\": \"0x0\"}}"),
            json("{\"kind\": \"RdmaPort\", \"state\": \"DOWN\", \"physicalState\": \"LinkUp\", \"activeMtuBytes\": 4096,"
                    + " \"printed\": {\"State\": \"Down\", \"physical_state\": \"LINK_UP\", \"active_mtu\": \"4096 (5)\", \"port_lmc\": \"0x00\"}}"),
            json("{\"kind\": \"RdmaPort\", \"physicalState\": \"LinkUp\", \"printed\": {\"phys state\": \"5: LinkUp\"}}"),
            json("{\"kind\": \"RdmaPort\", \"physicalState\": \"LinkUp\", \"printed\": {\"phys_state\": \"LINK_UP (5)\"}}"),
            json("{\"kind\": \"EthtoolSettings\", \"printed\": {\"Current message level\": \"0x000004e3 (1251)\\ndrv probe ifup\","
                    + " \"Speed\": \"Unknown!\\n10000Mb/s\"}}"),
            json("{\"kind\": \"NetInterface\", \"name\": \"eth0\", \"address\": \"10.0.0.1\", \"linkType\": \"36.07 Gb/sec\"}"),
            json("{\"kind\": \"PingSummary\", \"printed\": {\"size\": \"4578(4606) bytes of data\", \"icmp_seq\": [\"1\", \"2\"],"
                    + " \"ttl\": [\"64\", \"64\"], \"time\": [\"0.154 ms\", \"0.160 ms\"]}}"),
            json("{\"kind\": \"CounterSample\", \"printed\": {\"RX\": {\"bytes\": \"100\", \"missed\": \"0\", \"mcast\": \"12\"},"
                    + " \"RX errors\": {\"crc\": \"3\"}}}"));

    @Test
    void aBareNumberHoldsAgainstThePrintedNumberBeforeItsUnit() {
        assertThat(holds("IperfInterval.jitter = 0.294")).isTrue();
        assertThat(holds("IperfInterval.jitter = 294")).as("the typed value, in µs").isTrue();
        assertThat(holds("PerftestBwRow.average.raw = 36.07")).isTrue();
        assertThat(holds("PerftestBwRow.average.raw = 36.070")).as("compared as numbers").isTrue();
        assertThat(holds("PerftestBwRow.messageRate.raw = 0.068798")).isTrue();
        assertThat(holds("RdmaPort.rate = 100")).isTrue();
        assertThat(holds("RdmaPort.printed.rate = 100")).isTrue();
        assertThat(holds("@rate = 100")).isTrue();
    }

    @Test
    void aWrongNumberOrANumberElsewhereInThePrintedTextDoesNotHold() {
        assertThat(holds("IperfInterval.jitter = 0.29")).isFalse();
        assertThat(holds("PerftestBwRow.average.raw = 36.0")).isFalse();
        assertThat(holds("RdmaPort.rate = 10")).as("10 is not 100 Gb/sec").isFalse();
        assertThat(holds("RdmaPort.rate = 4")).as("a number later in the text (4X)").isFalse();
        assertThat(holds("@rate = 1")).isFalse();
        assertThat(holds("IperfInterval.loss.raw = 0")).as("0/841 is no number with a unit").isFalse();
        assertThat(holds("IperfInterval.loss.raw = 841")).isFalse();
        assertThat(holds("RdmaPort.printed.state = 4")).as("4: ACTIVE is an enum code, not a unit").isFalse();
        assertThat(holds("RdmaPort.printed.port_lmc = 0")).as("0x00 is hex").isFalse();
        assertThat(holds("@active_mtu = 4096")).as("4096 (5): no unit").isFalse();
        assertThat(holds("RdmaPort.printed.base lid = 0")).isFalse();
    }

    @Test
    void aValuePrintedOverSeveralLinesHoldsEachLine() {
        assertThat(holds("@Current message level = 0x000004e3 (1251)")).isTrue();
        assertThat(holds("@Current message level = drv probe ifup")).isTrue();
        assertThat(holds("@Current message level = 0x000004e3")).as("a part of a line").isFalse();
        assertThat(holds("@Current message level = 1251")).isFalse();
        assertThat(holds("EthtoolSettings.printed.Speed = 10000")).as("a number before its unit, on its own line").isTrue();
        assertThat(holds("EthtoolSettings.printed.Speed = 1000")).isFalse();
    }

    @Test
    void aNumberIsNotReadOutOfATypedText() {
        // only printed text (a raw, a printed value) is compared as printed; a typed text must equal the fact
        assertThat(holds("NetInterface.linkType = 36.07")).isFalse();
        assertThat(holds("NetInterface.address = 10")).isFalse();
        assertThat(holds("NetInterface.linkType = 36.07 Gb/sec")).isTrue();
    }

    @Test
    void aWordHoldsAsPrintedOrNormalisedButNotInAnotherCase() {
        assertThat(holds("PerftestHeader.verb = Send")).as("the title's word").isTrue();
        assertThat(holds("PerftestHeader.verb = send")).as("the normalised value").isTrue();
        assertThat(holds("PerftestHeader.verb = SEND")).isFalse();
        assertThat(holds("PerftestHeader.verb = RDMA_Write")).isFalse();
        assertThat(holds("RdmaPort.state = Down")).as("ibstat's own spelling, its printed twin").isTrue();
        assertThat(holds("RdmaPort.state = Active")).as("ibstatus printed 4: ACTIVE, ibstat's Active is elsewhere").isFalse();
        assertThat(holds("RdmaPort.state = 4: ACTIVE")).isTrue();
        assertThat(holds("RdmaPort.physicalState = LINK_UP")).as("rdma link's physical_state").isTrue();
        assertThat(holds("RdmaPort.physicalState = Link_Up")).isFalse();
        assertThat(holds("PerftestHeader.device = mlx5_0")).as("Device, the twin of a field the record lacks").isTrue();
        assertThat(holds("PerftestHeader.device = mlx5_1")).isFalse();
    }

    @Test
    void aPingFieldWrittenAsPrintedHoldsAgainstItsPrintedName() {
        assertThat(holds("~ icmp_seq=1")).isTrue();
        assertThat(holds("~ icmp_seq=2")).as("the second reply").isTrue();
        assertThat(holds("~ time=0.154 ms")).isTrue();
        assertThat(holds("~ 4578(4606) bytes")).as("a part of the header's size").isTrue();
        assertThat(holds("~ icmp_seq=3")).isFalse();
        assertThat(holds("~ seq=1")).as("BusyBox's name, not iputils'").isFalse();
        assertThat(holds("~ time=0.15 ms")).isFalse();
        assertThat(holds("~ ttl=6")).as("a part of a value").isFalse();
    }

    @Test
    void aCounterRowKeepsItsColumnWordsUnderItsLabel() {
        assertThat(holds("@missed = 0")).isTrue();
        assertThat(holds("@mcast = 12")).isTrue();
        assertThat(holds("@crc = 3")).isTrue();
        assertThat(holds("@mcast = 0")).isFalse();
        assertThat(holds("CounterSample.printed.RX.missed = 0")).isTrue();
        assertThat(holds("CounterSample.printed.RX errors.crc = 3")).isTrue();
        assertThat(holds("CounterSample.printed.RX.crc = 3")).as("crc is in the RX errors row").isFalse();
        assertThat(holds("~ missed")).as("a column word, kept as its row's key").isTrue();
        assertThat(holds("~ Device")).as("a printed map's own names are no row's column words").isFalse();
    }

    @Test
    void aStateWordPrintedWithItsCodeHoldsAsPrinted() {
        assertThat(holds("RdmaPort.physicalState = LINK_UP")).as("rdma link's physical_state").isTrue();
        assertThat(holds("RdmaPort.printed.state = ACTIVE")).as("ibstatus' 4: ACTIVE").isTrue();
        assertThat(holds("@state = ACTIVE")).isTrue();
        assertThat(holds("@phys state = LinkUp")).as("ibstatus' 5: LinkUp").isTrue();
        assertThat(holds("@phys_state = LINK_UP")).as("ibv_devinfo's LINK_UP (5)").isTrue();
        assertThat(holds("@phys_state = LinkUp")).as("not in another spelling").isFalse();
        assertThat(holds("@phys state = Linkup")).isFalse();
        assertThat(holds("@phys state = 5")).as("the code is no number with a unit").isFalse();
        assertThat(holds("@active_mtu = 4096")).isFalse();
    }

    @Test
    void theRuleIsTheSameForBothSets() {
        for (String fact : List.of("IperfInterval.jitter = 0.294", "RdmaPort.rate = 10", "PerftestHeader.verb = SEND")) {
            assertThat(HeldOutTest.holds(RECORDS, fact)).as(fact).isEqualTo(KeyFactsTest.holds(RECORDS, fact));
        }
    }

    private static boolean holds(String fact) {
        return HeldOutTest.holds(RECORDS, fact);
    }

    private static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }
}
