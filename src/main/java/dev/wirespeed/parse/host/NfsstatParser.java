package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code nfsstat -m} (nfs-utils): "MOUNT from SERVER:/EXPORT" then " Flags: opt,opt=value,…". The
 * option list has no blanks, so a Flags line that a mail client or terminal wrapped continues on
 * the following lines of option characters; they are joined back as they were.
 */
public final class NfsstatParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(/\\S*) from (\\S+:\\S*)");
    private static final Pattern FLAGS = Pattern.compile("Flags:\\s*(\\S+)");
    private static final Pattern CONTINUATION = Pattern.compile("[\\w.:=,/-]+");

    public NfsstatParser() {
        super("nfsstat", "nfsstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && in.matches(FLAGS, i + 1);
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
