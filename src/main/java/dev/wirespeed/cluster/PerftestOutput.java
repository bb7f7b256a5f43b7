package dev.wirespeed.cluster;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the result table of perftest's bandwidth tests (ib_write_bw, ib_send_bw, ib_read_bw):
 * <pre>
 *  #bytes #iterations BW peak[Gb/sec] BW average[Gb/sec] MsgRate[Mpps]
 *  65536 1000 23.14 23.13 0.044119
 * </pre>
 * The unit is in the header: Gb/sec (--report_gbits, 10^9 bit/s) or MB/sec (perftest's
 * default, 2^20 bytes/s: perftest_parameters.c divides by 0x100000 for MBS and 125000000 for GBS).
 * Of several rows (-a) the last, largest message size is taken. Lines between header and rows,
 * such as "Conflicting CPU frequency values detected", are skipped.
 */
public final class PerftestOutput {
    private static final Pattern HEADER = Pattern.compile(
            "\\s*#bytes\\s+#iterations\\s+BW peak\\[(Gb/sec|MB/sec)]\\s+BW average\\[(Gb/sec|MB/sec)].*");
    private static final Pattern ROW = Pattern.compile(
            "\\s*(\\d+)\\s+(\\d+)\\s+(\\d+(?:\\.\\d+)?)\\s+(\\d+(?:\\.\\d+)?)(?:\\s+(\\d+(?:\\.\\d+)?))?\\s*");
    private static final Pattern LINK_TYPE = Pattern.compile("\\s*Link type\\s*:\\s*(\\S+).*");

    private PerftestOutput() {}

    public static Optional<PerftestResult> parse(String output) {
        double unit = 0;
        String linkType = null;
        PerftestResult last = null;
        for (String line : output.split("\\R")) {
            Matcher m = LINK_TYPE.matcher(line);
            if (m.matches()) {
                linkType = m.group(1);
                continue;
            }
            m = HEADER.matcher(line);
            if (m.matches()) {
                unit = m.group(2).equals("Gb/sec") ? 1e9 : 1048576.0 * 8;
                continue;
            }
            m = ROW.matcher(line);
            if (unit > 0 && m.matches()) {
                last = new PerftestResult(Double.parseDouble(m.group(4)) * unit, Double.parseDouble(m.group(3)) * unit,
                        Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                        m.group(5) == null ? null : Double.parseDouble(m.group(5)) * 1e6, linkType);
            }
        }
        return Optional.ofNullable(last);
    }
}
