package dev.wirespeed.store;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the results database lives when --db is not given: $WIRESPEED_DB when set, else the XDG
 * Base Directory specification's data home ($XDG_DATA_HOME, which must be absolute, else
 * ~/.local/share), then wirespeed/results.db.
 */
public final class StorePaths {
    public static final String FILE_NAME = "results.db";

    private StorePaths() {}

    public static Path defaultDatabase() {
        return defaultDatabase(System.getenv(), System.getProperty("user.home"));
    }

    static Path defaultDatabase(Map<String, String> env, String home) {
        String explicit = env.get("WIRESPEED_DB");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = env.get("XDG_DATA_HOME");
        // The spec: "If $XDG_DATA_HOME is either not set or empty" — and relative paths are invalid
        // and should be ignored.
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                ? Path.of(xdg)
                : Path.of(home, ".local", "share");
        return base.resolve("wirespeed").resolve(FILE_NAME);
    }
}
