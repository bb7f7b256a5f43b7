package dev.wirespeed.diagnose;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.facts.Facts;
import java.util.List;

/**
 * What `wirespeed doctor` prints, as text and as JSON (schema docs/json/doctor.schema.json, id
 * {@value #SCHEMA}; change both together).
 *
 * @param schema   {@value #SCHEMA}
 * @param origin   where the facts were read ("sysfs /", "sysfs /path/to/capture")
 * @param summary  counts by severity and whether the host is healthy
 * @param findings what the rules found, errors first
 * @param facts    everything read, with raw text and source of each attribute
 */
@JsonPropertyOrder({"schema", "origin", "summary", "findings", "facts"})
public record DoctorReport(String schema, String origin, Summary summary, List<Finding> findings, Facts facts) {
    public static final String SCHEMA = "wirespeed.doctor/1";

    /**
     * @param errors   findings of severity error
     * @param warnings findings of severity warn
     * @param infos    findings of severity info
     * @param healthy  no errors and no warnings (exit status 0; otherwise 3)
     */
    public record Summary(int errors, int warnings, int infos, boolean healthy) {}

    public static DoctorReport of(Facts facts, List<Finding> findings) {
        int e = count(findings, Severity.ERROR);
        int w = count(findings, Severity.WARN);
        int i = count(findings, Severity.INFO);
        return new DoctorReport(SCHEMA, facts.origin(), new Summary(e, w, i, e + w == 0), List.copyOf(findings), facts);
    }

    @JsonIgnore
    public boolean healthy() {
        return summary.healthy();
    }

    private static int count(List<Finding> findings, Severity s) {
        return (int) findings.stream().filter(f -> f.severity() == s).count();
    }
}
