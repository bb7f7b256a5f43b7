package dev.wirespeed.cli;

import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Capture;
import dev.wirespeed.inspect.Inspection;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** --root: where /sys and /proc are read from (a capture or fixture tree instead of this host). */
final class HostOptions {
    @Option(names = "--root", paramLabel = "DIR", defaultValue = "/",
            description = "Read /sys and /proc below DIR instead of / (a tree made by 'doctor --capture').")
    Path root;

    Path root(CommandSpec spec) {
        if (!Files.isDirectory(root)) {
            throw OptionRanges.usage(spec, "--root " + root + " is not a directory");
        }
        return root;
    }

    Facts read(CommandSpec spec, Capture capture) {
        return Inspection.read(root(spec), capture, new CommandFacts());
    }
}
