package dev.wirespeed.measure;

import dev.wirespeed.inspect.ProcNetSnmp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Host-wide TCP counters from /proc/net/snmp (Linux; the "Tcp:" header line names the columns
 * of the "Tcp:" value line that follows it). Absent or unreadable → empty, never zero.
 */
public final class TcpCounters {
    private TcpCounters() {}

    public static final Path SNMP = Path.of("/proc/net/snmp");

    /** RetransSegs of the host, or empty where /proc/net/snmp is missing or malformed. */
    public static OptionalLong retransmittedSegments() {
        return counter(SNMP, "RetransSegs");
    }

    public static OptionalLong counter(Path snmp, String name) {
        try {
            return counter(Files.readAllLines(snmp), name);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The named column of the "Tcp:" lines of /proc/net/snmp text, or empty. */
    public static OptionalLong counter(List<String> lines, String name) {
        return ProcNetSnmp.tcpCounter(lines, name);
    }
}
