package dev.wirespeed.host.sysfs;

import dev.wirespeed.facts.Facts;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Turns the output of a tool that doctor ran itself (ethtool -a, dcb, mlnx_qos) into host facts.
 * The parsers that can read such output live above {@code host} (explain's), so they are found
 * through {@link ServiceLoader} (META-INF/services) rather than imported: host stays at the bottom.
 */
public interface ToolOutputReader {
    /** Adds what {@code output} of {@code commandLine} says about the host to {@code b}. */
    void add(Facts.Builder b, String commandLine, String output, String source);

    /** The reader on the class path; empty when none is packaged (nothing is then added). */
    static Optional<ToolOutputReader> installed() {
        return ServiceLoader.load(ToolOutputReader.class, ToolOutputReader.class.getClassLoader()).findFirst();
    }
}
