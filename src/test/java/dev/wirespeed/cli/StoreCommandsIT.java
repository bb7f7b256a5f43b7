package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.RunInfo;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saving from bw, reading with results, and files that are not a usable results database. */
class StoreCommandsIT {
    @TempDir
    Path dir;

    @Test
    void bwSavesWithLabelsAndResultsReadItBack() throws Exception {
        Path db = dir.resolve("sub/r.db");
        Cli.Run bw = Cli.run("bw", "--loopback", "-t", "1", "-P", "2", "--db", db.toString(), "--label", "first",
                "--label", "loop");
        // The loopback test itself may fail on a loaded machine; a measured result is saved either way.
        assertThat(bw.out()).containsPattern("saved: result 1 in .*r\\.db");
        Cli.Run quiet = Cli.run("bw", "--loopback", "-t", "0.5", "--db", db.toString(), "--json");
        assertThat(quiet.out()).doesNotContain("saved:").startsWith("{");
        Cli.Run none = Cli.run("bw", "--loopback", "-t", "0.5", "--db", db.toString(), "--no-save");
        assertThat(none.out()).doesNotContain("saved:");

        Cli.Run list = Cli.run("results", "list", "--db", db.toString());
        assertThat(list.exitCode()).isZero();
        assertThat(list.out().lines().filter(l -> l.matches("\\s*\\d+\\s+20\\d\\d-.*"))).hasSize(2);
        assertThat(list.out()).contains("first,loop");
        Cli.Run show = Cli.run("results", "show", "1", "--db", db.toString());
        assertThat(show.out()).contains("command:  wirespeed bw --loopback -t 1 -P 2 --db " + db)
                .contains("labels:   first, loop").contains("bitsPerSecond").contains("host:");
        Cli.Run showJson = Cli.run("results", "show", "2", "--json", "--db", db.toString());
        assertThat(showJson.out()).contains("\"id\" : 2");
        assertThat(JsonSchemas.errors("result.schema.json", showJson.out())).isEmpty();
        assertThat(JsonSchemas.errors("result.schema.json",
                Cli.run("results", "list", "--json", "--db", db.toString()).out()))
                .as("the list envelope is not one result").isNotEmpty();
        Cli.Run raw = Cli.run("results", "show", "1", "--raw", "--db", db.toString());
        assertThat(raw.out()).contains("\"schema\" : \"wirespeed.bw/1\"");
        Cli.Run csv = Cli.run("results", "export", "--csv", "--db", db.toString());
        assertThat(csv.out().lines().toList()).hasSize(3);
        assertThat(csv.out()).startsWith("id,created_at,run_id,kind,status,tool,tool_version,test,labels,repetition,peer_host,peer_port,"
                + "peer_tool,peer_tool_version,peer_shared,param.")
                .contains("bitsPerSecond [bit/s]");
        Cli.Run json = Cli.run("results", "export", "--json", "first", "--db", db.toString());
        assertThat(json.out()).contains("\"schema\" : \"wirespeed.results/1\"").contains("\"labels\" : [ \"first\", \"loop\" ]");
        assertThat(JsonSchemas.errors("results.schema.json", json.out())).isEmpty();
        assertThat(JsonSchemas.errors("results.schema.json",
                Cli.run("results", "list", "--json", "--db", db.toString()).out())).isEmpty();
        Cli.Run cmp = Cli.run("results", "compare", "1", "2", "--json", "--db", db.toString());
        assertThat(cmp.out()).contains("\"schema\" : \"wirespeed.compare/1\"").contains("\"ratio\"");
        assertThat(JsonSchemas.errors("compare.schema.json", cmp.out())).isEmpty();
        Cli.Run nothing = Cli.run("results", "compare", "first", "nosuchlabel", "--db", db.toString());
        assertThat(nothing.exitCode()).isEqualTo(1);
        assertThat(nothing.errLines()).singleElement().asString().contains("'nosuchlabel' selects no results");
        Cli.Run badLabel = Cli.run("bw", "--loopback", "--label", "two words", "--db", db.toString());
        assertThat(badLabel.exitCode()).isEqualTo(2);
    }

    @Test
    void explainSaveImportsPastedResults() throws Exception {
        Path db = dir.resolve("r.db");
        Path log = dir.resolve("paste.txt");
        Files.writeString(log, "root@tj01:/# ib_send_bw --report_gbit -a -F -d mlx5_2 tj01-4090-node099\n"
                + Files.readString(Path.of("src/test/resources/perftest-standin/ib_send_bw-a.txt")));
        Cli.Run r = Cli.run("explain", log.toString(), "--save", "--label", "ndr200", "--db", db.toString());
        assertThat(r.out()).as(r.err()).containsPattern("saved: result 1 in .*r\\.db");
        Cli.Run show = Cli.run("results", "show", "1", "--db", db.toString());
        assertThat(show.out()).contains("run 1, explain").contains("perftest").contains("rdma-send-bw")
                .contains("labels:   ndr200").contains("host:     -").contains("8388608");
        assertThat(Cli.run("results", "show", "1", "--raw", "--db", db.toString()).out()).contains("ib_send_bw --report_gbit");
        Cli.Run noSave = Cli.run("explain", log.toString(), "--db", dir.resolve("other.db").toString());
        assertThat(noSave.out()).doesNotContain("saved:");
        assertThat(dir.resolve("other.db")).doesNotExist();
        assertThat(Cli.run("explain", log.toString(), "--label", "x").exitCode()).isEqualTo(2);
    }

    @Test
    void foreignAndDamagedFilesAreRefusedInOneLineAndLeftUntouched() throws Exception {
        Path text = dir.resolve("notes.db");
        Files.writeString(text, "not a database\n".repeat(50));
        Path foreign = dir.resolve("firefox-places.sqlite");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + foreign)) {
            c.createStatement().executeUpdate("CREATE TABLE moz_places(url TEXT)");
        }
        Path damaged = dir.resolve("damaged.db");
        Cli.Run seed = Cli.run("results", "list", "--db", damaged.toString());
        assertThat(seed.exitCode()).isEqualTo(1); // missing: not created by a read
        assertThat(damaged).doesNotExist();
        try (var store = ResultStore.open(damaged)) {
            store.save(RunInfo.of("bw", "x", null), List.of());
        }
        try (RandomAccessFile f = new RandomAccessFile(damaged.toFile(), "rw")) {
            // Keep the header and the schema page; overwrite every table's pages with garbage.
            for (long pos = 4096; pos < f.length(); pos++) {
                f.seek(pos);
                f.write(0xA5);
            }
        }
        for (Path p : List.of(text, foreign, damaged)) {
            byte[] before = Files.readAllBytes(p);
            long modified = Files.getLastModifiedTime(p).toMillis();
            for (String[] args : List.of(new String[] {"results", "list", "--db", p.toString()},
                    new String[] {"bw", "--loopback", "-t", "1", "--db", p.toString()})) {
                Cli.Run r = Cli.run(args);
                assertThat(r.exitCode()).as(p + " " + args[0] + ": " + r.err()).isEqualTo(1);
                assertThat(r.errLines()).as(r.err()).singleElement().asString().contains(p.toString());
                assertThat(r.out()).as("nothing measured before the store was checked").isEmpty();
            }
            assertThat(Files.readAllBytes(p)).as(p.toString()).isEqualTo(before);
            assertThat(Files.getLastModifiedTime(p).toMillis()).isEqualTo(modified);
        }
        assertThat(Cli.run("results", "list", "--db", damaged.toString()).err()).contains("damaged");
        assertThat(Cli.run("results", "list", "--db", foreign.toString()).err()).contains("another program");
        assertThat(Cli.run("results", "list", "--db", text.toString()).err()).contains("not an SQLite file");
    }

    @Test
    void aMissingEngineProgramStopsTheCampaignBeforeAnythingRuns() throws Exception {
        Path plan = dir.resolve("p.yaml");
        Files.writeString(plan, """
                name: needs-perftest
                series:
                  - engine: iperf3
                  - engine: perftest
                    params: {test: ib_write_bw, binary: /nonexistent/ib_write_bw}
                """);
        Path db = dir.resolve("r.db");
        Cli.Run r = Cli.run("run", plan.toString(), "--db", db.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString()
                .contains("missing programs, nothing was run: /nonexistent/ib_write_bw (apt-get install perftest)");
        assertThat(r.out()).isEmpty();
        assertThat(db).doesNotExist();
        Cli.Run dry = Cli.run("run", plan.toString(), "--dry-run");
        assertThat(dry.exitCode()).isZero();
        assertThat(dry.out()).contains("2 points").contains("note: missing on this host: /nonexistent/ib_write_bw");
        Cli.Run bad = Cli.run("run", dir.resolve("none.yaml").toString());
        assertThat(bad.exitCode()).isEqualTo(1);
        Files.writeString(plan, "name: x\nseries: [{engine: iperf4}]\n");
        Cli.Run unknown = Cli.run("run", plan.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().contains("unknown engine 'iperf4'");
    }
}
