package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The report line shared by iperf2 and iperf3: "[  5]   0.00-1.00   sec   919 MBytes  7.71 Gbits/sec …". */
final class IperfLines {
    private IperfLines() {}

    /**
     * Groups: id (a stream number or SUM), star (iperf2 2.1+ marks with "*" the stream the client
     * receives under --full-duplex or -R), dir (iperf3 --bidir's "[TX-C]"/"[RX-C]", "[TX-S]"/"[RX-S]"
     * on the server), start, end, transfer and its unit, rate and its unit, rest. The rate is in bits per
     * second unless -f K/M/G/B asked for bytes ("5208 KBytes/sec"): see {@link #rate}.
     */
    static final Pattern ROW = Pattern.compile(
            "(?:\\^C)?\\[\\s*(?<star>\\*)?\\s*(?<id>\\d+|SUM)\\](?:\\[(?<dir>[TR]X-[CS])\\])?\\s*"
                    + "(?<start>\\d+(?:\\.\\d+)?)\\s*-\\s*(?<end>\\d+(?:\\.\\d+)?)\\s+sec\\s+"
                    + "(?<bytes>\\d+(?:\\.\\d+)?)\\s+(?<bytesUnit>[KMGT]?Bytes)\\s+(?<rate>\\d+(?:\\.\\d+)?)\\s+"
                    + "(?<rateUnit>[KMGT]?(?:bits|Bytes)/sec)\\s*(?<rest>.*)");
    static final Pattern ID_HEAD = Pattern.compile("(?:\\^C)?\\[\\s*ID\\](?:\\[Role\\])?\\s+Interval.*");
    /** Jitter, lost/total (lost is negative when reordered datagrams arrived late: iperf3 3.9 -R prints "-1919/69045 (-2.8%)"). */
    static final Pattern UDP_LOSS = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s+ms\\s+((-?\\d+)/\\s*(\\d+)\\s*\\(([\\d.e+-]+)%\\)).*");

    /** The Lost/Total cell of a {@link #UDP_LOSS} match: the loss in %, raw as printed ("0/0 (0%)"). */
    static Quantity loss(Matcher udp) {
        return Quantity.of(UnitWords.number(udp.group(5)), "%", udp.group(2));
    }

    static Quantity transfer(Matcher m) {
        return Quantity.bytes(UnitWords.iperfBytes(UnitWords.number(m.group("bytes")), m.group("bytesUnit")), m.group("bytes") + " " + m.group("bytesUnit"));
    }

    /**
     * The rate in bits per second, raw as printed. Upper-case -f formats print bytes per second with binary
     * prefixes (iperf3 units.c unit_snprintf, iperf2 alike: "5208 KBytes/sec" is 5208 x 1024 x 8 bit/s);
     * bit rates are decimal ("Kbits/sec" = 1000 bit/s).
     */
    static Quantity rate(Matcher m) {
        double value = UnitWords.number(m.group("rate"));
        String unit = m.group("rateUnit");
        double bitsPerSecond = unit.contains("Bytes")
                ? UnitWords.iperfBytes(value, unit.substring(0, unit.length() - "/sec".length())) * 8
                : UnitWords.bitRate(value, unit);
        return Quantity.bitsPerSecond(bitsPerSecond, m.group("rate") + " " + unit);
    }

    /** Decimal places of the interval's start, which tell iperf3 (2) from iperf2 (1 or 4). */
    static int decimals(Lines in, int i) {
        Matcher m = in.match(ROW, i);
        if (m == null) {
            return -1;
        }
        int dot = m.group("start").indexOf('.');
        return dot < 0 ? 0 : m.group("start").length() - dot - 1;
    }
}
