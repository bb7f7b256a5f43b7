package dev.wirespeed.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The training run of the AOT cache (JEP 483/514/515), run by scripts/dist.sh as
 * {@code java -XX:AOTCacheOutput=wirespeed.aot -cp wirespeed.jar dev.wirespeed.cli.AotTraining FILE...}:
 * the short commands people run most, in one JVM, with no network and no results database.
 * The classes they load and link land in the cache, so the next start skips that work.
 *
 * <p>Only text output is trained. The JVM loads every class of the cache at each start (AOT class
 * linking), so a cache that also held Jackson (~740 classes, for {@code --json}) made every command,
 * {@code --version} included, ~100 ms of CPU slower (docs/PERFORMANCE.md "Start-up time"). JSON
 * output loads Jackson from the jar, as it would without a cache.
 *
 * <p>{@code AotTraining --net DB} trains the second cache, for the commands that test a network
 * (bw, lat, check, server; bin/wirespeed picks the cache by command): a short bw and lat against
 * the in-process loopback server, saved into the scratch database DB, so that picocli's bw model,
 * Jackson's wire messages, SQLite and the engine come from the cache (docs/PERFORMANCE.md "bw: time
 * to first byte"). Loopback only: nothing leaves the host.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) {
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        if (args.length == 2 && args[0].equals("--net")) {
            net(args[1], sink);
            return;
        }
        String[][] runs = {
            {"--version"},
            {"--help"},
            {"bw", "--help"},
            {"help", "lat"},
            {"limits", "--eth", "100G", "--mtu", "9000", "--pcie", "gen3x16"},
            {"limits", "--eth", "25G", "--pcie", "gen3x4"},
            {"bww"},
        };
        Interrupts.install();
        for (String[] run : runs) {
            Main.run(run, sink, sink);
        }
        for (String file : args) {
            Main.run(new String[] {"explain", file}, sink, sink);
        }
        Interrupts.done();
        // As Main ends: Runtime.exit's logging (System.Logger, ~30 JDK classes) is then in the cache too.
        System.exit(ExitCode.OK);
    }

    private static void net(String database, PrintWriter sink) {
        String[][] runs = {
            {"bw", "--loopback", "-t", "1", "-i", "0.5", "--db", database},
            {"bw", "--loopback", "-t", "1", "-R", "-P", "2", "--db", database},
            {"lat", "--loopback", "-t", "1", "--db", database},
        };
        Interrupts.install();
        for (String[] run : runs) {
            Main.run(run, sink, sink);
        }
        Interrupts.done();
        System.exit(ExitCode.OK);
    }
}
