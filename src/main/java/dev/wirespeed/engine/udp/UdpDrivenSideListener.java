package dev.wirespeed.engine.udp;

import dev.wirespeed.results.UdpResult;

/** Receives interval reports of the streams this side receives, as they are sampled. */
public interface UdpDrivenSideListener {
    void interval(UdpResult.UdpInterval interval);
}
