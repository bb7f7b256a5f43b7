package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.testing.Golden;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text of doctor, explain and results compare from fixed inputs, pinned by golden files ({@link Golden}). */
class ReadTextGoldenTest {
    @Test
    void doctorOfASeedMachine() {
        Facts facts = Fixtures.facts("r86s-004");
        DoctorReport report = DoctorReport.of(facts, RuleSet.standard().diagnose(facts, Context.of(facts)));
        Golden.assertMatches("doctor-r86s-004.txt", Golden.render(out -> new DoctorText(out).print(report)));
    }

    @Test
    void explainOfASeedLog() throws IOException {
        String name = "004_2a39351d1c4a425e.txt";
        String log = Files.readString(Path.of("src/test/resources/parse/seeds", name), StandardCharsets.UTF_8);
        var explanation = Explainer.standard().explain(name, log);
        Golden.assertMatches("explain-seed-004.txt", Golden.render(out -> new ExplainText(out).print(explanation)));
    }

    @Test
    void onePieceIsCountedInTheSingular() {
        String log = "$ ethtool -i eth0\ndriver: ixgbe\nversion: 5.1.0-k\nbus-info: 0000:03:00.0\n";
        var explanation = Explainer.standard().explain("paste", log);
        String text = Golden.render(out -> new ExplainText(out).print(explanation));
        assertThat(text.lines().findFirst().orElseThrow())
                .startsWith("explain: paste — 1 piece, 1 recognized");
    }

    @Test
    void resultsCompare() {
        Comparison c = new Comparison(Comparison.SCHEMA, "run:1", "run:2", "tcp-bw", "bitsPerSecond", "bit/s",
                List.of("streams"), List.of(
                new Comparison.Row(Map.of("streams", "1"), 9.41e9, 3, 9.36e9, 9.44e9, 9.38e9, 3, 9.31e9, 9.42e9,
                        9.41e9 / 9.38e9, Comparison.WITHIN_NOISE),
                new Comparison.Row(Map.of("streams", "4"), 23.5e9, 2, 23.1e9, 23.9e9, 18.8e9, 3, 18.2e9, 19.3e9,
                        23.5e9 / 18.8e9, null),
                new Comparison.Row(Map.of("streams", "8"), null, 0, null, null, 19.1e9, 1, null, null, null, null)));
        Golden.assertMatches("results-compare.txt", Golden.render(out -> CompareText.print(c, out,
                "1 result not done (interrupted, failed or incomplete) left out; --include-partial takes them")));
    }
}
