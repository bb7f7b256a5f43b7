package dev.wirespeed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/ARCHITECTURE.md, read from the main sources (issue 27 point 8): every
 * reference to {@code dev.wirespeed.X.Y} in code — imports and inline fully-qualified names;
 * comments and strings are not code — is an edge from the file's package to X. A package may use
 * only packages of a lower rank; the exceptions are listed with their reason. Sub-packages count as
 * their top-level package, except the sub-packages of {@code engine} (its concerns, ranked among
 * themselves: {@code engine.sys} lowest, {@code engine.server} highest).
 *
 * <p>Run against another checkout with {@code -Dwirespeed.arch.sources=/path/src/main/java}.
 */
class ArchitectureTest {
    /** Rank per package: a package uses only packages of a lower rank. */
    static final Map<String, Integer> RANKS = Map.ofEntries(
            Map.entry("io", 0), Map.entry("units", 0),
            Map.entry("guard", 1),
            Map.entry("wire", 2), Map.entry("limits", 2), Map.entry("admission", 2),
            Map.entry("host", 3),
            Map.entry("results", 4),
            Map.entry("facts", 5),
            Map.entry("inspect", 6), Map.entry("parse", 6),
            Map.entry("measure", 7),
            Map.entry("perftest", 8), Map.entry("store", 8),
            // measuring: the engine by concern, sys lowest, the server on top; below the judging
            // (diagnose): its results' consumers draw the notes
            Map.entry("engine.sys", 8),
            Map.entry("engine.stream", 9),
            Map.entry("engine.session", 10),
            Map.entry("engine.tcp", 11), Map.entry("engine.udp", 11),
            Map.entry("engine.lat", 12),
            Map.entry("engine.server", 13),
            Map.entry("diagnose", 14), Map.entry("iperf3", 14),
            // rdma judges a perftest result by diagnose's rules (RdmaTest)
            Map.entry("explain", 15), Map.entry("watch", 15), Map.entry("rdma", 15),
            Map.entry("report", 16), Map.entry("check", 16),
            Map.entry("run", 17), Map.entry("cluster", 17),
            Map.entry("cli", 18));

    /** Edges against the ranks that are known, each with its reason; an edge that goes away must leave this list. */
    static final Map<String, String> EXCEPTIONS = Map.of();

    private static final Pattern PACKAGE = Pattern.compile("package\\s+dev\\.wirespeed\\.?([\\w.]*)\\s*;");
    private static final Pattern REFERENCE =
            Pattern.compile("\\bdev\\.wirespeed\\.([a-z]\\w*(?:\\.[a-z]\\w*)*)\\.(?:[A-Z]|\\*)");

    private static Map<String, Set<String>> edges; // "from -> to" -> files
    private static Map<String, String> code; // file -> its code without comments and strings

    @BeforeAll
    static void read() throws IOException {
        Path root = Path.of(System.getProperty("wirespeed.arch.sources", "src/main/java"));
        edges = new TreeMap<>();
        code = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root.resolve("dev/wirespeed"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String c = codeOf(Files.readString(f));
                String name = root.relativize(f).toString();
                code.put(name, c);
                Matcher p = PACKAGE.matcher(c);
                if (!p.find() || p.group(1).isEmpty()) {
                    continue; // dev.wirespeed itself: Version, used by all
                }
                String from = unit(p.group(1));
                Matcher r = REFERENCE.matcher(c);
                while (r.find()) {
                    String to = unit(r.group(1));
                    if (!to.equals(from)) {
                        edges.computeIfAbsent(from + " -> " + to, k -> new TreeSet<>()).add(name);
                    }
                }
            }
        }
    }

    @Test
    void everyPackageHasARank() {
        Set<String> unranked = new TreeSet<>();
        for (String e : edges.keySet()) {
            for (String p : e.split(" -> ")) {
                if (!RANKS.containsKey(p)) {
                    unranked.add(p);
                }
            }
        }
        assertThat(unranked).as("packages missing from ArchitectureTest.RANKS (and docs/ARCHITECTURE.md)").isEmpty();
    }

    @Test
    void noPackageUsesOneOfItsRankOrAbove() {
        List<String> upward = new ArrayList<>();
        edges.forEach((edge, files) -> {
            String[] e = edge.split(" -> ");
            Integer from = RANKS.get(e[0]);
            Integer to = RANKS.get(e[1]);
            if (from != null && to != null && to >= from && !EXCEPTIONS.containsKey(edge)) {
                upward.add(edge + " (rank " + from + " -> " + to + ") in " + files);
            }
        });
        assertThat(upward).as("imports against the rank table").isEmpty();
    }

    @Test
    void everyExceptionStillExists() {
        assertThat(edges.keySet()).as("listed exceptions that are gone: take them off the list")
                .containsAll(EXCEPTIONS.keySet());
    }

    @Test
    void noCycleBetweenPackages() {
        // with every ranked edge going down, a cycle needs an exception; none may close one
        Map<String, Set<String>> graph = new TreeMap<>();
        edges.keySet().forEach(e -> {
            String[] p = e.split(" -> ");
            graph.computeIfAbsent(p[0], k -> new TreeSet<>()).add(p[1]);
        });
        List<String> cycles = new ArrayList<>();
        for (String start : graph.keySet()) {
            Set<String> seen = new TreeSet<>();
            List<String> todo = new ArrayList<>(graph.get(start));
            while (!todo.isEmpty()) {
                String n = todo.removeLast();
                if (n.equals(start)) {
                    cycles.add(start);
                    break;
                }
                if (seen.add(n)) {
                    todo.addAll(graph.getOrDefault(n, Set.of()));
                }
            }
        }
        assertThat(cycles).as("packages on a cycle").isEmpty();
    }

    /** An edge the compiler cannot see: a service file or a ServiceLoader fails silently when the other side is missing. */
    @Test
    void noServiceLoader() {
        List<String> users = code.entrySet().stream().filter(e -> e.getValue().contains("ServiceLoader"))
                .map(Map.Entry::getKey).toList();
        assertThat(users).as("ServiceLoader in main code: pass the implementation in instead").isEmpty();
        Path services = Path.of(System.getProperty("wirespeed.arch.sources", "src/main/java"))
                .resolveSibling("resources/META-INF/services");
        assertThat(Files.isDirectory(services) ? list(services) : List.of()).as("service files").isEmpty();
    }

    /** io/ExternalProcess is the one way another program is started (no shell, stdin /dev/null, bounded). */
    @Test
    void programsAreStartedOnlyInIo() {
        List<String> starters = code.entrySet().stream()
                .filter(e -> e.getValue().contains("new ProcessBuilder") || e.getValue().contains("Runtime.getRuntime().exec"))
                .map(Map.Entry::getKey).filter(f -> !f.startsWith("dev/wirespeed/io/")).toList();
        assertThat(starters).as("programs started outside io/").isEmpty();
    }

    @Test
    void theReaderSeesCodeNotCommentsOrStrings() {
        String c = codeOf("""
                /** {@link dev.wirespeed.diagnose.RuleSet} */
                class A { // dev.wirespeed.explain.Explainer
                    String s = "dev.wirespeed.cli.Main";
                    dev.wirespeed.inspect.Inspection i; char q = '"'; dev.wirespeed.units.Rate r;
                }
                import dev.wirespeed.parse.perftest.*;
                import dev.wirespeed.engine.stream.StreamIo;
                """);
        List<String> seen = REFERENCE.matcher(c).results().map(m -> unit(m.group(1))).toList();
        assertThat(seen).containsExactly("inspect", "units", "parse", "engine.stream");
    }

    private static List<String> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(Path::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String unit(String pkg) {
        String[] parts = pkg.split("\\.");
        return parts[0].equals("engine") && parts.length > 1 ? "engine." + parts[1] : parts[0];
    }

    /** {@code src} without comments, string and char literals (text blocks too). */
    static String codeOf(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            if (src.startsWith("/*", i)) {
                int j = src.indexOf("*/", i + 2);
                i = j < 0 ? n : j + 2;
                out.append(' ');
            } else if (src.startsWith("//", i)) {
                int j = src.indexOf('\n', i);
                i = j < 0 ? n : j;
            } else if (src.startsWith("\"\"\"", i)) {
                int j = src.indexOf("\"\"\"", i + 3);
                i = j < 0 ? n : j + 3;
                out.append("\"\"");
            } else if (src.charAt(i) == '"' || src.charAt(i) == '\'') {
                char q = src.charAt(i);
                int j = i + 1;
                while (j < n && src.charAt(j) != q && src.charAt(j) != '\n') {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(q).append(q);
            } else {
                out.append(src.charAt(i++));
            }
        }
        return out.toString();
    }
}
