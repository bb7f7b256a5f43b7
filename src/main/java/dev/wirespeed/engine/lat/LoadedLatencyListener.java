package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;

/** What the command prints as the test goes. */
public interface LoadedLatencyListener extends TestListener<BwResult.BwParams, BwResult.IntervalReport> {
    /** The pings run; the idle phase starts. */
    default void pinging(BwResult.Peer server, LatResult.LatParams params) {}
}
