package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code cat /proc/net/softnet_stat}: one row per online CPU of 8-digit hex columns (net/core/net-procfs.c,
 * softnet_seq_show): processed, dropped (the backlog queue, net.core.netdev_max_backlog, was full),
 * time_squeeze (net_rx_action ran out of budget or time with work left), five zeros, cpu_collision (zero
 * since 5.10), received_rps, flow_limit_count, and since 5.10 the backlog length and the CPU's number.
 * Each row becomes a {@link CounterSample} of the CPU ("cpu0"; after a writer's "..." elision, the CPU is
 * known only from the 13th column). Every column is also kept as printed, in hex, under the kernel's
 * name ("column 4" … for the zeros, "cpu" for the last).
 */
public final class SoftnetStatParser extends BaseParser {
    public static final String TOOL = "softnet_stat";
    private static final Pattern ROW = Pattern.compile("[0-9a-f]{8}(?:\\s+[0-9a-f]{8}){8,12}");
    private static final Pattern ELISION = Pattern.compile("\\.{3}|…");
    private static final String[] NAMES = {"processed", "dropped", "time_squeeze", null, null, null, null, null,
        "cpu_collision", "received_rps", "flow_limit_count", "backlog_len", null};
    /** Names of the columns as printed: the kernel's, the zeros by position, the last one the CPU's number. */
    private static final String[] PRINTED = {"processed", "dropped", "time_squeeze", "column 4", "column 5", "column 6",
        "column 7", "column 8", "cpu_collision", "received_rps", "flow_limit_count", "backlog_len", "cpu"};

    public SoftnetStatParser() {
        super("softnet-stat", "cat");
    }

    @Override
    public boolean reads(Command command) {
        return command != null && command.text().contains("softnet_stat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // rows of hex are distinctive, but one alone could be anything's: two, or the command naming the file
        return in.matches(ROW, i) && (reads(in.command()) || in.matches(ROW, i + 1) || in.matches(ELISION, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        int row = 0;
        boolean elided = false;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            elided |= in.elidedBefore(i);
            if (in.matches(ELISION, i)) { // an elision the paste repair left (none it recognizes)
                elided = true;
                b.use(i);
                continue;
            }
            if (!in.matches(ROW, i)) {
                break;
            }
            String[] columns = in.get(i).strip().split("\\s+");
            Map<String, Long> values = new LinkedHashMap<>();
            for (int k = 0; k < columns.length && k < NAMES.length; k++) {
                if (NAMES[k] != null) {
                    values.put(NAMES[k], Long.parseLong(columns[k], 16));
                }
            }
            String cpu = columns.length >= 13 ? "cpu" + Long.parseLong(columns[12], 16) : elided ? null : "cpu" + row;
            b.add(new CounterSample(cpu, TOOL, values, in.source(i))).use(i);
            for (int k = 0; k < columns.length && k < PRINTED.length; k++) {
                b.printed(i, PRINTED[k], columns[k]);
            }
            row++;
        }
        return b.done(i);
    }
}
