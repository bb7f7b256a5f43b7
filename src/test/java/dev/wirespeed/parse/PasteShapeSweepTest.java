package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every paste shape of {@link PasteTransforms} over the fixtures with key facts (issue 31, mutate17): how many of
 * the facts a fixture gives as pasted still hold once the shape is applied, per shape and per family. The table is
 * printed; the floors hold what was measured (rounded down) so no shape regresses. Fixtures that carry a shape
 * already are PasteArtefactsTest's concern: here every fixture takes every shape, as a user's paste would.
 * Run time: a third of the fixtures with facts, picked by their path's hash (so a new fixture moves no other in or
 * out), which keeps the run under a minute on 2 cores.
 */
class PasteShapeSweepTest {
    /**
     * Facts kept per shape, of 1846 measured, after round 17 merged (code17, wrap17 and mutate17), rounded down to
     * ten (docs/EXPLAIN.md "Round 17, merged").
     */
    private static final Map<String, Integer> FLOORS = new LinkedHashMap<>();
    static {
        FLOORS.put("indent-tab", 1800);
        FLOORS.put("indent-4", 1800);
        FLOORS.put("indent-nbsp", 1800);
        FLOORS.put("quote", 1840);
        FLOORS.put("quote-2", 1840);
        FLOORS.put("crlf", 1840);
        FLOORS.put("double-spaced", 1820);
        FLOORS.put("trailing-blanks", 1830);
        FLOORS.put("prompt-before", 1840);
        FLOORS.put("mpirun-tag", 1820);
        FLOORS.put("host-prefix", 1660);
        FLOORS.put("fence-in-list", 1790);
        FLOORS.put("note-arrow", 1810);
        FLOORS.put("note-hash", 1830);
        FLOORS.put("html-br-joined", 1830);
        FLOORS.put("html-br-lines", 1840);
        FLOORS.put("html-pre", 1830);
        FLOORS.put("html-entities", 1840);
        FLOORS.put("bbcode", 1830);
        FLOORS.put("md-table-cell", 1810);
        FLOORS.put("code-strings", 1640);
        FLOORS.put("wrap-80", 1670);
    }
    /** One fixture in this many is measured. */
    private static final int SAMPLED = 3;

    /** A fixture and the facts it gives as pasted. */
    record Measured(String path, List<String> facts) {}

    private static List<Measured> sample() {
        List<Measured> out = new ArrayList<>();
        for (String path : Fixture.all()) {
            List<String> facts = KeyFactsTest.factsOf(path);
            if (facts.isEmpty() || Math.floorMod(path.hashCode(), SAMPLED) != 0) {
                continue;
            }
            List<JsonNode> asPasted = KeyFactsTest.recordsOfText(Fixture.text(path));
            out.add(new Measured(path, facts.stream().filter(f -> KeyFactsTest.holds(asPasted, f)).toList()));
        }
        return out;
    }

    @Test
    void everyShapeKeepsItsFloorOfFacts() {
        long start = System.nanoTime();
        List<Measured> sample = sample();
        int total = sample.stream().mapToInt(f -> f.facts().size()).sum();
        Map<String, Integer> kept = new LinkedHashMap<>();
        Map<String, Map<String, int[]>> byFamily = new LinkedHashMap<>();
        List<String> crashes = new ArrayList<>();
        for (Map.Entry<String, UnaryOperator<String>> shape : PasteTransforms.ALL.entrySet()) {
            int k = 0;
            Map<String, int[]> families = byFamily.computeIfAbsent(shape.getKey(), s -> new TreeMap<>());
            for (Measured f : sample) {
                int[] fam = families.computeIfAbsent(f.path().substring(0, f.path().indexOf('/')), s -> new int[2]);
                fam[1] += f.facts().size();
                List<JsonNode> records;
                try {
                    records = KeyFactsTest.recordsOfText(shape.getValue().apply(Fixture.text(f.path())));
                } catch (RuntimeException e) {
                    crashes.add(shape.getKey() + " " + f.path() + " " + e);
                    continue;
                }
                for (String fact : f.facts()) {
                    if (KeyFactsTest.holds(records, fact)) {
                        k++;
                        fam[0]++;
                    } else if (Boolean.getBoolean("wirespeed.shapes.show")) {
                        System.out.println("lost " + shape.getKey() + " " + f.path() + ": " + fact);
                    }
                }
            }
            kept.put(shape.getKey(), k);
        }
        System.out.printf("paste shapes: %d fixtures, %d facts, %.1f s%n", sample.size(), total, (System.nanoTime() - start) / 1e9);
        System.out.println("| shape | facts kept | % |");
        System.out.println("|---|---|---|");
        kept.forEach((s, k) -> System.out.printf("| %s | %d of %d | %.1f |%n", s, k, total, 100.0 * k / total));
        byFamily.forEach((s, fams) -> {
            StringBuilder row = new StringBuilder("families " + s + ":");
            fams.forEach((fam, c) -> row.append(' ').append(fam).append(' ').append(c[0]).append('/').append(c[1]));
            System.out.println(row);
        });
        assertThat(crashes).isEmpty();
        assertThat(total).as("facts measured").isGreaterThan(1000);
        FLOORS.forEach((s, floor) -> assertThat(kept.get(s)).as("facts kept under %s of %d", s, total).isGreaterThanOrEqualTo(floor));
    }

    private final LogReader reader = LogReader.standard();
    private final Splitter splitter = new Splitter(Set.of("iperf3", "ethtool"), reader::starts);

    private List<String> lines(String... pasted) {
        return SplitLines.of(splitter, String.join("\n", pasted));
    }

    @Test
    void aTableOfOneColumnGivesItsCellsButATableOfColumnsStays() {
        assertThat(lines("| output |", "|---|", "| Settings for eth0: |", "| \tSpeed: 1000Mb/s |", "| \tLink detected: yes |"))
                .containsExactly("output", "Settings for eth0:", "\tSpeed: 1000Mb/s", "\tLink detected: yes");
        List<String> columns = List.of("| run | rate |", "|---|---|", "| 1 | 9.41 Gbits/sec |", "| 2 | 9.39 Gbits/sec |");
        assertThat(lines(columns.toArray(String[]::new))).containsExactlyElementsOf(columns);
        // a grid table's rows end at the rule's last column; a row that runs past it ends the table
        assertThat(lines("+----------+", "| Speed: 1 |", "|          |", "| Duplex:  |", "+----------+"))
                .containsExactly("Speed: 1", "", "Duplex:");
    }

    @Test
    void anAsciiNoteAfterAHashGoesButIbnetdiscoversCommentsStay() {
        assertThat(lines("    Speed: 100000Mb/s   # <-- That's 100G!")).containsExactly("    Speed: 100000Mb/s");
        String node = "[1](2c90300293e1f)  \"S-0002c9020046c588\"[1]         # lid 6 lmc 0 \"Infiniscale-IV Mellanox Technologies\" lid 2 4xQDR";
        assertThat(lines(node)).containsExactly(node);
        String ca = "Ca\t1 \"H-506b4b030043fa92\"\t\t# \"gpu014 HCA-1\"";
        assertThat(lines(ca)).containsExactly(ca);
    }

    @Test
    void htmlFormattingGoesOnlyInAPasteThatClosesATag() {
        assertThat(lines("<pre>Connecting to host 10.10.10.1, port 5201", "[ ID] Interval           Transfer     Bitrate", "</pre>"))
                .contains("Connecting to host 10.10.10.1, port 5201");
        assertThat(lines("        State: <font color=\"red\">Active</font>")).containsExactly("        State: Active");
        // no closing tag: NCCL's "<0>" and lspci's "<4us" are no markup anyway, and nothing is taken
        String nccl = "node1:21:21 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>";
        assertThat(lines(nccl)).containsExactly(nccl);
    }

    @Test
    void mpiLaunchersTagsGoFromEachLine() {
        assertThat(lines("[1,1]<stdout>:driver: virtio_net", "[1,0]<stdout>:driver: virtio_net", "[1,0]<stdout>:version: 1.0.0"))
                .containsExactly("driver: virtio_net", "driver: virtio_net", "version: 1.0.0");
        // Open MPI 5's PRRTE (openpmix/prrte#1405) and horovodrun (horovod#3827)
        assertThat(lines("[prterun-f5n18-100629@1,0]<stdout>: f5n18", "[1]<stdout>:test_common.py PASSED"))
                .containsExactly("f5n18", "test_common.py PASSED");
    }
}
