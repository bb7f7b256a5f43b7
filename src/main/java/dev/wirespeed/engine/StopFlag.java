package dev.wirespeed.engine;

/** Tells the sending loops of one side to stop after their current write. */
final class StopFlag {
    private volatile boolean set;

    void set() {
        set = true;
    }

    boolean isSet() {
        return set;
    }
}
