package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What a finding costs, where it can be computed. Rates are decimal bit/s.
 *
 * @param capBitsPerSecond      the rate the cause limits the path to (31.5e9 for PCIe 3.0 x4 raw), or null
 * @param possibleBitsPerSecond the rate without the cause (50e9 for two 25G ports), or null
 * @param summary               one line with the numbers and their units
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"capBitsPerSecond", "possibleBitsPerSecond", "lossBitsPerSecond", "summary"})
public record Impact(Double capBitsPerSecond, Double possibleBitsPerSecond, String summary) {
    /** possible − cap when both are known and the cap is lower, else null. */
    @JsonProperty("lossBitsPerSecond")
    public Double lossBitsPerSecond() {
        if (capBitsPerSecond == null || possibleBitsPerSecond == null || capBitsPerSecond >= possibleBitsPerSecond) {
            return null;
        }
        return possibleBitsPerSecond - capBitsPerSecond;
    }

    public static Impact text(String summary) {
        return new Impact(null, null, summary);
    }
}
