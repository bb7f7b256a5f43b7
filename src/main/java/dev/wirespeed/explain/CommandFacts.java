package dev.wirespeed.explain;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.ToolOutputReader;
import dev.wirespeed.parse.LogReader;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Piece;

/**
 * A tool's output that doctor ran itself (ethtool -a, dcb, mlnx_qos), read exactly as explain reads
 * it after a prompt: same parsers, same conversion to host facts, so the same rules fire on both.
 * Passed to the inspection (inspect) by whoever starts one ({@link dev.wirespeed.inspect.Inspection#read}).
 */
public final class CommandFacts implements ToolOutputReader {
    public CommandFacts() {}

    @Override
    public void add(Facts.Builder b, String commandLine, String output, String source) {
        for (Piece p : LogReader.standard().read(source, "$ " + commandLine + "\n" + output, 1)) {
            for (Parsed out : p.outputs()) {
                out.addFacts(b, source);
            }
        }
    }
}
