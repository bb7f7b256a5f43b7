package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client as a real process, stopped with Ctrl-C (SIGINT): it prints what it measured. */
class ClientProcessIT {
    @Test
    void ctrlCPrintsTheResultsSoFarAndExits130() throws Exception {
        Path out = Files.createTempFile("wirespeed-client", ".out");
        Path err = Files.createTempFile("wirespeed-client", ".err");
        try {
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main",
                    "bw", "--loopback", "-t", "60", "-P", "1", "-i", "0.5");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(out).contains("[  1]") && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(out)).as("data flows before Ctrl-C").contains("[  1]");
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).redirectOutput(new File("/dev/null"))
                    .start().waitFor();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("the client exits after Ctrl-C").isTrue();
            assertThat(p.exitValue()).isEqualTo(ExitCode.INTERRUPTED);
            String printed = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(printed).containsPattern("  sender\\s+\\S+ [KMGT]iB").containsPattern("  receiver\\s+\\S+ [KMGT]iB");
            assertThat(Files.readString(err)).contains("stopped by the user after");
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
