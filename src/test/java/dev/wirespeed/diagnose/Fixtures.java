package dev.wirespeed.diagnose;

import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Capture;
import dev.wirespeed.inspect.Inspection;
import java.nio.file.Path;

/** The fixture trees of src/test/resources/hosts (see its README.md for their sources), read in place. */
public final class Fixtures {
    private Fixtures() {}

    public static final Path HOSTS = Path.of("src/test/resources/hosts");

    public static Path root(String name) {
        return HOSTS.resolve(name);
    }

    public static Facts facts(String name) {
        return Inspection.read(root(name), (Capture) null, new CommandFacts());
    }
}
