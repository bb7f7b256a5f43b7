package dev.wirespeed.cli;

/** A runtime failure with a one-line message for the user (exit 1 unless stated). */
public class Failure extends RuntimeException {
    private final int exitCode;

    public Failure(String message) {
        this(message, ExitCode.FAILURE);
    }

    public Failure(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public Failure(String message, Throwable cause) {
        super(message, cause);
        this.exitCode = ExitCode.FAILURE;
    }

    public int exitCode() {
        return exitCode;
    }
}
