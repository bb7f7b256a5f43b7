package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The summary row of a perftest bandwidth run.
 *
 * @param bitsPerSecond     "BW average", converted to bit/s
 * @param peakBitsPerSecond "BW peak", converted to bit/s; null where perftest prints 0.00 (not measured)
 * @param sizeBytes         "#bytes" of the row
 * @param iterations        "#iterations"
 * @param messagesPerSecond "MsgRate[Mpps]" × 10^6
 * @param linkType          the header's "Link type" (IB, Ethernet), when printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PerftestResult(double bitsPerSecond, Double peakBitsPerSecond, long sizeBytes, long iterations,
                             Double messagesPerSecond, String linkType) {}
