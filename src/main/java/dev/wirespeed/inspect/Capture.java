package dev.wirespeed.inspect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * A copy of what a {@link RootedFs} read, at the same paths below a directory: files with the
 * bytes read, directories listed, symbolic links with their original (relative) targets. The
 * result is a root `doctor --root` reads the same way — a fixture anyone can send us.
 */
public final class Capture {
    private final Path dir;

    /** Creates {@code dir} if needed; it must be empty or not exist, so no capture mixes two hosts. */
    public Capture(Path dir) throws IOException {
        this.dir = dir.toAbsolutePath().normalize();
        if (Files.exists(this.dir)) {
            if (!Files.isDirectory(this.dir)) {
                throw new IOException("capture directory " + dir + " is a file");
            }
            try (var s = Files.list(this.dir)) {
                if (s.findAny().isPresent()) {
                    throw new IOException("capture directory " + dir + " is not empty");
                }
            }
        }
        Files.createDirectories(this.dir);
    }

    /** Reads the kernel refused (sysfs EINVAL), one "path<TAB>reason" a line, replayed by {@link RootedFs}. */
    static final String REFUSED_READS = ".wirespeed-refused-reads";

    public Path dir() {
        return dir;
    }

    void refused(String hostPath, String reason) {
        file(hostPath, new byte[0]); // so the path resolves in the capture; its read replays the refusal
        try {
            Files.writeString(dir.resolve(REFUSED_READS), hostPath + "\t" + reason.replace('\n', ' ') + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + REFUSED_READS + ": " + e.getMessage(), e);
        }
    }

    /** The refused reads recorded in a capture at {@code root} (empty for a real root). */
    static Map<String, String> refusedReads(Path root) {
        Path f = root.resolve(REFUSED_READS);
        Map<String, String> out = new HashMap<>();
        if (!Files.isRegularFile(f)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(f)) {
                int tab = line.indexOf('\t');
                if (tab > 0 && out.size() < 100_000) {
                    out.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    void file(String hostPath, byte[] bytes) {
        Path p = at(hostPath);
        try {
            if (Files.isSymbolicLink(p)) {
                return;
            }
            Files.createDirectories(p.getParent());
            Files.write(p, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write capture file " + p + ": " + e.getMessage(), e);
        }
    }

    void directory(String hostPath) {
        Path p = at(hostPath);
        try {
            if (!Files.isSymbolicLink(p)) {
                Files.createDirectories(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create capture directory " + p + ": " + e.getMessage(), e);
        }
    }

    void link(String hostPath, String target) {
        Path p = at(hostPath);
        try {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            Files.createDirectories(p.getParent());
            Files.createSymbolicLink(p, Path.of(target));
        } catch (FileAlreadyExistsException e) {
            // another path led here first
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create capture link " + p + ": " + e.getMessage(), e);
        }
    }

    private Path at(String hostPath) {
        return dir.resolve(hostPath.substring(1));
    }
}
