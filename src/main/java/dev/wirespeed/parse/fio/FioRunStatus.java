package dev.wirespeed.parse.fio;

import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's two closing blocks, which a paste often holds alone (a forum answer, an issue that cut the job
 * blocks): "Run status group N (all jobs):" with one line per direction (stat.c's show_group_stats, in fio
 * 3's "bw=…, MIN-MAX, io=…, run=…" form and fio 2's "io=…, aggrb=…, minb=…, maxb=…, mint=…, maxt=…"), and
 * "Disk stats (read/write):" with one line per device (diskutil.c: "ios=…, merge=…, ticks=…, in_queue=…,
 * util=…%", and for a dm or md device its members' average after it, "aggrios=…, aggrmerge=…, aggrticks=…,
 * aggrin_queue=…, aggrutil=…%").
 */
final class FioRunStatus {
    private FioRunStatus() {}

    static final Pattern HEAD = Pattern.compile("Run status group (\\d+) \\(all jobs\\):");
    /** A direction's line: fio 3 starts it with bw=, fio 2 with io=. */
    static final Pattern LINE = Pattern.compile("(READ|WRITE|TRIM|MIXED)\\s*: ((?:bw|io)=\\S.*)");
    static final Pattern DISK_HEAD = Pattern.compile("Disk stats \\(read/write\\):");
    /** "name=value" fields at ", ", a comma inside "(…)" left alone ("(43.3MB/s-43.3MB/s)" holds none, but a unit could). */
    private static final Pattern FIELD_SEP = Pattern.compile(",\\s+(?![^()]*\\))");
    private static final Pattern NAMED = Pattern.compile("(\\w+)=(.*)");
    private static final Pattern RATE = Pattern.compile("([\\d.]+)([kKMGTP]?i?B)/s");
    private static final Pattern RANGE = Pattern.compile("([\\d.]+[kKMGTP]?i?B)/s-([\\d.]+[kKMGTP]?i?B)/s.*");
    private static final Pattern SIZE = Pattern.compile("([\\d.]+)([kKMGTP]?i?B)\\b.*");
    private static final Pattern RUN = Pattern.compile("(\\d+)-(\\d+)msec");
    private static final Pattern MSEC = Pattern.compile("(\\d+)msec");

    /** Whether a run-status or disk-stats block starts at line i (its head with a line of its own under it, or a direction's line). */
    static boolean startsAt(Lines in, int i) {
        int next = nextNonBlank(in, i);
        return (in.matches(HEAD, i) && next >= 0 && in.matches(LINE, next))
                || (in.matches(DISK_HEAD, i) && next >= 0 && in.matches(FioTextParser.DISK, next))
                || (in.matches(LINE, i) && (in.get(i).contains("run=") || in.get(i).contains("maxt=")));
    }

    private static int nextNonBlank(Lines in, int i) {
        for (int k = i + 1; k < in.size() && k <= i + 2; k++) {
            if (!in.blank(k)) {
                return k;
            }
        }
        return -1;
    }

    /** The fields of a "name=value, name=value" line, fio's names kept; a field without a name is left out. */
    static Map<String, String> fields(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String f : FIELD_SEP.split(text.strip())) {
            Matcher m = NAMED.matcher(f.strip());
            if (m.matches()) {
                out.put(m.group(1), m.group(2).strip());
            }
        }
        return out;
    }

    /** Reads one direction's line (LINE matched at i) of group {@code group} into a record, its fields kept as printed. */
    static void read(ParseBuilder b, Lines in, int i, Integer group) {
        Matcher m = in.match(LINE, i);
        String dir = m.group(1).toLowerCase(Locale.ROOT);
        List<String> parts = new ArrayList<>(List.of(FIELD_SEP.split(m.group(2).strip())));
        Map<String, String> named = fields(m.group(2));
        boolean fio2 = named.containsKey("aggrb") || !named.containsKey("bw");
        Quantity bw;
        Quantity min = null;
        Quantity max = null;
        Quantity runMin;
        Quantity runMax;
        if (fio2) {
            bw = rate(named.get("aggrb"), true);
            min = rate(named.get("minb"), true);
            max = rate(named.get("maxb"), true);
            runMin = millis(named.get("mint"));
            runMax = millis(named.get("maxt"));
        } else {
            bw = rate(named.get("bw"), false);
            // fio 3's unnamed second field: the slowest and the fastest job, "41.3MiB/s-41.3MiB/s (43.3MB/s-43.3MB/s)"
            for (String p : parts) {
                Matcher r = RANGE.matcher(p.strip());
                if (r.matches()) {
                    min = rate(r.group(1) + "/s", false);
                    max = rate(r.group(2) + "/s", false);
                }
            }
            Matcher run = named.get("run") == null ? null : RUN.matcher(named.get("run"));
            boolean ran = run != null && run.matches();
            runMin = ran ? millis(run.group(1) + "msec") : null;
            runMax = ran ? millis(run.group(2) + "msec") : null;
        }
        FioGroupStatus s = new FioGroupStatus(group, dir, bw, min, max, size(named.get("io"), fio2), runMin, runMax, in.source(i));
        b.use(i).add(s);
        named.forEach((name, value) -> b.printedBeside(s, i, name, value)); // beside "READ": "bw=…", the line as a field
    }

    private static Quantity rate(String text, boolean fio2) {
        Matcher m = text == null ? null : RATE.matcher(text);
        if (m == null || !m.lookingAt()) {
            return null;
        }
        double bytes = fio2 ? FioTextParser.binaryBytes(m.group(1), m.group(2)) : FioTextParser.bytes(m.group(1), m.group(2));
        return Quantity.bitsPerSecond(bytes * 8, m.group(0));
    }

    private static Quantity size(String text, boolean fio2) {
        Matcher m = text == null ? null : SIZE.matcher(text);
        if (m == null || !m.matches()) {
            return null;
        }
        double bytes = fio2 ? FioTextParser.binaryBytes(m.group(1), m.group(2)) : FioTextParser.bytes(m.group(1), m.group(2));
        return Quantity.bytes(bytes, m.group(1) + m.group(2));
    }

    private static Quantity millis(String text) {
        Matcher m = text == null ? null : MSEC.matcher(text);
        return m != null && m.matches() ? Quantity.micros(UnitWords.number(m.group(1)) * 1000, text) : null;
    }
}
