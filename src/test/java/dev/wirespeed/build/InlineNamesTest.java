package dev.wirespeed.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 point 7: code names a type by its import, not inline as {@code java.util.Map} (541
 * inline names in 139 files made lines long and hid what a file depends on). A name stays
 * qualified only where the simple name would clash: another import, a type of this file or of its
 * package, or a class of java.lang. Comments and string literals are not code and are not read.
 * This test keeps it so: it fails on a new inline name, in main and in test code.
 */
class InlineNamesTest {
    static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.@\"])((?:java|javax|jdk|dev\\.wirespeed|com\\.fasterxml"
            + "|picocli|org\\.HdrHistogram|org\\.junit|org\\.assertj|org\\.sqlite|org\\.openjdk)(?:\\.[a-z_][a-z0-9_]*)*)"
            + "\\.([A-Z][A-Za-z0-9_]*)");
    static final Pattern IMPORT = Pattern.compile("^\\s*import\\s+([\\w.]+)\\.(\\w+);");
    static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
    static final Set<String> JAVA_LANG_NAMES = Set.of("Object", "String", "Class", "Record", "Enum", "Thread",
            "Runnable", "Process", "ProcessBuilder", "ProcessHandle", "Math", "System", "Runtime", "Integer", "Long",
            "Short", "Byte", "Character", "Boolean", "Double", "Float", "Number", "Void", "Iterable", "Comparable",
            "Exception", "RuntimeException", "Error", "Throwable", "Override", "Deprecated", "Module", "Package",
            "StringBuilder", "AutoCloseable", "InterruptedException", "IllegalArgumentException", "IllegalStateException");

    @Test
    void codeNamesTypesByTheirImports() throws IOException {
        List<String> inline = new ArrayList<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/test/java"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    inline.addAll(inlineNames(f));
                }
            }
        }
        assertThat(inline).as("inline qualified names that an import would serve").isEmpty();
    }

    @Test
    void theCheckSeesANameInCodeAndNotInACommentOrAString() {
        List<String> found = new ArrayList<>();
        scan(List.of("package x;", "class A {", "  // java.util.List in a comment", "  String s = \"java.util.Map\";",
                "  java.util.Set<String> set;", "}"), "x", Set.of(), (line, name) -> found.add(name));
        assertThat(found).containsExactly("java.util.Set");
    }

    private static List<String> inlineNames(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String pkg = lines.stream().filter(l -> l.startsWith("package ")).findFirst()
                .map(l -> l.substring(8, l.indexOf(';'))).orElse("");
        Set<String> samePackage = new HashSet<>();
        for (String dir : List.of("src/main/java/", "src/test/java/")) {
            Path d = Path.of(dir + pkg.replace('.', '/'));
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.list(d)) {
                    s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                            .forEach(n -> samePackage.add(n.substring(0, n.length() - 5)));
                }
            }
        }
        List<String> out = new ArrayList<>();
        scan(lines, pkg, samePackage, (line, name) -> out.add(file + ":" + line + " " + name));
        return out;
    }

    interface Sink {
        void found(int line, String qualifiedName);
    }

    /** Calls {@code sink} for each qualified name in code that an import would serve without a clash. */
    static void scan(List<String> lines, String pkg, Set<String> samePackage, Sink sink) {
        Map<String, String> imports = new HashMap<>();
        Set<String> declared = new HashSet<>();
        Map<String, Set<String>> packagesOfName = new HashMap<>();
        for (String l : lines) {
            Matcher m = IMPORT.matcher(l);
            if (m.find()) {
                imports.put(m.group(2), m.group(1) + "." + m.group(2));
            }
            Matcher d = DECLARED.matcher(l);
            while (d.find()) {
                declared.add(d.group(1));
            }
        }
        List<int[]> hits = new ArrayList<>();
        List<String[]> names = new ArrayList<>();
        boolean block = false;
        boolean text = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.matches("\\s*(import|package)\\s.*")) {
                continue;
            }
            StringBuilder code = new StringBuilder();
            int j = 0;
            while (j < l.length()) {
                if (text) {
                    int end = l.indexOf("\"\"\"", j);
                    if (end < 0) {
                        break;
                    }
                    text = false;
                    j = end + 3;
                } else if (block) {
                    int end = l.indexOf("*/", j);
                    if (end < 0) {
                        break;
                    }
                    block = false;
                    j = end + 2;
                } else if (l.startsWith("//", j)) {
                    break;
                } else if (l.startsWith("/*", j)) {
                    block = true;
                    j += 2;
                } else if (l.startsWith("\"\"\"", j)) {
                    text = true;
                    j += 3;
                } else if (l.charAt(j) == '"' || l.charAt(j) == '\'') {
                    char q = l.charAt(j++);
                    while (j < l.length() && l.charAt(j) != q) {
                        j += l.charAt(j) == '\\' ? 2 : 1;
                    }
                    j++;
                    code.append(' ');
                } else {
                    code.append(l.charAt(j++));
                }
            }
            Matcher m = QUALIFIED.matcher(code);
            while (m.find()) {
                packagesOfName.computeIfAbsent(m.group(2), k -> new HashSet<>()).add(m.group(1));
                hits.add(new int[] {i + 1});
                names.add(new String[] {m.group(1), m.group(2)});
            }
        }
        for (int k = 0; k < hits.size(); k++) {
            String p = names.get(k)[0];
            String simple = names.get(k)[1];
            String qualified = p + "." + simple;
            boolean clash = packagesOfName.get(simple).size() > 1
                    || (imports.containsKey(simple) && !imports.get(simple).equals(qualified))
                    || declared.contains(simple)
                    || (!p.equals(pkg) && samePackage.contains(simple))
                    || (!p.equals("java.lang") && JAVA_LANG_NAMES.contains(simple));
            if (!clash) {
                sink.found(hits.get(k)[0], qualified);
            }
        }
    }
}
