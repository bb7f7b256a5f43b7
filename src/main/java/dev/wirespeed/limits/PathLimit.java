package dev.wirespeed.limits;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Comparator;
import java.util.List;

/**
 * The ceiling of a path: its stages, and the one that caps it (lowest usable rate).
 *
 * @param name   what the path is: "0000:04:00 (enp4s0f0np0, enp4s0f1np1)", "command line"
 * @param stages the parts, in order from the wire to memory; at least one
 */
@JsonPropertyOrder({"name", "stages", "bottleneck", "ceilingBitsPerSecond"})
public record PathLimit(String name, List<Stage> stages) {
    public PathLimit {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a path needs at least one stage");
        }
    }

    /** The stage with the lowest usable rate (the first of equals). */
    @JsonProperty("bottleneck")
    public Stage bottleneck() {
        return stages.stream().min(Comparator.comparingDouble(Stage::usableBitsPerSecond)).orElseThrow();
    }

    @JsonProperty("ceilingBitsPerSecond")
    public double ceilingBitsPerSecond() {
        return bottleneck().usableBitsPerSecond();
    }
}
