package dev.wirespeed.store;

/**
 * The state of a stored run (the runs table's status column, docs/STORE.md): a campaign's row
 * exists, running, before its first point; a single test's run is written finished.
 */
public enum RunStatus {
    RUNNING("running"),
    DONE("done"),
    INTERRUPTED("interrupted"),
    FAILED("failed"),
    INCOMPLETE("incomplete");

    private final String text;

    RunStatus(String text) {
        this.text = text;
    }

    /** The column's value. */
    public String text() {
        return text;
    }

    /** A run of finished results ends as its worst result. */
    public static RunStatus of(ResultStatus worst) {
        return switch (worst) {
            case DONE -> DONE;
            case INTERRUPTED -> INTERRUPTED;
            case FAILED -> FAILED;
            case INCOMPLETE -> INCOMPLETE;
        };
    }

    /** How a campaign ended: stopped by the user, with failed points, or done. */
    public static RunStatus ofCampaign(boolean interrupted, int failedPoints) {
        return interrupted ? INTERRUPTED : failedPoints > 0 ? FAILED : DONE;
    }
}
