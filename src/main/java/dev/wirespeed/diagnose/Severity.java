package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How bad a finding is. Warnings and errors make doctor and check exit with 3. */
public enum Severity {
    /** Worth knowing; costs nothing now (an NFS mount over TCP beside an active RDMA port). */
    @JsonProperty("info") INFO,
    /** Costs performance (PCIe link narrower than the card, governor not at performance). */
    @JsonProperty("warn") WARN,
    /** The link does not work as it should (InfiniBand port without a subnet manager). */
    @JsonProperty("error") ERROR;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The severity whose {@link #label()} is {@code label} (as stored in doctor's JSON), or empty. */
    public static java.util.Optional<Severity> ofLabel(String label) {
        for (Severity s : values()) {
            if (s.label().equals(label)) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }
}
