package dev.wirespeed.cli;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
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
        return exitCode(o.status());
    }

    /** The one outcome → exit status mapping (README "Exit codes"). */
    static int exitCode(OutcomeStatus status) {
        return switch (status) {
            case OK -> ExitCode.OK;
            case INTERRUPTED -> ExitCode.INTERRUPTED;
            case PEER_LOST, FAILED -> ExitCode.FAILURE;
        };
    }
}
