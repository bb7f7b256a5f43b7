package dev.wirespeed.inspect;

import dev.wirespeed.facts.Facts;

/**
 * Turns the output of a tool that doctor ran itself (ethtool -a, -g, dcb, mlnx_qos) into host facts.
 * The parsers that can read such output live above this package (explain's
 * {@code explain.CommandFacts}), so whoever starts an inspection passes one in
 * ({@link Inspection#read}): the compiler, not a service file, makes sure it is there.
 */
public interface ToolOutputReader {
    /** Reads nothing: the tools' outputs are not asked for (a reading that needs only sysfs). */
    ToolOutputReader NONE = (b, commandLine, output, source) -> {};

    /** Adds what {@code output} of {@code commandLine} says about the host to {@code b}. */
    void add(Facts.Builder b, String commandLine, String output, String source);
}
