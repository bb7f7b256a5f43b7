package dev.wirespeed.parse;

import java.util.Set;

/**
 * Reads one output format. Contract: never throws on any input; {@link #parse} reads from a line
 * where {@link #startsAt} said yes and stops at the first line that cannot belong to the format,
 * returning what it understood (possibly nothing) and the lines it skipped inside the block.
 */
public interface Parser {
    /** The format's name as explain prints it ("ibstat", "lspci", "iperf3-json"). */
    String format();

    /** Programs whose output this parser reads ("ibstat"); used to prefer it after a prompt. */
    Set<String> programs();

    /** True when this parser reads the output of the command (program and, for some, options). */
    default boolean reads(Command command) {
        return command != null && programs().contains(command.program());
    }

    /** True when output of this format begins at line i, judged by content only. */
    boolean startsAt(Lines in, int i);

    /** Reads from line {@code from} as far as the format goes. */
    Parsed parse(Lines in, int from);
}
