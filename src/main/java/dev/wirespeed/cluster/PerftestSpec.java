package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.perftest.PerftestArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A perftest bandwidth run a coordinator may ask an agent for. Every field is bounded; the agent
 * builds the argument list itself from these values (no shell, no free text).
 *
 * @param test            one of {@link #TESTS}
 * @param device          RDMA device (-d), null = perftest's first device
 * @param sizeBytes       message size (-s), 2..8 MiB (perftest's own range, 2^1..2^23)
 * @param durationSeconds run time (-D)
 * @param port            TCP port of perftest's own connection setup (-p)
 * @param gidIndex        GID index (-x) for RoCE, null = perftest's default
 */
@com.fasterxml.jackson.annotation.JsonInclude(JsonInclude.Include.NON_NULL)
public record PerftestSpec(String test, String device, int sizeBytes, int durationSeconds, int port, Integer gidIndex) {
    public static final List<String> TESTS = PerftestArgs.MESH;
    public static final int DEFAULT_PORT = 18515;
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    /** Throws IllegalArgumentException naming the first field out of range. */
    public void validate(long maxDurationMillis) {
        if (!TESTS.contains(test)) {
            throw new IllegalArgumentException("perftest '" + test + "' is not one of " + String.join(", ", TESTS));
        }
        if (device != null && !DEVICE.matcher(device).matches()) {
            throw new IllegalArgumentException("RDMA device name '" + device + "' is not a device name");
        }
        range("sizeBytes", sizeBytes, 2, 8 << 20);
        range("durationSeconds", durationSeconds, 1, Math.max(1, maxDurationMillis / 1000));
        range("port", port, 1024, 65535);
        if (gidIndex != null) {
            range("gidIndex", gidIndex, 0, 255);
        }
    }

    /** The argument list, binary first; {@code peerHost} null for the server side. */
    public List<String> arguments(String binary, String peerHost) {
        List<String> args = new ArrayList<>(List.of(binary));
        if (device != null) {
            args.addAll(List.of("-d", device));
        }
        args.addAll(List.of("-s", Integer.toString(sizeBytes), "-D", Integer.toString(durationSeconds),
                "-p", Integer.toString(port), "-F", "--report_gbits"));
        if (gidIndex != null) {
            args.addAll(List.of("-x", gidIndex.toString()));
        }
        if (peerHost != null) {
            args.add(peerHost);
        }
        return args;
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " " + value + " is out of range (" + min + ".." + max + ")");
        }
    }
}
