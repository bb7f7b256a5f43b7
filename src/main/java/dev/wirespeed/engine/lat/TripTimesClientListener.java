package dev.wirespeed.engine.lat;

import dev.wirespeed.results.TripTimesResult;

/** Each interval's one-way figures as they arrive (server's time; no rate yet). */
public interface TripTimesClientListener {
    default void clocks(TripTimesResult.Clocks clocks) {}

    default void interval(TripTimesResult.Interval interval) {}
}
