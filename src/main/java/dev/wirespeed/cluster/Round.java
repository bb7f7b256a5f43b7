package dev.wirespeed.cluster;

import java.util.List;

/**
 * Pairs that run at the same time: no host appears twice, so no test shares a NIC with another.
 *
 * @param index 0-based
 * @param idle  hosts with nothing to do this round (the bye of an odd all-pairs mesh)
 */
public record Round(int index, List<Pair> pairs, List<Integer> idle) {
    public Round {
        pairs = List.copyOf(pairs);
        idle = List.copyOf(idle);
    }
}
