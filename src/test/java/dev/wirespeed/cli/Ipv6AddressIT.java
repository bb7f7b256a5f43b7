package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.TestSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Over ::1, every printed address is the short form in brackets: text, JSON, the store, the server's log. */
class Ipv6AddressIT {
    @TempDir
    Path dir;

    @Test
    void shortFormInBracketsEverywhere() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/proc/net/if_inet6")), "no IPv6 on this host");
        List<String> log = new CopyOnWriteArrayList<>();
        Server server = new Server(new ServerConfig("::1", 0, false, TestSpec.Limits.DEFAULT, 10_000, log::add));
        server.serveInBackground();
        try {
            Path db = dir.resolve("r.db");
            Cli.Run text = Cli.run("bw", "[::1]:" + server.port(), "-t", "0.3", "-P", "1", "--db", db.toString());
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.out()).contains("Connected to [::1]:" + server.port() + " — ").doesNotContain("0:0:0:0");

            Cli.Run json = Cli.run("bw", "[::1]:" + server.port(), "-t", "0.3", "-P", "1", "-J", "--no-save");
            assertThat(json.exitCode()).as(json.err()).isZero();
            assertThat(Json.MAPPER.readTree(json.out()).get("server").get("address").asString()).isEqualTo("::1");

            Cli.Run list = Cli.run("results", "list", "--db", db.toString());
            assertThat(list.out()).contains("[::1]:" + server.port()).doesNotContain("0:0:0:0");
            for (int i = 0; i < 50 && log.size() < 2; i++) {
                Thread.sleep(20);
            }
            assertThat(String.join("\n", log)).contains("[::1]:").doesNotContain("0:0:0:0");
        } finally {
            server.close();
        }
    }
}
