package dev.wirespeed.cli;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where this installation keeps its documentation (the docs/ folder: the guides and the JSON
 * schemas), so that help names a file that is there: {@code share/doc/wirespeed/docs} beside
 * {@code bin/} in the release tarball, {@code /usr/share/doc/wirespeed/docs} from the .deb, the
 * checkout's {@code docs/} for a source build, else the repository's relative {@code docs}.
 * Help texts name files as the repository does ({@code docs/json/bw.schema.json}) and say in their
 * footer where docs/ is ({@link #FOOTER}: {@code ${sys:wirespeed.docs}}); {@code -Dwirespeed.docs=DIR}
 * overrides it (the man pages are written with each package's own).
 */
final class Docs {
    static final String PROPERTY = "wirespeed.docs";
    /**
     * The footer of every command whose help names a docs/ file: where docs/ is in this installation,
     * the folder on a line of its own (picocli breaks a word longer than a line, and a path is one word).
     */
    static final String FOOTER = "The docs/ files named above are, in this installation, in:";
    static final String FOOTER_DIR = "  ${sys:" + PROPERTY + "}";
    /** Below an installation's root (tarball) or its prefix (/usr for the .deb). */
    static final String INSTALLED = "share/doc/wirespeed/docs";

    private Docs() {}

    /** Sets {@value #PROPERTY} for help texts, unless given. */
    static void publish() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, dir());
        }
    }

    static String dir() {
        try {
            // `java -jar JAR` (both launchers): the jar as run. Not the classes' code source: loaded from
            // the release's AOT cache, that is where the cache was trained (the build tree).
            String classPath = System.getProperty("java.class.path", "");
            if (!classPath.isEmpty() && classPath.indexOf(File.pathSeparatorChar) < 0) {
                Path found = dirFor(Path.of(classPath));
                if (found != null) {
                    return found.toString();
                }
            }
            var source = Docs.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                Path found = dirFor(Path.of(source.getLocation().toURI()));
                if (found != null) {
                    return found.toString();
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // an unusual class path (a jar inside a jar, a custom loader): the repository's name
        }
        return "docs";
    }

    /**
     * The docs folder of the installation holding {@code code} (the jar, or target/classes in a
     * checkout), or null: ROOT/share/doc/wirespeed/docs (tarball: ROOT/lib/wirespeed.jar), the
     * checkout's docs (ROOT/target/wirespeed.jar, with ROOT/pom.xml), PREFIX/share/doc/wirespeed/docs
     * (.deb: /usr/lib/wirespeed/lib/wirespeed.jar under PREFIX /usr).
     */
    static Path dirFor(Path code) {
        Path abs = code.toAbsolutePath().normalize();
        Path lib = abs.getParent();
        if (lib == null) {
            return null;
        }
        Path root = lib.getFileName() != null && lib.getFileName().toString().equals("target") ? lib.getParent()
                : lib.getFileName() != null && lib.getFileName().toString().equals("classes") && lib.getParent() != null
                ? lib.getParent().getParent() : lib.getParent();
        if (root == null) {
            return null;
        }
        if (Files.isDirectory(root.resolve(INSTALLED).resolve("json"))) {
            return root.resolve(INSTALLED);
        }
        if (Files.isRegularFile(root.resolve("pom.xml")) && Files.isDirectory(root.resolve("docs").resolve("json"))) {
            return root.resolve("docs");
        }
        Path prefix = root.getParent() == null ? null : root.getParent().getParent();
        if (prefix != null && Files.isDirectory(prefix.resolve(INSTALLED).resolve("json"))) {
            return prefix.resolve(INSTALLED);
        }
        return null;
    }
}
