package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlnx_perf -i IF} (mlnx-tools python/mlnx_perf): "Initializing mlnx_perf...", "Sampling
 * started.", then per interval every `ethtool -S` counter that moved, right-aligned, as
 * "{@code %30s: %s}" (a rate with thousands commas) or for a byte counter
 * "{@code %30s: %-20s = %-20s}" ("rx_bytes_phy: 12,165,283,124 Bps = 97,322.26 Mbps"), the "UP N" priority
 * shares, and "--------" after each interval. Each interval is one {@link CounterRates}.
 */
public final class MlnxPerfParser extends BaseParser {
    /** "tx_packets: 1", "tx_bytes: 319 Bps              = 0 Mbps"; thous() prints a fraction for rates that are not whole. */
    private static final Pattern RATE = Pattern.compile("([A-Za-z][\\w.-]*): ([\\d,]+(?:\\.\\d+)?)(?: Bps\\s*= [\\d,]+(?:\\.\\d+)? Mbps)?");
    private static final Pattern BYTES = Pattern.compile("[A-Za-z][\\w.-]*: [\\d,]+(?:\\.\\d+)? Bps\\s*= [\\d,]+(?:\\.\\d+)? Mbps");
    /** "UP 0: 0                    Mbps = 100.00%", "UP 0: 1                    Tran/sec = 100.00%". */
    private static final Pattern UP = Pattern.compile("UP (\\d+): ([\\d,.]+)\\s+(Mbps|Tran/sec) = ([\\d.]+%)");
    private static final Pattern BANNER = Pattern.compile("Initializing mlnx_perf\\.\\.\\.|Sampling started\\.");
    private static final Pattern SEPARATOR = Pattern.compile("-{4,}");

    public MlnxPerfParser() {
        super("mlnx_perf", "mlnx_perf");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(BANNER, i)) {
            return true;
        }
        boolean command = in.command() != null && in.command().program().equals("mlnx_perf");
        // a byte counter's "Bps = … Mbps" is mlnx_perf's own; a bare "name: value" only after its command
        return in.matches(BYTES, i) || command && (in.matches(RATE, i) || in.matches(SEPARATOR, i) && i + 1 < in.size()
                && in.matches(RATE, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String subject = subject(in.command());
        Map<String, Double> rates = new LinkedHashMap<>();
        Map<String, String> shares = new LinkedHashMap<>();
        Source first = null;
        int sample = 1;
        int end = from;
        for (int i = from; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(BANNER, i)) {
                b.use(i);
            } else if (in.matches(SEPARATOR, i)) {
                b.use(i);
                if (!rates.isEmpty()) {
                    b.add(new CounterRates(subject, sample++, rates, shares, first));
                    rates = new LinkedHashMap<>();
                    shares = new LinkedHashMap<>();
                    first = null;
                }
            } else if ((m = in.match(UP, i)) != null) {
                b.use(i);
                shares.put("UP " + m.group(1) + " " + m.group(3), m.group(2) + " " + m.group(3) + " = " + m.group(4));
            } else if ((m = in.match(RATE, i)) != null) {
                String name = m.group(1);
                if (rates.containsKey(name)) {
                    // mlnx_perf prints each counter once an interval: the same name again is the next interval
                    b.add(new CounterRates(subject, sample++, rates, shares, first));
                    rates = new LinkedHashMap<>();
                    shares = new LinkedHashMap<>();
                    first = null;
                }
                rates.put(name, Double.parseDouble(m.group(2).replace(",", "")));
                if (first == null) {
                    first = in.source(i);
                }
                b.use(i);
            } else {
                break;
            }
            end = i + 1;
        }
        if (!rates.isEmpty()) {
            b.add(new CounterRates(subject, sample, rates, shares, first));
        }
        return b.done(end);
    }

    /** The interface of "mlnx_perf -i IF" (also "--interface IF", "--interface=IF"). */
    static String subject(Command c) {
        if (c == null || !c.program().equals("mlnx_perf")) {
            return null;
        }
        String i = c.after("-i");
        if (i == null) {
            i = c.after("--interface");
        }
        if (i == null) {
            i = c.args().stream().filter(a -> a.startsWith("--interface=")).map(a -> a.substring(12)).findFirst().orElse(null);
        }
        return i == null || i.startsWith("$") || i.startsWith("<") ? null : i;
    }
}
