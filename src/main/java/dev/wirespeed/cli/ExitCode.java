package dev.wirespeed.cli;

/** Every exit status wirespeed uses; documented in README.md ("Exit codes"). */
public final class ExitCode {
    private ExitCode() {}

    /** Done, and (for doctor/check) healthy. */
    public static final int OK = 0;
    /** A runtime failure: unreachable host, refused connection, peer lost mid-test, I/O error. */
    public static final int FAILURE = 1;
    /** Bad command line: unknown option, value out of range. Nothing was run. */
    public static final int USAGE = 2;
    /** doctor/check ran and found warnings or errors. */
    public static final int FINDINGS = 3;
    /** explain --strict: some lines of the input were not recognized (listed under "unrecognized"). */
    public static final int UNRECOGNIZED = 4;
    /** Stopped by SIGINT (Ctrl-C); results so far were printed. 143 for SIGTERM. */
    public static final int INTERRUPTED = 130;
}
