package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.LogReader;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Piece;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Every log rule sees the records it reads: explain hands the log rules exactly the records that
 * implement {@link LogInput}, and {@link LogFacts#all} accepts no other type, so a rule that asks for
 * a record explain keeps from it does not compile (it once compiled and silently found nothing).
 */
class LogRuleInputsTest {
    private static final Path FIXTURES = Path.of("src/test/resources/parse");

    @Test
    void aRuleAskingForARecordTheLogRulesDoNotGetDoesNotCompile() throws Exception {
        String errors = compile("log.all(dev.wirespeed.parse.host.EthtoolSettings.class)");
        assertThat(errors).contains("EthtoolSettings").containsAnyOf("LogInput", "bound", "inferred type");
    }

    @Test
    void aRuleAskingForALogInputCompiles() throws Exception {
        assertThat(compile("log.all(dev.wirespeed.parse.ib.IbLink.class)")).isEmpty();
    }

    @Test
    void explainHandsTheLogRulesEveryLogInputItReadsAndNothingElse() throws IOException {
        List<LogFacts> seen = new ArrayList<>();
        LogRule spy = new LogRule() {
            @Override
            public String id() {
                return "spy";
            }

            @Override
            public String description() {
                return "records what the log rules get";
            }

            @Override
            public List<Finding> apply(LogFacts log) {
                seen.add(log);
                return List.of();
            }
        };
        Explainer explainer = new Explainer(LogReader.standard(), new LogRules(new RuleSet(List.of()), List.of(spy)));
        int logInputs = 0;
        for (Path f : fixtures()) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            seen.clear();
            explainer.explain(f.toString(), text);
            List<ParsedRecord> read = new ArrayList<>();
            for (Piece p : LogReader.standard().read(f.toString(), text, 1)) {
                for (Parsed out : p.outputs()) {
                    read.addAll(out.records());
                }
            }
            List<ParsedRecord> logRead = read.stream().filter(r -> r instanceof LogInput).toList();
            logInputs += logRead.size();
            // the Explainer reads its own copy, so compare by value
            assertThat(seen.getFirst().records()).as(f.toString()).containsExactlyElementsOf(logRead.stream()
                    .map(LogInput.class::cast).toList());
        }
        assertThat(logInputs).as("fixtures with log-rule input").isGreaterThan(100);
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> s = Files.walk(FIXTURES)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".facts") && !p.toString().endsWith(".md"))
                    .sorted().toList();
        }
    }

    /** Compiles a log rule whose apply evaluates {@code expression}; the compiler's errors, empty when it compiles. */
    private static String compile(String expression) throws Exception {
        String source = """
                package probe;
                import dev.wirespeed.diagnose.*;
                import java.util.List;
                public final class Probe implements LogRule {
                    public String id() { return "probe"; }
                    public String description() { return "probe"; }
                    public List<Finding> apply(LogFacts log) {
                        var read = %s;
                        return List.of();
                    }
                }
                """.formatted(expression);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String classes = Path.of(LogFacts.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path out = Files.createTempDirectory("log-rule-probe");
        try {
            StringWriter errors = new StringWriter();
            JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///probe/Probe.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            boolean ok = javac.getTask(errors, null, null, List.of("-classpath", classes, "-d", out.toString(), "-proc:none"),
                    null, List.of(file)).call();
            return ok ? "" : errors.toString();
        } finally {
            try (Stream<Path> s = Files.walk(out)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
