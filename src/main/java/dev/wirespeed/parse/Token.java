package dev.wirespeed.parse;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A word read from tool output and normalised, with the word as the tool printed it: perftest's title
 * "RDMA_Write BW Test" gives the verb {@code {"value": "write", "raw": "RDMA_Write"}}. The shape of a
 * {@link Quantity} without a unit, so a reader (or a key fact) finds the printed form beside the typed
 * one (issue 31 point 1). {@code raw} is absent when the value was not printed but inferred (a verb taken
 * from the command's name, ib_write_bw).
 *
 * @param value the normalised word the rules and the result model use ("send", "write", "read", "atomic")
 * @param raw   the word as printed ("Send", "RDMA_Write", "RDMA Write"), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Token(String value, String raw) {

    /** A word known only in its normalised form (nothing printed it). */
    public static Token inferred(String value) {
        return new Token(value, null);
    }

    @Override
    public String toString() {
        return value;
    }
}
