package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source launcher's first build says what it does: `./wirespeed` in a copy of the checkout
 * without a jar runs a stand-in `mvn` that prints what Maven prints (its real lines, recorded from
 * `mvn -B package -Dwirespeed.dist.skip=true` here) and then puts the real jar in place. The
 * launcher must say it is building, why, with an estimate, a line per step as Maven reaches it,
 * and how long it took; the next build estimates from that time; a failed build shows Maven's output.
 */
class LauncherBuildIT {
    /** Maven 3.8.7's lines here (plugins by artifact id); a download as a first build on a machine prints it. */
    private static final String MAVEN_OUTPUT = """
            [INFO] Scanning for projects...
            [INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/apache/maven/plugins/maven-enforcer-plugin/3.6.2/maven-enforcer-plugin-3.6.2.pom
            [INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/apache/maven/plugins/maven-enforcer-plugin/3.6.2/maven-enforcer-plugin-3.6.2.pom (7.9 kB at 62 kB/s)
            [INFO] --- maven-enforcer-plugin:3.6.2:enforce (enforce-build-tools) @ wirespeed ---
            [INFO] --- maven-resources-plugin:3.3.1:resources (default-resources) @ wirespeed ---
            [INFO] Copying 2 resources
            [INFO] --- maven-compiler-plugin:3.14.1:compile (default-compile) @ wirespeed ---
            [INFO] Compiling 512 source files with javac [debug release 25] to target/classes
            [INFO] --- maven-jar-plugin:3.4.2:jar (default-jar) @ wirespeed ---
            [INFO] --- maven-shade-plugin:3.6.2:shade (default) @ wirespeed ---
            [INFO] --- exec-maven-plugin:3.6.2:exec (upgrade-picocli-class-files) @ wirespeed ---
            ClassFileUpgrade: 228 of 228 classes under picocli/ rewritten as Java 8 class files
            [INFO] BUILD SUCCESS
            """;

    @TempDir
    Path dir;

    @Test
    void theFirstBuildSaysWhatItDoesWithAnEstimate() throws Exception {
        Path checkout = checkout();
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path jar = Path.of("target", "wirespeed.jar").toAbsolutePath();
        assertThat(jar).exists();
        script(bin.resolve("mvn"), "#!/bin/sh\n"
                + "while IFS= read -r line; do printf '%s\\n' \"$line\"; sleep 0.05; done <<'MAVEN'\n" + MAVEN_OUTPUT
                + "MAVEN\nmkdir -p target && cp '" + jar + "' target/wirespeed.jar\n");
        Run first = launch(checkout, bin, "--version");
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).startsWith("wirespeed ");
        assertThat(first.err()).contains("building wirespeed (target/wirespeed.jar is not built; about 45 s")
                .containsPattern("\\n  downloading Maven plugins and libraries \\(first build on this machine\\) \\(\\d+ s\\)\\n")
                .containsPattern("\\n  checking the JDK and Maven versions \\(\\d+ s\\)\\n")
                .containsPattern("\\n  compiling 512 source files \\(\\d+ s\\)\\n")
                .containsPattern("\\n  bundling the libraries into one jar \\(\\d+ s\\)\\n")
                .containsPattern("\\n  built in \\d+ s\\n")
                // Maven's own lines stay in the log
                .doesNotContain("[INFO]");
        assertThat(first.err().indexOf("compiling")).isLessThan(first.err().indexOf("bundling"));

        // a source newer than the jar: the next build estimates from the last one's time
        Files.setLastModifiedTime(checkout.resolve("pom.xml"), FileTime.fromMillis(
                System.currentTimeMillis() + 60_000));
        Run second = launch(checkout, bin, "--version");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.err()).containsPattern("building wirespeed \\(the jar is older than the sources; about \\d+ s, "
                + "as the last build\\)");

        // a failed build shows what Maven said
        Files.delete(checkout.resolve("target/wirespeed.jar"));
        script(bin.resolve("mvn"), "#!/bin/sh\necho '[ERROR] COMPILATION ERROR : Foo.java:[3,1] class, interface expected'\n"
                + "echo '[INFO] BUILD FAILURE'\nexit 1\n");
        Run failed = launch(checkout, bin, "--version");
        assertThat(failed.code()).isEqualTo(1);
        assertThat(failed.err()).contains("[ERROR] COMPILATION ERROR : Foo.java:[3,1]")
                .contains("wirespeed: build failed (Maven output above)");
    }

    /** The launcher, its JDK finder, a pom and one source: a checkout without a jar. */
    private Path checkout() throws Exception {
        Path c = Files.createDirectories(dir.resolve("checkout"));
        Files.createDirectories(c.resolve("scripts"));
        Files.createDirectories(c.resolve("src/main/java"));
        Files.copy(Path.of("wirespeed"), c.resolve("wirespeed"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(Path.of("scripts/jdk.sh"), c.resolve("scripts/jdk.sh"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(c.resolve("pom.xml"), "<project/>\n");
        Files.writeString(c.resolve("src/main/java/A.java"), "class A {}\n");
        return c;
    }

    private static void script(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(int code, String out, String err) {}

    private Run launch(Path checkout, Path bin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(checkout.resolve("wirespeed").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        String javaHome = System.getProperty("java.home");
        env.put("JAVA_HOME", javaHome);
        env.put("PATH", bin + ":" + javaHome + "/bin:/usr/bin:/bin");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the launcher did not finish in 120 s");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
