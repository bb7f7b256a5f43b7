package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.host.CounterSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** netstat -s's TcpExt sentences, and grep'd netstat -s lines without their group (parse/counters/README.md). */
class NetstatLongTailTest {
    private static List<CounterSample> samples(String file) {
        return Fixture.blocks("counters/" + file).stream().filter(b -> b.format().equals("netstat-s"))
                .flatMap(b -> b.all(CounterSample.class).stream()).toList();
    }

    @Test
    void tcpExtSentencesAndMidSentenceCounts() {
        assertThat(samples("netstat-s-tcpext-sentences-ubuntu-forum.txt")).singleElement().satisfies(s -> {
            assertThat(s.values()).containsEntry("TcpRetransSegs", 3736L).containsEntry("TcpExtPruneCalled", 1L)
                    .containsEntry("TcpExtListenOverflows", 56L).containsEntry("TcpExtListenDrops", 56L)
                    .containsEntry("TcpExtTCPLoss", 129L).containsEntry("TcpExtTCPTimeouts", 1054L)
                    .containsEntry("TcpExtTCPRcvCollapsed", 94L).containsEntry("TcpExtDelayedACKLost", 238L)
                    .containsEntry("TcpExtTCPSpuriousRTOs", 3L).containsEntry("IpExtInBcastOctets", 4241L);
        });
        List<Finding> f = Explainer.standard().explain("n.txt", Fixture.text("counters/netstat-s-tcpext-sentences-ubuntu-forum.txt"))
                .findings();
        assertThat(f).as("the listen overflows reach the counter rules").anySatisfy(x -> assertThat(x.message()).contains("TcpExtListenOverflows"));
    }

    @Test
    void greppedLinesWithoutTheirGroup() {
        assertThat(samples("netstat-s-grep-pruned-collapsed-sysctl-note.txt")).singleElement().satisfies(s -> assertThat(s.values())
                .containsExactly(Map.entry("TcpExtPruneCalled", 46L), Map.entry("TcpExtTCPRcvCollapsed", 9107L)));
        assertThat(samples("netstat-s-grep-tcprcvqdrop-kernel-dive-note.txt")).extracting(CounterSample::values)
                .containsExactly(Map.of("TcpExtPruneCalled", 515L), Map.of("TcpExtTCPRcvQDrop", 328L));
        assertThat(LogReader.standard().read("$ ls | grep x\n    46 packets pruned from receive queue because of socket buffer overrun\n")
                .getLast().outputs()).as("not after netstat -s").noneMatch(b -> b.format().equals("netstat-s"));
    }
}
