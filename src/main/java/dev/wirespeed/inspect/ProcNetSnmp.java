package dev.wirespeed.inspect;

import java.util.List;
import java.util.OptionalLong;

/**
 * The TCP counters of /proc/net/snmp text (Linux: the "Tcp:" header line names the columns of
 * the "Tcp:" value line that follows it). Here, in the fact model, so that host inspection and
 * the measuring side ({@code measure.TcpCounters}) read them one way without host importing up.
 */
public final class ProcNetSnmp {
    private ProcNetSnmp() {}

    /** The named column of the "Tcp:" lines, or empty (absent or malformed, never zero). */
    public static OptionalLong tcpCounter(List<String> lines, String name) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            String header = lines.get(i);
            String values = lines.get(i + 1);
            if (!header.startsWith("Tcp:") || !values.startsWith("Tcp:")) {
                continue;
            }
            String[] names = header.trim().split("\\s+");
            String[] numbers = values.trim().split("\\s+");
            for (int c = 1; c < names.length && c < numbers.length; c++) {
                if (names[c].equals(name)) {
                    try {
                        return OptionalLong.of(Long.parseLong(numbers[c]));
                    } catch (NumberFormatException e) {
                        return OptionalLong.empty();
                    }
                }
            }
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }
}
