package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import java.util.Optional;

/** How bad a finding is. Warnings and errors make doctor and check exit with 3. */
public enum Severity {
    /** Worth knowing; costs nothing now (an NFS mount over TCP beside an active RDMA port). */
    @JsonProperty("info") INFO,
    /** Costs performance (PCIe link narrower than the card, governor not at performance). */
    @JsonProperty("warn") WARN,
    /** The link does not work as it should (InfiniBand port without a subnet manager). */
    @JsonProperty("error") ERROR;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The severity whose {@link #label()} is {@code label} (as stored in doctor's JSON), or empty. */
    public static Optional<Severity> ofLabel(String label) {
        for (Severity s : values()) {
            if (s.label().equals(label)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
