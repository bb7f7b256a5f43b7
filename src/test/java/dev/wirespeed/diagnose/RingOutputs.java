package dev.wirespeed.diagnose;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Real `ethtool -g` outputs for the ring tests: the two readings of a USRP E320 host's
 * enp101s0f0 (parse/host/ethtool-g-before-after-uhd-e320.txt, its source in that file's first line)
 * — RX 512 of 4096 before `ethtool -G … rx 4096`, 4096 of 4096 after — with the interface renamed to
 * the fixture's and the note's indentation removed, as ethtool prints them.
 */
public final class RingOutputs {
    private RingOutputs() {}

    private static final Path FILE = Path.of("src/test/resources/parse/host/ethtool-g-before-after-uhd-e320.txt");

    /** RX 512 of 4096: below the maximum. */
    public static String belowMaximum(String iface) {
        return block(0, iface);
    }

    /** RX 4096 of 4096: at the maximum. */
    public static String atMaximum(String iface) {
        return block(1, iface);
    }

    private static String block(int n, String iface) {
        List<String> lines;
        try {
            lines = Files.readAllLines(FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int seen = -1;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith("Ring parameters for") && ++seen == n) {
                for (int j = i; j < i + 11; j++) { // the heading, two sections of RX, RX Mini, RX Jumbo, TX
                    out.append(lines.get(j).strip().replace("enp101s0f0", iface)).append('\n');
                }
                return out.toString();
            }
        }
        throw new IllegalStateException("no reading " + n + " in " + FILE);
    }

    /** A copy of a fixture tree (its relative sysfs links kept as links) into {@code to}. */
    public static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createDirectories(target.getParent());
                    Files.createSymbolicLink(target, Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
