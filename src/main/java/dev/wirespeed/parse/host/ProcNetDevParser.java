package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code cat /proc/net/dev}: two head lines ("Inter-|   Receive … |  Transmit", " face |bytes    packets errs
 * drop …") and one row per interface of 16 counters (net/core/net-procfs.c, dev_seq_printf_stats). Some columns
 * are sums the kernel made: receive "drop" is rx_dropped + rx_missed_errors, "frame" the length, overrun, CRC and
 * frame errors, transmit "carrier" the carrier, aborted, window and heartbeat errors. Each row becomes a
 * {@link CounterSample} of the interface under the names ifconfig's reader gives the same sums (ifconfig prints
 * /proc/net/dev's figures), and every column is kept as printed under its head words ("Receive drop").
 */
public final class ProcNetDevParser extends BaseParser {
    public static final String TOOL = "/proc/net/dev";
    private static final Pattern HEAD = Pattern.compile("\\s*Inter-\\|\\s*Receive\\s*\\|\\s*Transmit\\s*");
    private static final Pattern COLUMNS = Pattern.compile("\\s*face\\s*\\|\\s*bytes\\s+packets\\s+errs\\s+drop.*");
    /** "  eth0: 1234 …", or a kernel before 2.6's "eth0:1234 …" with no blank after the colon. */
    private static final Pattern ROW = Pattern.compile("\\s*([^\\s:|]+):\\s*(\\d+(?:\\s+\\d+){15})\\s*");
    private static final String[] NAMES = {"rx_bytes", "rx_packets", "rx_errors", "rx_dropped", "rx_fifo_errors",
        "rx_frame_errors", "rx_compressed", "multicast", "tx_bytes", "tx_packets", "tx_errors", "tx_dropped",
        "tx_fifo_errors", "collisions", "tx_carrier_errors", "tx_compressed"};
    private static final String[] PRINTED = {"Receive bytes", "Receive packets", "Receive errs", "Receive drop",
        "Receive fifo", "Receive frame", "Receive compressed", "Receive multicast", "Transmit bytes",
        "Transmit packets", "Transmit errs", "Transmit drop", "Transmit fifo", "Transmit colls", "Transmit carrier",
        "Transmit compressed"};

    public ProcNetDevParser() {
        super("proc-net-dev", "cat");
    }

    @Override
    public boolean reads(Command command) {
        return command != null && command.text().matches(".*/proc/(?:net|self/net|\\d+/net)/dev\\b.*");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // the head lines are the file's own; rows alone need the command or a second row below
        return in.matches(HEAD, i) && in.matches(COLUMNS, i + 1) || in.matches(COLUMNS, i) && in.matches(ROW, i + 1)
                || in.matches(ROW, i) && (reads(in.command()) || in.matches(ROW, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            if (in.matches(HEAD, i) || in.matches(COLUMNS, i)) {
                b.use(i);
                continue;
            }
            Matcher m = in.match(ROW, i);
            if (m == null) {
                break;
            }
            String[] columns = m.group(2).split("\\s+");
            Map<String, Long> values = new LinkedHashMap<>();
            for (int k = 0; k < NAMES.length; k++) {
                if (columns[k].length() <= 18) { // a u64 past 10^18 is a garbled line, not a counter: kept as printed only
                    values.put(NAMES[k], Long.parseLong(columns[k]));
                }
            }
            b.add(new CounterSample(m.group(1), TOOL, values, in.source(i))).use(i);
            for (int k = 0; k < PRINTED.length; k++) {
                b.printed(i, PRINTED[k], columns[k]);
            }
        }
        return b.done(i);
    }
}
