package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code nfsstat -m} (nfs-utils): "MOUNT from SERVER:/EXPORT" then " Flags: opt,opt=value,…". The
 * option list has no blanks, so a Flags line that a mail client or terminal wrapped continues on
 * the following lines of option characters; they are joined back as they were. Plain {@code nfsstat}
 * (and -c, -s, -r, -n): titled tables, "Client rpc stats:" then rows of names and rows of their
 * counts, an operation's percentage after its count ("259158128 66%"), as nfsstat.c's print_callstats
 * lays them out; a table cut inside a row keeps the cells it has.
 */
public final class NfsstatParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(/\\S*) from (\\S+:\\S*)");
    private static final Pattern FLAGS = Pattern.compile("Flags:\\s*(\\S+)");
    private static final Pattern CONTINUATION = Pattern.compile("[\\w.:=,/-]+");
    /** nfsstat.c's table titles: "Client rpc stats:", "Server nfs v4 operations:", Solaris's "Client rpc:", "Client nfs_acl:". */
    private static final Pattern TITLE = Pattern.compile("((Client|Server) [a-z][a-z0-9_ .]*?)\\s*:");
    /** Solaris nfsstat's tables under a title: "Connection oriented:", "Connectionless:", "Version 3: (1585571 calls)". */
    private static final Pattern SUBTITLE = Pattern.compile(
            "(Connection oriented|Connectionless|Version (\\d+(?:\\.\\d+)?)): ?(?:\\(\\d+ calls\\))?\\s*");
    private static final Pattern VERSION = Pattern.compile(".* v(\\d+(?:\\.\\d+)?)\\b.*");
    private static final Pattern NAMES = Pattern.compile("[A-Za-z_][\\w.+-]*(?:\\s+[A-Za-z_][\\w.+-]*)*");
    private static final Pattern COUNTS = Pattern.compile("\\d+%?(?:\\s+\\d+%?)*");

    public NfsstatParser() {
        super("nfsstat", "nfsstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && in.matches(FLAGS, i + 1) || statsAt(in, i);
    }

    /** A table title with a row of names and a row of counts under it, or under its first subtitle. */
    private static boolean statsAt(Lines in, int i) {
        return in.matches(TITLE, i) && (rowsAt(in, i + 1) || in.matches(SUBTITLE, i + 1) && rowsAt(in, i + 2));
    }

    private static boolean rowsAt(Lines in, int i) {
        return in.matches(NAMES, i) && in.matches(COUNTS, i + 1) && !in.matches(TITLE, i) && !in.matches(SUBTITLE, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            if (in.blank(i)) {
                i++;
                continue;
            }
            if (statsAt(in, i)) {
                i = section(in, i, b);
                continue;
            }
            Matcher h = in.match(HEAD, i);
            Matcher f = in.match(FLAGS, i + 1);
            if (h == null) {
                break;
            }
            Source src = in.source(i);
            b.use(i);
            Map<String, String> opts = new LinkedHashMap<>();
            if (f != null) {
                b.use(i + 1);
                StringBuilder flags = new StringBuilder(f.group(1));
                while (i + 2 < in.size() && in.matches(CONTINUATION, i + 2) && !in.matches(HEAD, i + 2)) {
                    flags.append(in.get(i + 2));
                    b.use(i + 2);
                    i++;
                }
                opts = options(flags.toString());
                i++;
            }
            i++;
            b.add(new NfsMount(h.group(1), h.group(2), opts.get("proto"), opts.get("vers"),
                    UnitWords.integer(opts.get("port")), longOf(opts.get("rsize")), longOf(opts.get("wsize")), opts, src));
        }
        return b.done(i);
    }

    /** A title's tables from {@code from}: its own rows, then each subtitle's; the line after the last. */
    private static int section(Lines in, int from, ParseBuilder b) {
        Matcher t = in.match(TITLE, from);
        String title = t.group(1);
        String side = t.group(2).toLowerCase(Locale.ROOT);
        Matcher v = VERSION.matcher(title);
        String version = v.matches() ? v.group(1) : null;
        b.use(from);
        int i = from + 1;
        if (rowsAt(in, i)) {
            i = table(in, i, b, title, side, version);
        }
        Matcher sub;
        while (i + 2 < in.size() && (sub = in.match(SUBTITLE, i)) != null && rowsAt(in, i + 1)) {
            b.use(i);
            i = table(in, i + 1, b, title + " " + sub.group(1), side, sub.group(2) != null ? sub.group(2) : version);
        }
        return i;
    }

    /**
     * Pairs of a names row and a counts row from {@code from} up to a blank line, a title or a cut; the next
     * line. The record's source is the first counts row (the calls and retrans a finding cites).
     */
    private static int table(Lines in, int from, ParseBuilder b, String title, String side, String version) {
        Source src = in.source(from + 1);
        Map<String, Quantity> counts = new LinkedHashMap<>();
        Map<String, Quantity> percent = new LinkedHashMap<>();
        int i = from;
        while (i + 1 < in.size() && rowsAt(in, i)) {
            String[] names = in.get(i).strip().split("\\s+");
            String[] cells = in.get(i + 1).strip().split("\\s+");
            int c = 0;
            for (String name : names) {
                if (c >= cells.length || cells[c].endsWith("%")) {
                    break; // the row was cut before this name's count
                }
                counts.put(name, Quantity.count(UnitWords.number(cells[c]), cells[c]));
                c++;
                if (c < cells.length && cells[c].endsWith("%")) {
                    String pct = cells[c];
                    percent.put(name, Quantity.of(UnitWords.number(pct.substring(0, pct.length() - 1)), "%", pct));
                    c++;
                }
            }
            b.use(i).use(i + 1);
            i += 2;
        }
        b.add(new NfsStats(title, side, version, counts, percent, src));
        return i;
    }

    /** A mount option list ("rw,vers=3,proto=rdma,port=20049") as name → value ("" for a flag), in order. */
    static Map<String, String> options(String list) {
        Map<String, String> opts = new LinkedHashMap<>();
        for (String o : list.split(",")) {
            if (o.isEmpty()) {
                continue;
            }
            String[] kv = o.split("=", 2);
            opts.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        return opts;
    }

    static Long longOf(String s) {
        double v = UnitWords.number(s);
        return Double.isNaN(v) ? null : (long) v;
    }
}
