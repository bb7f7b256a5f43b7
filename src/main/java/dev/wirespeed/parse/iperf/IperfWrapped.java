package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.Lines;
import java.util.regex.Pattern;

/**
 * iperf 2 lines a mail wrapped at about 75 columns, each rest on the next line: read as part of the line above so
 * that the run goes on (src/test/resources/parse/iperf/iperf2-2.1.4-tcp-drain-trip-times-*-wrapped-mail.txt).
 */
final class IperfWrapped {
    private IperfWrapped() {}

    /**
     * A connect line's "port 5001 (MSS=1448) (trip-times) (sock=3) (ct=0.26 ms) on 2021-10-21" and "17:44:10 (PDT)"
     */
    private static final Pattern CONNECTED_REST = Pattern.compile("port \\d+(?:\\s.*)?|\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)? \\(\\w+\\)");
    /** …a -e table head's second half ("Cwnd/RTT        NetPwr  Drain avg/min/max/stdev (cnt)"): words only. */
    private static final Pattern HEAD_REST = Pattern.compile("[A-Za-z][A-Za-z/()=\\s-]*");
    /**
     * …and a -e row's last cells: the sender's "263K/1906 us  61616  8.947/8.322/13.465/0.478 ms (112)", the
     * receiver's "ms (111/1053964) 1.20 MByte 11007  4347=412:3927:7:0:1:0:0:0" or " 4399=455:3944:0:0:0:0:0:0".
     * No letters but units; a slash, "=" or "(" in it.
     */
    private static final Pattern ROW_REST = Pattern.compile(
            "(?:ms\\s+)?[\\d(-][\\d\\s./:=()KMGk-]*(?:\\s(?:us|ms|[KMG]?Bytes?|pps|pkts)\\b[\\d\\s./:=()KMGk-]*)*");
    private static final Pattern ROW_REST_CELL = Pattern.compile("[/=(]");

    /** Line i is the wrapped rest of the line before it, of the kind {@code was} (connect line, table head, row). */
    static boolean rest(Lines in, int i, char was) {
        if (in.matches(IperfLines.ROW, i) || in.matches(IperfLines.ID_HEAD, i)) {
            return false;
        }
        String line = in.get(i).strip();
        return switch (was) {
            case 'c' -> in.matches(CONNECTED_REST, i);
            case 'h' -> in.matches(HEAD_REST, i) && !line.contains(":");
            case 'r' -> in.matches(ROW_REST, i) && ROW_REST_CELL.matcher(line).find();
            default -> false;
        };
    }
}
