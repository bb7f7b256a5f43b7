package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.wire.TestSpec;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 6: a mesh stopped by Ctrl-C or SIGTERM was stored as done, with its cut-short
 * pair as a done tcp-bw result. Now the mesh and the pair it cut short are stored as interrupted.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InterruptedMeshIT {
    @ParameterizedTest(name = "kill -{0}")
    @ValueSource(strings = {"TERM", "INT"})
    void aStoppedMeshAndItsCutShortPairAreStoredAsInterrupted(String signal, @TempDir Path dir) throws Exception {
        List<Agent> agents = new ArrayList<>();
        try {
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Agent a = new Agent(new AgentConfig("127.0.0.1", 0, null, new TestSpec.Limits(8, 120_000), 5_000, null,
                        FactsSource.sysfs(Path.of("/")), line -> { }));
                a.serveInBackground();
                agents.add(a);
                labels.add("127.0.0.1:" + a.port());
            }
            Path out = dir.resolve("out");
            Path db = dir.resolve("results.db");
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main",
                    "mesh", "--hosts", String.join(",", labels), "-t", "60", "-O", "0", "-P", "1", "--pattern",
                    "ring", "--db", db.toString());
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectErrorStream(true).start();
            assertThat(Netns.awaitText(out, "agents: 2 of 2 ready", p, 60_000)).as(Files.readString(out)).isTrue();
            Thread.sleep(2_000); // its first round runs 60 s tests
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).redirectOutput(new File("/dev/null"))
                    .start().waitFor();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the mesh exits").isTrue();
            String printed = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(printed).as(printed).contains("saved: ");
            try (ResultStore store = ResultStore.open(db)) {
                List<StoredResult> saved = store.find(ResultStore.Query.all());
                assertThat(saved).as(printed).isNotEmpty();
                StoredResult mesh = saved.stream().filter(s -> s.measurement().test().equals("mesh")).findFirst()
                        .orElseThrow();
                assertThat(mesh.status()).isEqualTo(ResultStatus.INTERRUPTED);
                assertThat(mesh.statusReason()).contains("stopped by the user");
                // a cut-short pair keeps what it measured when its agent answered the cancel in time (on a
                // loaded host it may not): whatever was kept is interrupted, nothing is done
                assertThat(saved).allSatisfy(r -> assertThat(r.status()).as(r.measurement().test())
                        .isEqualTo(ResultStatus.INTERRUPTED));
            }
        } finally {
            agents.forEach(Agent::close);
        }
    }
}
