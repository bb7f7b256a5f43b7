package dev.wirespeed.run;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * What a running point may use: a scratch folder for tool output, the stop flag (Ctrl-C), the
 * registry of child processes (killed on stop), and a cache of tool versions.
 */
public final class RunContext {
    private final Path scratch;
    private final BooleanSupplier stopped;
    private final Children children;
    private final Map<String, String> versions = new ConcurrentHashMap<>();

    public RunContext(Path scratch, BooleanSupplier stopped, Children children) {
        this.scratch = scratch;
        this.stopped = stopped;
        this.children = children;
    }

    public Path scratch() {
        return scratch;
    }

    public boolean stopped() {
        return stopped.getAsBoolean();
    }

    public Children children() {
        return children;
    }

    /** The version of a program, asked once per campaign (null when it does not say). */
    public String version(String binary, Function<String, String> probe) {
        return versions.computeIfAbsent(binary, b -> {
            String v = probe.apply(b);
            return v == null ? "" : v;
        }).transform(v -> v.isEmpty() ? null : v);
    }
}
