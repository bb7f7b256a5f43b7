package dev.wirespeed.engine.stream;

/** Tells the sending loops of one side to stop after their current write. */
public final class StopFlag {
    private volatile boolean set;

    public void set() {
        set = true;
    }

    public boolean isSet() {
        return set;
    }
}
