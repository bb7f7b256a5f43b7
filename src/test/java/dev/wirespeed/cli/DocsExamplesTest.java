package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.run.Expansion;
import dev.wirespeed.run.PlanReader;
import dev.wirespeed.run.Engines;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The examples of README.md and docs/*.md: every file they name under examples/ is shipped and valid,
 * every `wirespeed ...` command line in a code block parses, and the ones that need no network or
 * root (limits with parts given, explain of shipped files, help) run with exit 0 or 3.
 */
class DocsExamplesTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir"));
    private static final Pattern EXAMPLE_FILE = Pattern.compile("examples/[A-Za-z0-9_./-]+\\.(?:yaml|txt)");

    private static List<Path> docs() throws IOException {
        List<Path> all = new ArrayList<>();
        all.add(ROOT.resolve("README.md"));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(all::add);
        }
        return all;
    }

    /** Command lines in fenced code blocks: "$ wirespeed ..." or "wirespeed ..." (comments cut). */
    private static List<String> commandLines(Path doc) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean code = false;
        for (String line : Files.readAllLines(doc, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                code = !code;
                continue;
            }
            String l = line.strip();
            if (l.startsWith("$ ")) {
                l = l.substring(2);
            }
            if (l.startsWith("./wirespeed ")) {
                l = l.substring(2);
            }
            // diagrams and synopses ("[--pattern a|b]") are not command lines
            if (!code || !l.startsWith("wirespeed ") || l.contains("──") || l.contains(" [-")) {
                continue;
            }
            int comment = l.indexOf(" #");
            if (comment >= 0) {
                l = l.substring(0, comment);
            }
            // a pipe, redirection or process substitution: the wirespeed part is before it
            l = l.split(" [|>&] ?| 2>", 2)[0].strip();
            lines.add(l);
        }
        return lines;
    }

    /** Words as a POSIX shell splits them, for the quoting the docs use ('…' and "…"). */
    static List<String> words(String line) {
        List<String> w = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean any = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || cur.length() > 0) {
                    w.add(cur.toString());
                }
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
            }
        }
        if (any || cur.length() > 0) {
            w.add(cur.toString());
        }
        return w;
    }

    @Test
    void everyExampleFileTheDocsNameIsShipped() throws IOException {
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Path doc : docs()) {
            Matcher m = EXAMPLE_FILE.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (m.find()) {
                named++;
                if (!Files.isRegularFile(ROOT.resolve(m.group()))) {
                    missing.add(ROOT.relativize(doc) + ": " + m.group());
                }
            }
        }
        assertThat(named).isGreaterThanOrEqualTo(2);
        assertThat(missing).isEmpty();
    }

    @Test
    void everyShippedPlanIsValid() throws IOException {
        try (Stream<Path> s = Files.list(ROOT.resolve("examples"))) {
            List<Path> plans = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
            assertThat(plans).extracting(p -> p.getFileName().toString()).contains("fio-demo.yaml", "streams.yaml");
            for (Path plan : plans) {
                var read = PlanReader.read(Files.readString(plan, StandardCharsets.UTF_8), plan.getFileName().toString());
                assertThat(Expansion.points(read, Engines.standard())).as("%s", plan).isNotEmpty();
            }
        }
    }

    @Test
    void everyDocumentedCommandLineParses() throws IOException {
        List<String> bad = new ArrayList<>();
        int parsed = 0;
        for (Path doc : docs()) {
            for (String line : commandLines(doc)) {
                List<String> w = words(line);
                String[] args = w.subList(1, w.size()).toArray(new String[0]);
                CommandLine cmd = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
                try {
                    cmd.parseArgs(args);
                    parsed++;
                } catch (CommandLine.ParameterException e) {
                    bad.add(ROOT.relativize(doc) + ": " + line + "  →  " + e.getMessage());
                }
            }
        }
        assertThat(parsed).isGreaterThanOrEqualTo(15);
        assertThat(bad).isEmpty();
    }

    @Test
    void documentedCommandsThatNeedNoNetworkRun() throws IOException {
        int ran = 0;
        for (Path doc : docs()) {
            for (String line : commandLines(doc)) {
                List<String> w = words(line);
                boolean offline = w.size() > 2 && (w.get(1).equals("limits") && w.get(2).startsWith("--")
                        || w.get(1).equals("explain") && w.stream().skip(2).anyMatch(a -> a.startsWith("examples/"))
                        || w.get(1).equals("completion") || w.get(1).equals("help"));
                if (!offline) {
                    continue;
                }
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.run(w.subList(1, w.size()).toArray(new String[0]), new PrintWriter(out), new PrintWriter(err));
                assertThat(code).as("%s: %s\n%s", doc.getFileName(), line, err).isIn(ExitCode.OK, ExitCode.FINDINGS);
                assertThat(out.toString()).as(line).isNotBlank();
                ran++;
            }
        }
        assertThat(ran).isGreaterThanOrEqualTo(3);
    }
}
