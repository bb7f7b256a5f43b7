package dev.wirespeed.inspect;

import dev.wirespeed.io.Io;
import dev.wirespeed.io.Programs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Reads a host's /sys and /proc below a root directory ("/" for this host, a fixture tree in
 * tests). Paths are given as on the inspected host ("/sys/class/net/eth0/mtu"). Symbolic links are
 * followed one component at a time inside the root — sysfs links are relative, and a link that
 * leaves the root counts as absent — so a fixture tree behaves like the sysfs it was captured from.
 *
 * <p>With a capture directory, every file read, directory listed and link followed is recreated
 * there at the same path, so the capture is itself a root this class can read.
 */
public final class RootedFs {
    /** sysfs attributes are at most a page; /proc/mounts may be long. Bounded either way. */
    static final int MAX_FILE_BYTES = 1 << 20;
    private static final int MAX_LINKS = 40;

    private final Path root;
    private final Capture capture;
    private final Map<String, String> refused;
    /** Null: commands run on the live host only, found on PATH; else the stand-in tools of a tree (tests). */
    private final Path toolDir;

    public RootedFs(Path root, Capture capture) {
        this(root, capture, null);
    }

    private RootedFs(Path root, Capture capture, Path toolDir) {
        this.root = root.toAbsolutePath().normalize();
        this.capture = capture;
        this.refused = Capture.refusedReads(this.root);
        this.toolDir = toolDir;
    }

    /**
     * A tree read as if it were the running host, whose commands are the programs in {@code toolDir}
     * and nothing else: tests run stand-in tools (that log their arguments) against a fixture tree.
     */
    static RootedFs withStandInTools(Path root, Capture capture, Path toolDir) {
        return new RootedFs(root, capture, toolDir.toAbsolutePath().normalize());
    }

    public RootedFs(Path root) {
        this(root, null);
    }

    public Path root() {
        return root;
    }

    /** True when this reads the running host itself (root "/"), where commands may be run too. */
    public boolean isLiveHost() {
        return toolDir != null || root.equals(Path.of("/"));
    }

    /** The program to run for {@code name} here: on PATH on the live host; never for a tree, whose captured output is read instead. */
    Optional<Path> program(String name) {
        if (toolDir != null) {
            Path p = toolDir.resolve(name);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        return isLiveHost() ? Programs.find(name) : Optional.empty();
    }

    /**
     * Puts {@code text} in the capture at {@code path} though it was not read from a file (a
     * command's output, e.g. `ethtool -S`), so a capture replays it; nothing without a capture.
     */
    public void captureText(String path, String text) {
        if (capture != null) {
            capture.file(path, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The file's text; NoSuchFileException when absent; IOException (e.g. EINVAL from sysfs) when unreadable. */
    public String readText(String path) throws IOException {
        return new String(readBytes(path, MAX_FILE_BYTES), StandardCharsets.UTF_8);
    }

    /**
     * The file's text; a capture keeps only what {@code forCapture} leaves of it (e.g. the NFS
     * lines of /proc/mounts, so a capture does not carry every mount of the host).
     */
    public String readText(String path, UnaryOperator<String> forCapture) throws IOException {
        String real = resolve(path).orElseThrow(() -> new NoSuchFileException(path));
        String text = new String(read(real, path, MAX_FILE_BYTES), StandardCharsets.UTF_8);
        if (capture != null) {
            capture.file(real, forCapture.apply(text).getBytes(StandardCharsets.UTF_8));
        }
        return text;
    }

    /** Up to {@code maxBytes} of the file. */
    public byte[] readBytes(String path, int maxBytes) throws IOException {
        String real = resolve(path).orElseThrow(() -> new NoSuchFileException(path));
        byte[] bytes = read(real, path, maxBytes);
        if (capture != null) {
            capture.file(real, bytes);
        }
        return bytes;
    }

    private byte[] read(String real, String path, int maxBytes) throws IOException {
        String refusal = refused.get(real);
        if (refusal != null) {
            if (capture != null) {
                capture.refused(real, refusal);
            }
            throw new IOException(path + ": " + refusal);
        }
        Path p = onDisk(real);
        if (!Files.isRegularFile(p)) {
            throw new NoSuchFileException(path);
        }
        try (InputStream in = Files.newInputStream(p)) {
            return in.readNBytes(maxBytes);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            // sysfs answers EINVAL for some attributes (speed of a link that is down): the capture keeps the refusal
            if (capture != null) {
                capture.refused(real, Io.reasonAfterPath(e));
            }
            throw e;
        }
    }

    /** Names in a directory, sorted; empty when it is absent or unreadable. */
    public List<String> list(String dir) {
        Optional<String> real = resolve(dir);
        if (real.isEmpty() || !Files.isDirectory(onDisk(real.get()))) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(onDisk(real.get()))) {
            s.limit(100_000).forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException e) {
            return List.of();
        }
        if (capture != null) {
            capture.directory(real.get());
        }
        names.sort(null);
        return names;
    }

    public boolean exists(String path) {
        Optional<String> real = resolve(path);
        return real.isPresent() && Files.exists(onDisk(real.get()), LinkOption.NOFOLLOW_LINKS);
    }

    /** The text of the symbolic link at {@code path} (not followed), e.g. "../../../bus/pci/drivers/mlx5_core". */
    public Optional<String> readLink(String path) {
        int slash = path.lastIndexOf('/');
        Optional<String> parent = resolve(path.substring(0, Math.max(slash, 1)));
        if (parent.isEmpty()) {
            return Optional.empty();
        }
        String real = join(parent.get(), path.substring(slash + 1));
        Path p = onDisk(real);
        if (!Files.isSymbolicLink(p)) {
            return Optional.empty();
        }
        try {
            String target = Files.readSymbolicLink(p).toString();
            if (capture != null) {
                capture.link(real, target);
            }
            return Optional.of(target);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The path with every symbolic link resolved, as a path on the inspected host
     * ("/sys/devices/pci0000:00/0000:00:1c.0/0000:04:00.0/net/enp4s0f0np0"); empty when a component
     * is missing or a link leads outside the root or loops.
     */
    public Optional<String> resolve(String path) {
        return resolve(path, 0);
    }

    private Optional<String> resolve(String path, int depth) {
        if (depth > MAX_LINKS) {
            return Optional.empty();
        }
        String current = "/";
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                current = parent(current);
                continue;
            }
            String next = join(current, part);
            Path p = onDisk(next);
            if (Files.isSymbolicLink(p)) {
                String target;
                try {
                    target = Files.readSymbolicLink(p).toString();
                } catch (IOException e) {
                    return Optional.empty();
                }
                if (capture != null) {
                    capture.link(next, target);
                }
                Optional<String> resolved = resolve(target.startsWith("/") ? target : join(current, target), depth + 1);
                if (resolved.isEmpty()) {
                    return Optional.empty();
                }
                current = resolved.get();
            } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                current = next;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(current);
    }

    private Path onDisk(String hostPath) {
        return hostPath.equals("/") ? root : root.resolve(hostPath.substring(1));
    }

    static String join(String dir, String name) {
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }

    static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }
}
