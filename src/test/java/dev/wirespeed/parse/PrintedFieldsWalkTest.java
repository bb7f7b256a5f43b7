package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lossless records (issue 31): every {@code name: value} line inside a recognized block of every
 * fixture reaches the JSON under the tool's own name, its value as printed, in the "printed" map of
 * a record of that block, unless {@link #IGNORED} lists it with the reason. The lines are read here
 * from the fixture's own text, with this test's own reading, not the parsers'.
 */
class PrintedFieldsWalkTest {
    private static final Path FIXTURES = Path.of("src/test/resources/parse");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][^:=\\t]{0,59}?)\\s*:\\s+(\\S.*)");

    /** format → name pattern, with the reason the line is not a printed field. */
    private static final Map<String, String> IGNORED = Map.of(
            // "eth0: 1234 56 0 …" is a table row, not a name and its value: the interface is the record's subject and
            // each number is kept under its column's head words ("Receive bytes")
            "proc-net-dev", "[^\\s:]+",
            // sar's "Average:  eth0  8.00 …" is a table row too: the label is the row's time, each number kept under
            // its column's name ("rxpck/s")
            "sar-net", "[^\\s\\d:]+",
            // "kernel: pcieport 0000:03:04.0: …" is syslog's tag before a kernel line (round 16, lines glued by a page and
            // cut apart again), not a name and its value: the line is kept under its device
            "kernel-log", "kernel");

    @Test
    void everyPrintedFieldOfEveryRecognizedBlockReachesTheJson() throws IOException {
        List<String> dropped = new ArrayList<>();
        int fields = 0;
        LogReader reader = LogReader.standard();
        Set<String> programs = new HashSet<>();
        Parsers.all().forEach(p -> programs.addAll(p.programs()));
        Splitter splitter = new Splitter(programs);
        for (Path f : fixtures()) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            for (Chunk chunk : splitter.split(text)) {
                // the chunk's lines are the paste as the parsers read it: prompts, escapes and a
                // mail's encoding gone, line numbers kept
                Lines lines = chunk.lines();
                Piece p = reader.readChunk(chunk, f.getFileName().toString(), 1);
                if (p == null) {
                    continue;
                }
                for (Parsed out : p.outputs()) {
                    if (out.records().isEmpty()) {
                        continue;
                    }
                    for (int i = 0; i < lines.size(); i++) {
                        int n = lines.lineNumber(i);
                        if (n < out.firstLine() || n > out.lastLine()) {
                            continue;
                        }
                        Matcher m = FIELD.matcher(unquoted(lines.get(i)));
                        if (!m.matches() || ignored(out.format(), m.group(1).strip())) {
                            continue;
                        }
                        fields++;
                        if (!kept(out, m.group(1).strip(), m.group(2).strip())) {
                            dropped.add(FIXTURES.relativize(f) + ":" + n + " [" + out.format() + "] " + lines.get(i));
                        }
                    }
                }
            }
        }
        System.out.printf("printed fields: %d checked, %d dropped%n", fields, dropped.size());
        dropped.stream().limit(200).forEach(d -> System.out.println("dropped " + d));
        assertThat(fields).as("fields checked").isGreaterThan(1000);
        assertThat(dropped).as("printed fields that reach no record's \"printed\"").isEmpty();
    }

    /** The line without its indentation and a mail's quote marks. */
    private static String unquoted(String line) {
        return line.strip().replaceFirst("^(>\\s?)+", "").strip();
    }

    private static boolean ignored(String format, String name) {
        String pattern = IGNORED.get(format);
        return pattern != null && name.matches(pattern);
    }

    /** Some record of the block keeps {@code name} with a value that is the printed one, or begins it. */
    private static boolean kept(Parsed out, String name, String value) {
        for (int i = 0; i < out.records().size(); i++) {
            Object v = out.printed(i).get(name);
            List<?> values = v instanceof List<?> l ? l : v == null ? List.of() : List.of(v);
            for (Object o : values) {
                // a header row kept as a row (ip -s link's "RX": {"bytes": …}) keeps its words as the keys
                String p = o instanceof Map<?, ?> row ? String.join(" ", row.keySet().stream().map(Object::toString).toList()) : o.toString();
                if (o instanceof Map<?, ?> && value.replaceAll("\\s+", " ").startsWith(p)) {
                    return true;
                }
                if (!p.isEmpty() && (value.startsWith(p) || p.startsWith(value) || p.contains(value))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> s = Files.walk(FIXTURES)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".facts") && !p.toString().endsWith(".md"))
                    .sorted().toList();
        }
    }
}
