package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code cat /proc/net/rpc/nfs} or {@code /proc/net/rpc/nfsd}: lines of a key and numbers (see
 * {@link NfsRpcCounters}). Recognised at a "net" line followed by an "rpc" line (the client's file, or the
 * server's from "net" on), at the server's "rc" line followed by "fh", or at a "th" line alone in its own shape
 * (two counts and ten histogram seconds with three decimals: {@code grep th /proc/net/rpc/nfsd}).
 */
public final class ProcNetRpcParser extends BaseParser {
    private static final Pattern LINE = Pattern.compile("(rc|fh|io|th|ra|net|rpc|proc\\d|proc4ops|wdeleg_getattr)((?:\\s+[\\d.]+)+)");
    private static final Pattern NET = Pattern.compile("net(?:\\s+\\d+){4}");
    private static final Pattern RPC = Pattern.compile("rpc(?:\\s+\\d+){3,5}");
    private static final Pattern RC = Pattern.compile("rc(?:\\s+\\d+){3}");
    private static final Pattern FH = Pattern.compile("fh(?:\\s+\\d+){5}");
    /** fs/nfsd/stats.c: "th %u %u" then ten " %u.%03u" (the deprecated histogram, " 0.000" since 2.6.29). */
    private static final Pattern TH = Pattern.compile("th\\s+\\d+\\s+\\d+(?:\\s+\\d+\\.\\d{3}){10}");
    /** RFC 1094's procedures, in the order the kernel counts them. */
    private static final List<String> V2 = List.of("null", "getattr", "setattr", "root", "lookup", "readlink", "read",
            "wrcache", "write", "create", "remove", "rename", "link", "symlink", "mkdir", "rmdir", "readdir", "statfs");
    /** RFC 1813's procedures, in the order the kernel counts them. */
    private static final List<String> V3 = List.of("null", "getattr", "setattr", "lookup", "access", "readlink", "read",
            "write", "create", "mkdir", "symlink", "mknod", "remove", "rmdir", "rename", "link", "readdir",
            "readdirplus", "fsstat", "fsinfo", "pathconf", "commit");

    public ProcNetRpcParser() {
        super("proc-net-rpc");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(NET, i) && in.matches(RPC, i + 1) || in.matches(RC, i) && in.matches(FH, i + 1)
                || in.matches(TH, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        boolean server = in.matches(RC, from);
        Long threads = null;
        Long allBusy = null;
        Source thLine = null;
        long[] rpc = null;
        Map<String, Map<String, Long>> ops = new LinkedHashMap<>();
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m = in.match(LINE, i);
            if (m == null || i > from && (m.group(1).equals("rc") || m.group(1).equals("net") && rpc != null)) {
                break; // another file's first line
            }
            String[] cells = m.group(2).strip().split("\\s+");
            switch (m.group(1)) {
                case "th" -> {
                    server = true;
                    threads = whole(cells[0]);
                    allBusy = cells.length > 1 ? whole(cells[1]) : null;
                    thLine = in.source(i);
                }
                case "rpc" -> {
                    rpc = new long[cells.length];
                    for (int c = 0; c < cells.length; c++) {
                        rpc[c] = whole(cells[c]);
                    }
                    server |= cells.length == 5; // nfsd: calls badcalls badfmt badauth badclnt
                }
                case "proc2" -> ops.put("v2", procedures(cells, V2));
                case "proc3" -> ops.put("v3", procedures(cells, V3));
                case "proc4" -> ops.put("v4", procedures(cells, List.of()));
                default -> { }
            }
            b.use(i);
        }
        Long calls = rpc != null ? rpc[0] : null;
        Long second = rpc != null && rpc.length > 1 ? rpc[1] : null;
        Long third = rpc != null && rpc.length > 2 ? rpc[2] : null;
        b.add(new NfsRpcCounters(server ? "nfsd" : "nfs", threads, allBusy, calls, server ? null : second,
                server ? null : third, server ? second : null, ops, thLine, in.source(from)));
        return b.done(i);
    }

    /** "22 0 6 …": the count of procedures, then each one's calls, named by {@code names} (else numbered). */
    private static Map<String, Long> procedures(String[] cells, List<String> names) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int c = 1; c < cells.length; c++) {
            int n = c - 1;
            counts.put(n < names.size() ? names.get(n) : String.valueOf(n), whole(cells[c]));
        }
        return counts;
    }

    private static long whole(String cell) {
        int dot = cell.indexOf('.');
        String digits = dot < 0 ? cell : cell.substring(0, dot);
        return digits.isEmpty() || digits.length() > 18 ? 0L : Long.parseLong(digits);
    }
}
