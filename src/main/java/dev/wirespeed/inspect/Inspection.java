package dev.wirespeed.inspect;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.facts.Facts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a host (or a fixture tree) into facts, and the context a test there would run in. */
public final class Inspection {
    private Inspection() {}

    /**
     * Facts of the host whose / is {@code root}; with {@code capture}, a copy of every file read lands
     * there. {@code tools} reads the output of the tools it runs (explain's {@code CommandFacts}, so
     * doctor and explain make the same facts of it).
     */
    public static Facts read(Path root, Capture capture, ToolOutputReader tools) {
        RootedFs fs = new RootedFs(root, capture);
        return new SysfsReader(fs, tools).read("sysfs " + root);
    }

    /**
     * On this host ({@code root} is /), the CPUs this process may run on (Cpus_allowed_list of
     * /proc/self/status, proc(5)); for a fixture tree, all its online CPUs.
     */
    public static Context context(Path root, Facts facts) {
        if (root.toAbsolutePath().normalize().equals(Path.of("/"))) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("Cpus_allowed_list:")) {
                        return new Context(CpuList.parse(line.substring(line.indexOf(':') + 1)));
                    }
                }
            } catch (IOException | IllegalArgumentException e) {
                // fall back to all online CPUs
            }
        }
        return Context.of(facts);
    }

    /** A capture directory for {@code --capture}: must be empty or new. */
    public static Capture capture(Path dir) throws IOException {
        return new Capture(dir);
    }
}
