package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.host.EthtoolSettings;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fragments of host tools no reader started on (issue 31, frags12): each on a real output under parse/, where the
 * key facts alone cannot tell one record from several.
 */
class HostFragmentsTest {
    private static List<EthtoolSettings> settings(String text) {
        return Fixture.blocksOf(text).stream().flatMap(b -> b.records().stream())
                .filter(EthtoolSettings.class::isInstance).map(EthtoolSettings.class::cast).toList();
    }

    /** The fixture's pieces, each from its "$ " command line on. */
    private static List<String> pieces(String path) {
        return Arrays.stream(Fixture.text(path).split("(?m)^(?=\\$ )")).filter(p -> p.startsWith("$ ")).toList();
    }

    /** A loop of 'ethtool IFACE | grep', each interface's lines one record: in the order printed, with its name. */
    @Test
    void linkStateLinesOfALoopAreOneRecordPerInterface() {
        List<String> loops = pieces("host/ethtool-6.1-grep-speed-duplex-link-loop-three-shapes-veth-made-here.txt");
        assertThat(loops).hasSize(3);
        List<EthtoolSettings> unnamed = settings(loops.get(0));
        assertThat(unnamed).extracting(EthtoolSettings::linkDetected).containsExactly(true, false, false);
        assertThat(unnamed).extracting(s -> s.speed() == null ? null : s.speed().value()).containsExactly(10e9, 10e9, null);
        assertThat(settings(loops.get(1))).extracting(EthtoolSettings::iface, EthtoolSettings::linkDetected)
                .containsExactly(tuple("vx0", true), tuple("vy0", false));
        // grep's label on three lines each goes as a repeated prefix (PasteRepair) before any parser reads it: no names
        assertThat(settings(loops.get(2))).extracting(EthtoolSettings::iface, EthtoolSettings::linkDetected)
                .containsExactly(tuple(null, true), tuple(null, false));
        // a label on fewer lines stays, and names its record
        assertThat(settings("$ for i in vx0 lo; do ethtool $i | grep -H --label=$i -E 'Speed|Link'; done\n"
                + "vx0:\tSpeed: 10000Mb/s\nvx0:\tLink detected: yes\nlo:\tLink detected: no\n"))
                .extracting(EthtoolSettings::iface, EthtoolSettings::linkDetected).containsExactly(tuple("vx0", true), tuple("lo", false));
        assertThat(settings("Speed: 1000Mb/s\nDuplex: Full\n")).as("no Link detected, no ethtool typed").isEmpty();
    }

    private static List<CounterSample> counters(String text) {
        return Fixture.blocksOf(text).stream().flatMap(b -> b.records().stream())
                .filter(CounterSample.class::isInstance).map(CounterSample.class::cast).toList();
    }

    /** ethtool -S lines without head or command: read only as drivers name counters, two or more of them. */
    @Test
    void headlessCountersNeedDriverNames() {
        List<CounterSample> found = counters(Fixture.text("counters/ethtool-S-counters-no-head-no-command-virtio-veth-made-here.txt"));
        assertThat(found).hasSize(2).allSatisfy(c -> assertThat(c.subject()).isNull());
        assertThat(found.getFirst().values()).containsEntry("rx_kicks", 875L).hasSize(4);
        assertThat(counters("some_value: 1\nother_value: 2\n")).isEmpty();
        assertThat(counters("rx_kicks: 875\n")).isEmpty();
    }

    /** Hand-picked netstat -s lines: one sample; a Udp sentence (UdpLite prints the same words) names no counter. */
    @Test
    void handPickedNetstatLinesNameOnlyUnambiguousSentences() {
        List<CounterSample> found = counters(Fixture.text("counters/netstat-s-2.10-hand-picked-lines-no-header-no-command-made-here.txt"));
        assertThat(found).hasSize(1);
        assertThat(found.getFirst().values()).hasSize(8).doesNotContainKey("UdpInDatagrams");
        assertThat(counters("    34657206 packets received\n    2 packets sent\n")).isEmpty();
    }
}
