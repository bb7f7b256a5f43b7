package dev.wirespeed.parse.perftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns of a perftest result header, in the order printed, so a row's numbers are read by
 * name rather than by position. perftest printed many headers over the years (perftest_parameters.h
 * RESULT_FMT*): 1.x latency tables end at t_typical, duration mode has t_avg with or without "tps
 * average", QoS runs add "#sl" after "#bytes", --report-per-port adds per-port columns, --cpu_util
 * adds CPU_Util[%]; and people paste tables with columns cut out or headers damaged ("iterations"
 * without its '#'). Only the units in the bandwidth columns' brackets change the meaning of a value.
 */
record PerftestColumns(List<Column> columns, String bandwidthUnit) {
    enum Column {
        BYTES, SL, ITERATIONS, BW_PEAK, BW_AVERAGE, MSG_RATE, PORT_BW, PORT_MSG_RATE,
        T_MIN, T_MAX, T_TYPICAL, T_AVG, T_STDEV, P99, P999, TPS, CPU_UTIL
    }

    private static final Pattern TOKEN = Pattern.compile(
            "#bytes|#sl|#?iterations|BW (?:peak|average)\\[([^\\]]+)]|MsgRate\\[Mpps]|BW Port\\d\\[[^\\]]+]"
                    + "|MsgRate Port\\d\\[Mpps]|t_(?:min|max|typical|avg|stdev)\\[usec]|99(?:\\.9)?% percentile\\[usec]"
                    + "|tps average|CPU_Util\\[%]");
    private static final Pattern SPACE = Pattern.compile("[\\s\\u00a0]*");

    /** A row of a Markdown table: "| 65536  | 5000        | 6057.11         |" (a report condensed by hand). */
    private static final Pattern PIPE_ROW = Pattern.compile("\\|((?:[^|]*\\|){2,})");
    /** A Markdown table's rule row under its head, "| ------ | :---: |", once its pipes are gone. */
    private static final Pattern PIPE_RULE = Pattern.compile("[-:\\s]+");

    /**
     * Line {@code s} with a Markdown table's cell bars made blanks, when it is such a row (at least two cells, a bar at
     * each end); else {@code s}. A writer who copies perftest's heads into a table keeps them as perftest prints them,
     * so the head and its rows are read by the same names as the table perftest printed.
     */
    static String unpiped(String s) {
        Matcher m = PIPE_ROW.matcher(s);
        return m.matches() ? m.group(1).replace('|', ' ').strip() : s;
    }

    /** A table row with no figures: its rule ("------") or a writer's label for the rows below ("Write", "read"). */
    static boolean pipeLabel(String original, String unpiped) {
        return !original.equals(unpiped) && (PIPE_RULE.matcher(unpiped).matches() || unpiped.matches("[A-Za-z_][\\w .-]*"));
    }

    /** The columns when the whole line is a result header with at least one value column, else null. */
    static PerftestColumns of(String text) {
        String line = unpiped(text);
        Matcher m = TOKEN.matcher(line);
        List<Column> out = new ArrayList<>();
        String unit = null;
        int at = 0;
        while (m.find()) {
            if (!SPACE.matcher(line.substring(at, m.start())).matches()) {
                return null;
            }
            at = m.end();
            String t = m.group().toLowerCase(Locale.ROOT);
            if (m.group(1) != null) {
                unit = m.group(1);
            }
            out.add(column(t));
        }
        if (!SPACE.matcher(line.substring(at)).matches()) {
            return null;
        }
        boolean values = out.stream().anyMatch(c -> c.ordinal() >= Column.BW_PEAK.ordinal() && c != Column.CPU_UTIL);
        return values ? new PerftestColumns(List.copyOf(out), unit) : null;
    }

    private static Column column(String t) {
        if (t.equals("#bytes")) {
            return Column.BYTES;
        }
        if (t.equals("#sl")) {
            return Column.SL;
        }
        if (t.endsWith("iterations")) {
            return Column.ITERATIONS;
        }
        if (t.startsWith("bw peak")) {
            return Column.BW_PEAK;
        }
        if (t.startsWith("bw average")) {
            return Column.BW_AVERAGE;
        }
        if (t.startsWith("bw port")) {
            return Column.PORT_BW;
        }
        if (t.startsWith("msgrate port")) {
            return Column.PORT_MSG_RATE;
        }
        if (t.startsWith("msgrate")) {
            return Column.MSG_RATE;
        }
        if (t.startsWith("99.9")) {
            return Column.P999;
        }
        if (t.startsWith("99")) {
            return Column.P99;
        }
        if (t.equals("tps average")) {
            return Column.TPS;
        }
        if (t.startsWith("cpu")) {
            return Column.CPU_UTIL;
        }
        return switch (t.substring(2, t.indexOf('['))) {
            case "min" -> Column.T_MIN;
            case "max" -> Column.T_MAX;
            case "typical" -> Column.T_TYPICAL;
            case "avg" -> Column.T_AVG;
            default -> Column.T_STDEV;
        };
    }

    boolean bandwidth() {
        return columns.contains(Column.BW_AVERAGE) || columns.contains(Column.BW_PEAK);
    }

    /** Position of a column, or -1. */
    int index(Column c) {
        return columns.indexOf(c);
    }

    /**
     * The fewest numbers a row must have: up to the first value column. perftest itself prints every
     * column, but a paste may lose the tail of a row; what is there is still read by position.
     */
    int minimumValues() {
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            if (c != Column.BYTES && c != Column.SL && c != Column.ITERATIONS) {
                return i + 1;
            }
        }
        return columns.size();
    }
}
