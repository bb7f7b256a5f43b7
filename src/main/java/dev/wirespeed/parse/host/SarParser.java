package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sar -n KEYWORD[,…] [interval [count]]} (sysstat): per report a head line — the sample's time, then the
 * column names ("12:07:22 PM     IFACE   rxpck/s   txpck/s …") — and a row per interface, CPU or the host at each
 * sample, then the "Average:" rows (the label translated in other locales: "平均时间:"). sysstat's own banner
 * ("Linux 5.4.0 (host) 11/23/2022 _x86_64_ (2 CPU)") may come first. The report is known by its head's first
 * columns (sysstat's pr_stats.c); each row becomes a {@link SarSample} with every column under sar's name, the
 * cell also kept as printed. Times are read as printed: 24-hour, 12-hour with AM/PM, or a CJK locale's
 * "23时09分11秒". mpstat, iostat and pidstat print the same banner and time column, but none of the heads below.
 */
public final class SarParser extends BaseParser {
    /** A sample's time, or the averages' label (one word ending in ':' with no digit). */
    private static final String TIME = "(?<time>\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s+[AP]M)?|\\d{1,2}时\\d{1,2}分\\d{1,2}秒"
            + "|(?<avg>[^\\s\\d:]+:))";
    private static final Pattern LINE = Pattern.compile(TIME + "\\s+(?<rest>\\S.*)");
    private static final Pattern BANNER = Pattern.compile("\\S+ \\S+ \\(\\S+\\)\\s+\\S+\\s+_\\w+_\\s+\\(\\d+ CPU\\)");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(?:[.,]\\d+)?");
    /** First column(s) of each network report's head → its keyword (sysstat pr_stats.c, sar(1) "-n"). */
    private static final Map<String, String> REPORTS = Map.ofEntries(
            Map.entry("IFACE rxpck/s", "DEV"), Map.entry("IFACE rxerr/s", "EDEV"), Map.entry("active/s", "TCP"),
            Map.entry("atmptf/s", "ETCP"), Map.entry("totsck", "SOCK"), Map.entry("tcp6sck", "SOCK6"),
            Map.entry("irec/s", "IP"), Map.entry("ihdrerr/s", "EIP"), Map.entry("irec6/s", "IP6"),
            Map.entry("ihdrer6/s", "EIP6"), Map.entry("idgm/s", "UDP"), Map.entry("idgm6/s", "UDP6"),
            Map.entry("imsg/s", "ICMP"), Map.entry("ierr/s", "EICMP"), Map.entry("imsg6/s", "ICMP6"),
            Map.entry("ierr6/s", "EICMP6"), Map.entry("call/s", "NFS"), Map.entry("scall/s", "NFSD"),
            Map.entry("CPU total/s", "SOFT"), Map.entry("FCHOST fch_rxf/s", "FC"));

    public SarParser() {
        super("sar-net", "sar");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(BANNER, i)) {
            for (int k = i + 1; k < in.size() && k <= i + 2; k++) {
                if (head(in, k) != null) {
                    return true;
                }
            }
            return false;
        }
        return head(in, i) != null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        Head head = null;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            if (in.matches(BANNER, i)) {
                b.use(i);
                continue;
            }
            Head next = head(in, i);
            if (next != null) {
                head = next;
                b.use(i);
                continue;
            }
            if (head == null || !row(b, in, i, head)) {
                break;
            }
        }
        return b.done(i);
    }

    /** Reads line i as a row of {@code head}'s report; false when it is none. */
    private static boolean row(ParseBuilder b, Lines in, int i, Head head) {
        Matcher m = in.match(LINE, i);
        if (m == null) {
            return false;
        }
        String[] cells = m.group("rest").split("\\s+");
        if (cells.length != head.columns.size()) {
            return false;
        }
        int first = head.subject ? 1 : 0;
        Map<String, Double> values = new LinkedHashMap<>();
        for (int k = first; k < cells.length; k++) {
            if (!NUMBER.matcher(cells[k]).matches()) {
                return false;
            }
            // a locale with a decimal comma prints "0,83"
            values.put(head.columns.get(k), Double.parseDouble(cells[k].replace(',', '.')));
        }
        boolean average = m.group("avg") != null;
        SarSample s = new SarSample(head.report, m.group("time"), average, head.subject ? cells[0] : null, values,
                in.source(i));
        b.add(s).use(i);
        for (int k = 0; k < cells.length; k++) {
            b.printed(i, head.columns.get(k), cells[k]);
        }
        return true;
    }

    /** A report's head line: its keyword and column names; whether the first column names the row (IFACE, CPU). */
    private record Head(String report, List<String> columns, boolean subject) {
    }

    private static Head head(Lines in, int i) {
        Matcher m = in.match(LINE, i);
        if (m == null) {
            return null;
        }
        List<String> columns = List.of(m.group("rest").split("\\s+"));
        String report = REPORTS.get(columns.getFirst());
        boolean subject = false;
        if (report == null && columns.size() > 1) {
            report = REPORTS.get(columns.get(0) + " " + columns.get(1));
            subject = report != null;
        }
        return report == null ? null : new Head(report, columns, subject);
    }
}
