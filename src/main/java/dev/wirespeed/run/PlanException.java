package dev.wirespeed.run;

/** A plan that cannot run as written: one line naming the file, the place and the problem (exit 2). */
public final class PlanException extends RuntimeException {
    public PlanException(String message) {
        super(message);
    }
}
