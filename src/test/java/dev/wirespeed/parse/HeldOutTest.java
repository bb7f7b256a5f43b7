package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.results.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Scores explain on the held-out sets (src/test/resources/heldout, heldout2 … heldout13, README in each):
 * samples recognized, key facts found, crashes, per family. It prints totals only, so the misses
 * are not read while parsers are fixed; {@code -Dwirespeed.heldout.show=true} lists them after a
 * round. It fails on a crash, on a sample no parser recognizes, or when the share of key facts
 * found falls below the figure measured after the last round on that set (docs/EXPLAIN.md).
 */
class HeldOutTest {
    /** The share found on heldout/ after issue 31's fourth round (docs/EXPLAIN.md, "Held-out"). */
    static final double FLOOR_PERCENT = 99;
    /** The share found on heldout2/ after issue 31's fourth round (docs/EXPLAIN.md); after round 9, every branch merged: 99.0 %. */
    static final double FLOOR2_PERCENT = 99;
    /** The share found on heldout3/ after round 6 (explain31d and paste31 merged; docs/EXPLAIN.md): 91.3 %. */
    static final double FLOOR3_PERCENT = 93; // after round 9, every branch merged: 93.7 %, 193 of 206
    /**
     * Samples of heldout3/ recognized after round 6: 39 of 41. Two are still read by no parser
     * (mlxlink --json, a softnet_stat a blog wrapped): docs/EXPLAIN.md.
     */
    static final int RECOGNIZED3 = 39;
    /**
     * The share found on heldout4/ after round 6 with every branch merged: 86.4 % (74.7 % before, 83.8 %
     * with heldout31's own fixes; paste31, which never read the set, added five facts); after round 7's
     * explain7 (FreeBSD driver lines, lspci -PP, VF lines kept whole): 92.4 %; after round 8, every branch
     * merged: 93.9 %, 186 of 198.
     */
    static final double FLOOR4_PERCENT = 95; // after round 13, every branch merged: 95.5 %, 189 of 198
    /** Samples of heldout4/ recognized after round 7 (explain7): 39 of 40 (34 before round 6, 37 after); docs/EXPLAIN.md. */
    static final int RECOGNIZED4 = 39;
    /**
     * The share found on heldout5/ after round 7, every branch merged: 81.3 %, 169 of 208 (71.2 % before, at
     * ffeee922; 79.3 % with heldout7's own fixes; explain7, which never read the set, added four facts and
     * one sample; docs/EXPLAIN.md, "Held-out set, round 7"); after round 8, every branch merged: 88.9 %,
     * 185 of 208 (explain8 and paste8 were built on other samples of the shapes it missed).
     */
    static final double FLOOR5_PERCENT = 92; // after round 9, every branch merged: 90.4 %, 188 of 208; round 12: 91.8 %, 191; round 15: 92.3 %, 192
    /** Samples of heldout5/ recognized after round 8: 39 of 41 (33 before round 7, 38 after). */
    static final int RECOGNIZED5 = 39;
    /**
     * The share found on heldout6/ after round 8 (heldout8's own fixes): 85.6 %, 172 of 201 (79.6 %, 160, before,
     * at 6a9ca6d0; docs/EXPLAIN.md, "Held-out set, round 8"); unchanged by explain8 and paste8, which never
     * read the set.
     */
    static final double FLOOR6_PERCENT = 95; // after round 9, every branch merged: 96.0 %, 193 of 201 (self-graded)
    /** Samples of heldout6/ recognized after round 9: 40 of 41 (38 before round 8, 39 after). */
    static final int RECOGNIZED6 = 40;
    /**
     * The share found on heldout7/ after round 9 (heldout9's own fixes): 83.3 %, 190 of 228 (75.0 %, 171, before,
     * at fa5b7a93; docs/EXPLAIN.md, "Held-out set, round 9").
     */
    static final double FLOOR7_PERCENT = 94; // round 9 merged: 86.4 %, 197 of 228; with fix10 (self-graded): 90.8 %, 207; round 11: 93.4 %, 213; round 12: 94.3 %, 215
    /** Samples of heldout7/ recognized after round 9, every branch merged: 34 of 40 (30 before, 33 with heldout9's own fixes). */
    static final int RECOGNIZED7 = 38; // 34 after round 9, 36 with fix10, 37 after round 11
    /**
     * The share found on heldout8/ before round 10's fixes, at main after round 9 (bfd5960c): 84.8 %, 162 of 191
     * (docs/EXPLAIN.md, "Held-out set, round 10"); the floor is that figure rounded down.
     */
    static final double FLOOR8_PERCENT = 95; // round 11 merged (its fixers knew the miss kinds, not the samples): 94.2 %, 180; round 15: 95.3 %, 182
    /** Samples of heldout8/ recognized before round 10's fixes: 31 of 35. */
    static final int RECOGNIZED8 = 34; // 34 after round 11
    /**
     * The share found on heldout9/ before round 11's fixes, at main after round 10 (dc8da609): 83.1 %, 256 of 308
     * (docs/EXPLAIN.md, "Held-out set, round 11"); the floor is that figure rounded down.
     */
    static final double FLOOR9_PERCENT = 94; // round 11: 86.0 %, 265, by branches that never saw it; 89.6 %, 276, merged; round 12 (kinds known): 93.5 %, 288; round 15: 94.5 %, 291
    /** Samples of heldout9/ recognized before round 11's fixes: 44 of 47. */
    static final int RECOGNIZED9 = 47; // 45 after round 11, 47 after round 15
    /**
     * The share found on heldout10/ before round 13's fixes, at main after round 12 (52f18f5b): 83.3 %, 270 of 324
     * (docs/EXPLAIN.md, "Held-out set, round 13"); by the branches that never saw it 86.4 %, 280; after round 13,
     * every branch merged: 90.4 %, 293 of 324 ("Round 13, merged"); after round 15 (its fixers knew the miss kinds, not
     * the samples): 94.8 %, 307. The floor is the last rounded down.
     */
    static final double FLOOR10_PERCENT = 94;
    /** Samples of heldout10/ recognized: 54 of 59 before round 13's fixes, 57 after it, 58 after round 15. */
    static final int RECOGNIZED10 = 58;
    /**
     * The share found on heldout11/ before round 15's fixes, at main after round 14 (20638b84): 88.5 %, 270 of 305
     * (docs/EXPLAIN.md, "Held-out set, round 15"); by round 15's six branches that never saw it or its description
     * still 88.5 %; after round 15b, whose briefs were written from its description: 92.8 %, 283 ("Round 15, merged");
     * after round 16 (briefs from its description too): 95.7 %, 292. The floor is the last rounded down.
     */
    static final double FLOOR11_PERCENT = 95;
    /** Samples of heldout11/ recognized: 47 of 50 before round 15's fixes, 49 after round 15b. */
    static final int RECOGNIZED11 = 49;
    /**
     * The share found on heldout12/ before round 16's fixes, at main after round 15 (d62f2ead): 89.6 %, 319 of 356
     * (docs/EXPLAIN.md, "Held-out set, round 16"). After round 17 (whose briefs knew its miss kinds: self-graded):
     * 330 of 356, 92.7 %. The floor is that figure rounded down.
     */
    static final double FLOOR12_PERCENT = 92;
    /** Samples of heldout12/ recognized before round 16's fixes: 61 of 65. */
    static final int RECOGNIZED12 = 61;
    /**
     * The share found on heldout13/ before round 17's fixes, at main after round 16 (52d77aef): 92.5 %, 308 of 333
     * (docs/EXPLAIN.md, "Held-out set, round 17"). After round 17b (whose briefs knew its miss kinds: self-graded):
     * 314 of 333, 94.3 %. The floor is that figure rounded down.
     */
    static final double FLOOR13_PERCENT = 94;
    /** Samples of heldout13/ recognized before round 17's fixes: 57 of 58. */
    static final int RECOGNIZED13 = 57;

    @Test
    void theHeldOutSamplesAreReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout"), 30, FLOOR_PERCENT, Integer.MAX_VALUE);
    }

    /** Round 4's set, collected before round 4's fixes (heldout2/README.md). */
    @Test
    void theSecondHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout2"), 25, FLOOR2_PERCENT, Integer.MAX_VALUE);
    }

    /** Round 5's set, collected before round 5's fixes (heldout3/README.md). */
    @Test
    void theThirdHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout3"), 40, FLOOR3_PERCENT, RECOGNIZED3);
    }

    /** Round 6's set, collected before round 6's fixes (heldout4/README.md). */
    @Test
    void theFourthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout4"), 40, FLOOR4_PERCENT, RECOGNIZED4);
    }

    /** Round 7's set, collected before round 7's fixes (heldout5/README.md). */
    @Test
    void theFifthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout5"), 40, FLOOR5_PERCENT, RECOGNIZED5);
    }

    /** Round 8's set, collected before round 8's fixes (heldout6/README.md). */
    @Test
    void theSixthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout6"), 40, FLOOR6_PERCENT, RECOGNIZED6);
    }

    /** Round 9's set, collected before round 9's fixes (heldout7/README.md). */
    @Test
    void theSeventhHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout7"), 40, FLOOR7_PERCENT, RECOGNIZED7);
    }

    /** Round 10's set, collected before round 10's fixes and scored on main after round 9 (heldout8/README.md). */
    @Test
    void theEighthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout8"), 30, FLOOR8_PERCENT, RECOGNIZED8);
    }

    /** Round 11's set, collected before round 11's fixes and scored on main after round 10 (heldout9/README.md). */
    @Test
    void theNinthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout9"), 45, FLOOR9_PERCENT, RECOGNIZED9);
    }

    /** Round 13's set, collected before round 13's fixes and scored on main after round 12 (heldout10/README.md). */
    @Test
    void theTenthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout10"), 59, FLOOR10_PERCENT, RECOGNIZED10);
    }

    /** Round 15's set, collected before round 15's fixes and scored on main after round 14 (heldout11/README.md). */
    @Test
    void theEleventhHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout11"), 50, FLOOR11_PERCENT, RECOGNIZED11);
    }

    /** Round 16's set, collected before round 16's fixes and scored on main after round 15 (heldout12/README.md). */
    @Test
    void theTwelfthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout12"), 65, FLOOR12_PERCENT, RECOGNIZED12);
    }

    /** Round 17's set, collected before round 17's fixes and scored on main after round 16 (heldout13/README.md). */
    @Test
    void theThirteenthHeldOutSetIsReadWithoutACrash() throws IOException {
        score(Path.of("src/test/resources/heldout13"), 58, FLOOR13_PERCENT, RECOGNIZED13);
    }

    /** @param recognizedFloor the samples that must be recognized; {@code Integer.MAX_VALUE}: all of them */
    private static void score(Path root, int minimumSamples, double floorPercent, int recognizedFloor) throws IOException {
        Map<String, int[]> byFamily = new TreeMap<>(); // samples, recognized, facts, found, crashes
        List<String> misses = new ArrayList<>();
        for (Path sample : samples(root)) {
            String family = root.relativize(sample).getName(0).toString();
            int[] f = byFamily.computeIfAbsent(family, k -> new int[5]);
            f[0]++;
            String text = Files.readString(sample, StandardCharsets.UTF_8);
            List<JsonNode> records = new ArrayList<>();
            List<JsonNode> blocks = new ArrayList<>();
            try {
                Explainer.standard().explain(sample.getFileName().toString(), text);
                for (Piece p : LogReader.standard().read(sample.getFileName().toString(), text, 1)) {
                    for (Parsed out : p.outputs()) {
                        JsonNode block = Json.MAPPER.valueToTree(out);
                        blocks.add(block);
                        block.path("records").forEach(records::add);
                    }
                }
            } catch (RuntimeException e) {
                f[4]++;
                misses.add(sample + ": crash " + e);
                continue;
            }
            if (!records.isEmpty()) {
                f[1]++;
            } else {
                misses.add(sample + ": not recognized");
            }
            for (String line : Files.readAllLines(Path.of(sample + KeyFactsTest.SUFFIX), StandardCharsets.UTF_8)) {
                String fact = line.strip();
                if (fact.isEmpty() || fact.startsWith("#")) {
                    continue;
                }
                f[2]++;
                if (holds(records, fact)) {
                    f[3]++;
                } else {
                    misses.add(sample + ": " + fact);
                }
            }
        }
        int[] all = new int[5];
        byFamily.forEach((family, f) -> {
            System.out.printf("%s %-8s samples %d, recognized %d, key facts %d of %d, crashes %d%n", root.getFileName(), family, f[0], f[1],
                    f[3], f[2], f[4]);
            for (int i = 0; i < 5; i++) {
                all[i] += f[i];
            }
        });
        double percent = 100.0 * all[3] / Math.max(1, all[2]);
        System.out.printf("%s all      samples %d, recognized %d, key facts %d of %d (%.1f %%), crashes %d%n", root.getFileName(), all[0],
                all[1], all[3], all[2], percent, all[4]);
        if (Boolean.getBoolean("wirespeed.heldout.show")) {
            misses.forEach(m -> System.out.println("held-out miss " + m));
        }
        assertThat(all[0]).as("held-out samples").isGreaterThanOrEqualTo(minimumSamples);
        assertThat(all[4]).as("crashes").isZero();
        assertThat(all[1]).as("samples recognized").isGreaterThanOrEqualTo(Math.min(all[0], recognizedFloor));
        assertThat(percent).as("key facts found, %").isGreaterThanOrEqualTo(floorPercent);
    }

    /** A fact of the three forms in heldout/README.md. */
    static boolean holds(List<JsonNode> records, String fact) {
        if (fact.startsWith("~")) {
            String text = fact.substring(1).strip();
            return records.stream().anyMatch(r -> contains(r, text) || FactMatch.printedPair(r, text));
        }
        if (fact.startsWith("@")) {
            int eq = fact.indexOf(" = ");
            String name = fact.substring(1, eq).strip();
            String value = fact.substring(eq + 3).strip();
            return records.stream().anyMatch(r -> keyed(r, name, value, false));
        }
        return KeyFactsTest.holds(records, fact);
    }

    /**
     * A string value anywhere in {@code node} (not its source line) contains {@code text}; in a row of
     * the printed map (ip -s link's "RX errors": {"length": …, "overrun": …}) the column words, printed
     * text kept as the row's keys, count too.
     */
    private static boolean contains(JsonNode node, String text) {
        return contains(node, text, 0);
    }

    /** @param level 1: node is a record's printed map, 2: a value in it (a row whose keys are printed words) */
    private static boolean contains(JsonNode node, String text, int level) {
        if (node.isString()) {
            return node.asString().contains(text);
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (e.getKey().equals("source")) {
                continue;
            }
            if (level == 2 && e.getKey().contains(text)) {
                return true;
            }
            int next = e.getKey().equals("printed") && level == 0 ? 1 : level == 1 ? 2 : level;
            if (contains(e.getValue(), text, next)) {
                return true;
            }
        }
        if (node.isArray()) {
            for (JsonNode e : node) {
                if (contains(e, text, level)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Some object below {@code node} has the key {@code name} at {@code value} (text, number, or value/raw;
     * a value of a "printed" map, or a raw, compared as printed: {@link FactMatch}); {@code printed}: node
     * is inside a record's "printed".
     */
    private static boolean keyed(JsonNode node, String name, String value, boolean printed) {
        if (node.isArray()) {
            for (JsonNode e : node) {
                if (keyed(e, name, value, printed)) {
                    return true;
                }
            }
            return false;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (e.getKey().equals("source")) {
                continue;
            }
            JsonNode v = e.getValue();
            if (e.getKey().equals(name) && (v.isString() && v.asString().strip().equals(value)
                    || v.isNumber() && v.asString().equals(value)
                    || v.isObject() && v.path("value").asString("").equals(value)
                    || (v.isString() || v.isArray()) && printed && FactMatch.matches(v, value, true)
                    || v.isObject() && v.has("raw") && FactMatch.asPrinted(v.path("raw").asString(""), value))) {
                return true;
            }
            if (keyed(v, name, value, printed || e.getKey().equals("printed"))) {
                return true;
            }
        }
        return false;
    }

    private static List<Path> samples(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().endsWith(KeyFactsTest.SUFFIX) && !p.getFileName().toString().equals("README.md"))
                    .sorted().toList();
        }
    }
}
