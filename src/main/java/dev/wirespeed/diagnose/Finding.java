package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.host.Evidence;
import java.util.List;

/**
 * One thing a rule found.
 *
 * @param rule     the rule's id ("pcie-link-downgraded"); stable, documented in docs/doctor.md
 * @param severity info, warn or error
 * @param subject  what it is about: "enp4s0f0np0", "mlx5_0 port 1", "0000:04:00.0", "cpufreq"
 * @param message  one sentence with the numbers ("PCIe link runs at x4 of x8 lanes")
 * @param evidence the observed values it rests on, each with its source and raw text
 * @param impact   what it costs in bit/s where computable, else null
 * @param fix      what to do, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"rule", "severity", "subject", "message", "evidence", "impact", "fix"})
public record Finding(String rule, Severity severity, String subject, String message, List<Evidence> evidence,
                      Impact impact, Fix fix) {
    public Finding {
        evidence = List.copyOf(evidence);
    }
}
