package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.Version;
import dev.wirespeed.measure.HostName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a stored result says about the host it ran on: enough to tell two runs' machines apart and
 * to notice that the kernel or the NIC changed between them. {@code details} holds the doctor
 * snapshot's summary lines (interface → speed, MTU, driver; RDMA port → state, rate), in order.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record HostSummary(String hostName, String os, String kernel, String arch, int logicalCpus,
                          String javaVersion, String wirespeedVersion, Map<String, String> details) {

    public HostSummary {
        details = details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** This host now: names and counts the JVM knows, plus whatever {@code details} adds. */
    public static HostSummary current(Map<String, String> details) {
        return new HostSummary(HostName.get(), System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), Version.get(), details);
    }
}
