package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code nfsstat -l} (nfs-utils nfsstat.c print_callstats_list): one line per operation, "nfs v3 client
 * getattr:   463364", the first of a table "… total: N" and a rule of dashes under it. Each run of lines
 * with the same side and version becomes one {@link NfsStats} titled as printed ("nfs v3 client").
 */
public final class NfsstatListParser extends BaseParser {
    private static final Pattern ROW = Pattern.compile("(nfs v(\\d+(?:\\.\\d+)?) (client|server))\\s+(\\S+):\\s+(\\d+)");
    private static final Pattern RULE = Pattern.compile("-+ -+ -+");

    public NfsstatListParser() {
        super("nfsstat-l", "nfsstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(ROW, i) && (in.matches(ROW, i + 1) || in.matches(RULE, i + 1) && in.matches(ROW, i + 2));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<String, Quantity> counts = new LinkedHashMap<>();
        String title = null;
        String version = null;
        String side = null;
        Source src = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.matches(RULE, i)) {
                b.use(i);
                continue;
            }
            Matcher m = in.match(ROW, i);
            if (m == null) {
                break;
            }
            if (!m.group(1).equals(title)) {
                if (title != null) {
                    b.add(new NfsStats(title, side, version, counts, Map.of(), src));
                }
                title = m.group(1);
                version = m.group(2);
                side = m.group(3);
                src = in.source(i);
                counts = new LinkedHashMap<>();
            }
            counts.put(m.group(4), Quantity.count(UnitWords.number(m.group(5)), m.group(5)));
            b.use(i);
        }
        if (title != null) {
            b.add(new NfsStats(title, side, version, counts, Map.of(), src));
        }
        return b.done(i);
    }
}
