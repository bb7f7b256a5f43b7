package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Units;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The report line shared by iperf2 and iperf3: "[  5]   0.00-1.00   sec   919 MBytes  7.71 Gbits/sec …". */
final class IperfLines {
    private IperfLines() {}

    static final Pattern ROW = Pattern.compile(
            "(?:\\^C)?\\[\\s*(\\d+|SUM)\\]\\s+(\\d+(?:\\.\\d+)?)\\s*-\\s*(\\d+(?:\\.\\d+)?)\\s+sec\\s+"
                    + "(\\d+(?:\\.\\d+)?)\\s+([KMGT]?Bytes)\\s+(\\d+(?:\\.\\d+)?)\\s+([KMGT]?bits/sec)\\s*(.*)");
    static final Pattern ID_HEAD = Pattern.compile("(?:\\^C)?\\[\\s*ID\\]\\s+Interval.*");
    static final Pattern UDP_LOSS = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s+ms\\s+(\\d+)/\\s*(\\d+)\\s*\\(([\\d.e+-]+)%\\).*");

    static Quantity transfer(Matcher m) {
        return Quantity.bytes(Units.iperfBytes(Units.number(m.group(4)), m.group(5)), m.group(4) + " " + m.group(5));
    }

    static Quantity rate(Matcher m) {
        return Quantity.bitsPerSecond(Units.bitRate(Units.number(m.group(6)), m.group(7)), m.group(6) + " " + m.group(7));
    }

    /** Decimal places of the interval's start, which tell iperf3 (2) from iperf2 (1 or 4). */
    static int decimals(Lines in, int i) {
        Matcher m = in.match(ROW, i);
        if (m == null) {
            return -1;
        }
        int dot = m.group(2).indexOf('.');
        return dot < 0 ? 0 : m.group(2).length() - dot - 1;
    }
}
