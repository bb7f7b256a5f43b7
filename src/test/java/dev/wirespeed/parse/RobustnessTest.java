package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A bounded property test: every fixture, truncated at random points and with random lines
 * removed or duplicated, given to every parser at every line where it says its format starts
 * (and to the whole log reader). Nothing may throw; a parser returns what it understood, with its
 * block inside the input, or nothing. Seeded, so a failure reproduces; 8 variants per fixture
 * (2 per whole seed log, which only the log reader reads).
 */
class RobustnessTest {
    private static final int VARIANTS = 8;

    @Test
    void parsersNeverThrowOnDamagedFixtures() {
        Random random = new Random(20261130L);
        List<Parser> parsers = Parsers.all();
        int attempts = 0;
        int recognized = 0;
        for (String path : Fixture.all()) {
            List<String> original = Lines.split(Fixture.text(path));
            boolean wholeSeed = path.startsWith("seeds/"); // long logs: the reader runs every parser on them
            for (int v = 0; v < (wholeSeed ? 2 : VARIANTS); v++) {
                List<String> lines = damage(original, random);
                String text = String.join("\n", lines);
                Lines in = new Lines(lines, 1, null);
                for (Parser p : wholeSeed ? List.<Parser>of() : parsers) {
                    for (int i = 0; i < in.size(); i++) {
                        if (!p.startsAt(in, i)) {
                            continue;
                        }
                        attempts++;
                        Parsed r = p.parse(in, i);
                        assertThat(r.start()).as("%s on %s variant %d", p.format(), path, v).isEqualTo(i);
                        assertThat(r.end()).isBetween(i, in.size());
                        assertThat(r.firstLine()).isLessThanOrEqualTo(r.lastLine());
                        recognized += r.isEmpty() ? 0 : 1;
                    }
                }
                List<Piece> pieces = LogReader.standard().read(text);
                for (Piece piece : pieces) {
                    assertThat(piece.recognized() || piece.unrecognized() != null || piece.command() != null)
                            .as("a piece is either read or reported unrecognized (%s variant %d)", path, v).isTrue();
                }
            }
        }
        assertThat(attempts).as("the damaged inputs were still parsed").isGreaterThan(500);
        assertThat(recognized).isGreaterThan(attempts / 2);
    }

    /** One of: cut at a random line and column, drop up to 3 random lines, duplicate up to 3 random lines, or all. */
    static List<String> damage(List<String> original, Random random) {
        List<String> lines = new ArrayList<>(original);
        int kind = random.nextInt(4);
        if ((kind == 0 || kind == 3) && !lines.isEmpty()) {
            int cut = random.nextInt(lines.size());
            String last = lines.get(cut);
            lines = new ArrayList<>(lines.subList(0, cut));
            lines.add(last.substring(0, random.nextInt(last.length() + 1)));
        }
        if (kind == 1 || kind == 3) {
            for (int k = random.nextInt(3) + 1; k > 0 && !lines.isEmpty(); k--) {
                lines.remove(random.nextInt(lines.size()));
            }
        }
        if (kind == 2 || kind == 3) {
            for (int k = random.nextInt(3) + 1; k > 0 && !lines.isEmpty(); k--) {
                int at = random.nextInt(lines.size());
                lines.add(at, lines.get(at));
            }
        }
        return lines;
    }
}
