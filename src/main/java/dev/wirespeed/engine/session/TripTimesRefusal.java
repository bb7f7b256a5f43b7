package dev.wirespeed.engine.session;

import java.io.IOException;

/**
 * A trip-times test that may not run: the clocks are not known to agree (a runtime failure, exit 1),
 * or the server cannot measure one-way latency at all (an iperf3 server: {@link #usage()}, exit 2,
 * as an option the peer cannot serve). Thrown before any data flows.
 */
public final class TripTimesRefusal extends IOException {
    private final boolean usage;

    TripTimesRefusal(String message, boolean usage) {
        super(message);
        this.usage = usage;
    }

    /** True when the command line asked for what the server cannot do, rather than a runtime state. */
    public boolean usage() {
        return usage;
    }
}
