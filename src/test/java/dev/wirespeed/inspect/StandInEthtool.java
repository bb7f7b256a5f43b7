package dev.wirespeed.inspect;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/** A stand-in ethtool for doctor's command tests (run through {@link RootedFs#withStandInTools}). */
final class StandInEthtool {
    private StandInEthtool() {}

    /**
     * Writes {@code bin/ethtool}: a shell script that sets BIN and {@code variables}, logs its
     * arguments ("$*") to bin/ethtool.log, then answers by {@code case SUBJECT in CASES esac}.
     */
    static Path write(Path bin, String variables, String subject, String cases) throws IOException {
        String script = "#!/bin/sh\n"
                + "BIN='" + bin + "'; " + variables + "\n"
                + "echo \"$*\" >> \"$BIN/ethtool.log\"\n"
                + "case \"" + subject + "\" in\n" + cases + "esac\n";
        Path ethtool = bin.resolve("ethtool");
        Files.writeString(ethtool, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(ethtool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    /** The argument lines the stand-in in {@code bin} logged, oldest first. */
    static List<String> log(Path bin) throws IOException {
        Path log = bin.resolve("ethtool.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** The facts as JSON without their origin, so a live run and its replay compare. */
    static String json(Facts f) {
        return Json.pretty(new Facts("x", f.interfaces(), f.rdmaDevices(), f.pciFunctions(), f.cpu(), f.mounts(),
                f.settings(), f.tcp(), f.counters(), f.measurements()));
    }
}
