package dev.wirespeed.engine.tcp;

import dev.wirespeed.results.BwResult;

/** Receives interval reports as they are sampled (the client prints them). */
public interface TcpDrivenSideListener {
    void interval(BwResult.IntervalReport report);
}
