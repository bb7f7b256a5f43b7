package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.cli.ExitCode;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.OutcomeStatus;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `wirespeed mesh` as a real process, stopped with Ctrl-C (SIGINT) mid-round: it prints and saves what it has. */
class MeshProcessIT {
    @Test
    void ctrlCStopsTheMeshCleanlyAndKeepsWhatFinished(@TempDir Path dir) throws Exception {
        List<Agent> agents = new ArrayList<>();
        try {
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Agent a = new Agent(new AgentConfig("127.0.0.1", 0, null, new TestSpec.Limits(8, 120_000), 5_000, null,
                        FactsSource.sysfs(Path.of("/")), line -> { }));
                a.serveInBackground();
                agents.add(a);
                labels.add("127.0.0.1:" + a.port());
            }
            Path out = dir.resolve("out");
            Path err = dir.resolve("err");
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main",
                    "mesh", "--hosts", String.join(",", labels), "-t", "60", "-O", "0", "-P", "1",
                    "--db", dir.resolve("results.db").toString());
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertThat(Netns.awaitText(out, "agents: 4 of 4 ready", p, 60_000)).as(Files.readString(out)).isTrue();
            Thread.sleep(2_000); // round 1 is running its 60 s tests
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).redirectOutput(new File("/dev/null"))
                    .start().waitFor();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the mesh exits after Ctrl-C").isTrue();
            String printed = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(printed + Files.readString(err)).isEqualTo(ExitCode.INTERRUPTED);
            assertThat(printed).contains("round 1/3: 0 of 2 pairs").contains("interrupted: ")
                    .contains("verdict (partial, stopped by the user in round 1 of 3; 0 of 6 pairs finished)")
                    .contains("saved: ");
            try (ResultStore store = ResultStore.open(dir.resolve("results.db"))) {
                StoredResult mesh = store.find(ResultStore.Query.all()).stream()
                        .filter(s -> s.measurement().test().equals("mesh")).findFirst().orElseThrow();
                MeshResult saved = Json.MAPPER.readValue(store.raw(mesh.id()).orElseThrow(), MeshResult.class);
                assertThat(saved.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
                assertThat(saved.pairs()).hasSize(2).allSatisfy(pair -> {
                    assertThat(pair.status().label()).isEqualTo("interrupted");
                    assertThat(pair.flows()).as("what was measured before Ctrl-C is kept").singleElement()
                            .satisfies(f -> assertThat(f.bytes()).isPositive());
                });
            }
        } finally {
            agents.forEach(Agent::close);
        }
    }
}
