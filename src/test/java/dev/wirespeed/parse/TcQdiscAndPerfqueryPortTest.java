package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.host.CounterSample;
import org.junit.jupiter.api.Test;

/**
 * Outputs doctor reads as commands, read pasted too so both paths judge the same counters (issue 26,
 * explain = doctor): `tc -s qdisc show dev IF`, and perfquery of a local port named by -C/-P.
 */
class TcQdiscAndPerfqueryPortTest {
    // iproute2's layout (tc/tc_qdisc.c), as hosts/mlx5-counters-018/.wirespeed/tc-s-qdisc holds it
    private static final String TC = """
            root@host1:~# tc -s qdisc show dev enp65s0f0np0
            qdisc mq 0: root\u0020
             Sent 2655285206479 bytes 896117891 pkt (dropped 4211, overlimits 0 requeues 1733)\u0020
             backlog 0b 0p requeues 1733
            qdisc fq_codel 0: parent :1 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms memory_limit 32Mb ecn drop_batch 64\u0020
             Sent 331910650810 bytes 112014736 pkt (dropped 4211, overlimits 0 requeues 216)\u0020
             backlog 0b 0p requeues 216
            """;

    @Test
    void tcRootQdiscCountersBelongToTheNamedDevice() {
        assertThat(Fixture.blocksOf(TC)).singleElement().satisfies(p -> {
            assertThat(p.format()).isEqualTo("tc-qdisc");
            assertThat(p.all(CounterSample.class)).singleElement().satisfies(c -> {
                assertThat(c.subject()).isEqualTo("enp65s0f0np0");
                assertThat(c.value("qdisc_dropped")).isEqualTo(4211L);
                assertThat(c.value("qdisc_requeues")).isEqualTo(1733L);
            });
        });
        assertThat(Explainer.standard().explain("tc.txt", TC).findings()).extracting(f -> f.rule() + " " + f.subject())
                .containsExactly("counter-qdisc-drops enp65s0f0np0");
        // without "dev IF" the lines do not say whose queues they are: not read
        assertThat(Fixture.blocksOf(TC.replace(" show dev enp65s0f0np0", ""))).isEmpty();
        // garbled: no Sent line, no counters; never a throw
        assertThat(Fixture.blocksOf(TC.replace("Sent", "Snet"))).allSatisfy(p -> assertThat(p.all(CounterSample.class)).isEmpty());
    }

    @Test
    void perfqueryOfALocalPortByDeviceIsThatPort() {
        String head = "# Port counters: Lid 42 port 1 (CapMask: 0x5A00)\nPortSelect:......................1\n"
                + "SymbolErrorCounter:..............65535\nLinkDownedCounter:...............2\n";
        assertThat(Fixture.blocksOf("root@host1:~# perfquery -x -C mlx5_0 -P 1\n" + head).getFirst().all(CounterSample.class))
                .singleElement().satisfies(c -> assertThat(c.subject()).isEqualTo("mlx5_0 port 1"));
        // a LID on the command line is another port: named by its LID
        assertThat(Fixture.blocksOf("root@host1:~# perfquery -C mlx5_0 -P 1 42 1\n" + head).getFirst().all(CounterSample.class))
                .singleElement().satisfies(c -> assertThat(c.subject()).isEqualTo("LID 42 port 1"));
        assertThat(Fixture.blocksOf("root@host1:~# perfquery\n" + head).getFirst().all(CounterSample.class))
                .singleElement().satisfies(c -> assertThat(c.subject()).isEqualTo("LID 42 port 1"));
    }
}
