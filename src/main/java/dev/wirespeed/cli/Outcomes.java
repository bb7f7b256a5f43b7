package dev.wirespeed.cli;

import dev.wirespeed.results.BwResult;
import java.io.PrintWriter;

/** Exit code of a finished test from its outcome; a failed outcome's message goes to stderr (one line). */
final class Outcomes {
    private Outcomes() {}

    static int exitCode(BwResult.Outcome o, PrintWriter err, String commandName) {
        if (o.ok()) {
            return ExitCode.OK;
        }
        err.println(commandName + ": " + o.message());
        err.flush();
        return "interrupted".equals(o.status()) ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
    }
}
