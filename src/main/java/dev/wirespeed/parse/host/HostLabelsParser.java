package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Parser;
import dev.wirespeed.parse.Parsers;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script's or a poster's own "Label: value" lines about the host, printed beside a tool's output: a report
 * script's "Kernel: 5.15.0-91-generic" after its ethtool -i, a mail's "OS: / Kernel: / ofed:" lines under a call
 * trace (parse/kernel README), a cluster check's per-host "OFED: …", "IB HCA FW Active: …" lines (xCAT's
 * test_hca_state, parse/ib README). Tried after every tool's parser, so a tool's own "name: value" lines stay
 * its own. A run of such lines (blank-free; a "name:" line alone, as "mlx4_0/1:", may head indented ones) is read
 * when one of its labels names the kernel, the distribution or the driver stack, the kernel's value a release
 * ("5.10.91", not "mlx5_core 0000:…", a log line); a run of one line (a mail double-spaced: "OS:  openEuler
 * 20.03", a blank, "Kernel: 4.19.90-…") only when that line is the kernel's release, the distribution or an OFED
 * release ("MLNX_OFED_LINUX-5.7-1.0.2.0"), so a lone "Note: …" or "ofed: not installed" stays unread.
 */
public final class HostLabelsParser extends BaseParser {
    /** "Label: value": a short label (letters first, no colon), a value; or a label alone ending a heading line. */
    private static final Pattern LABELLED = Pattern.compile("([A-Za-z][\\w ./()+-]{0,39}?)\\s*:(?:\\s+(\\S.*))?");
    private static final Pattern RELEASE = Pattern.compile("\\d+\\.\\d+[\\w.+~-]*");
    private static final Pattern OFED_RELEASE = Pattern.compile("(?:MLNX_OFED_LINUX|OFED-internal|MLNX_OFED)-\\d[\\w.-]*.*");

    public HostLabelsParser() {
        super("host-labels");
    }

    private enum Label { KERNEL, OS, OFED, OTHER }

    private static Label label(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "kernel", "kernel version", "kernel release", "linux kernel", "uname -r" -> Label.KERNEL;
            case "os", "distro", "distribution", "operating system", "os version" -> Label.OS;
            case "ofed", "mlnx_ofed", "mellanox ofed", "ofed version", "host ofed", "mofed", "driver stack" -> Label.OFED;
            default -> Label.OTHER;
        };
    }

    /** The line's label and value (value null for a heading "name:"), or null when it is no labelled line. */
    private static String[] labelled(Lines in, int i) {
        if (i >= in.size() || in.blank(i)) {
            return null;
        }
        Matcher m = in.match(LABELLED, i);
        if (m == null) {
            return null;
        }
        String value = m.group(2) == null ? null : m.group(2).strip();
        if (value == null && in.raw(i).startsWith(" ")) {
            return null; // an indented heading: a tool's section, not a script's label
        }
        if (label(m.group(1)) == Label.KERNEL && (value == null || !RELEASE.matcher(value.split("\\s+")[0]).matches())) {
            return null; // "kernel: mlx5_core …": a log line, read by the kernel log's parser
        }
        return new String[] {m.group(1).strip(), value};
    }

    /** The longest run looked at: a script's summary is a few lines; a long "name: value" output is a tool's. */
    private static final int LONGEST = 200;

    /** Every other parser, asked where a tool's output begins inside a run; made once, on first use. */
    private static final class Others {
        static final List<Parser> ALL = Parsers.all().stream().filter(p -> !(p instanceof HostLabelsParser)).toList();
    }

    /** Where the run of labelled lines from {@code from} ends (exclusive). */
    private static int runEnd(Lines in, int from) {
        int i = from;
        while (i < in.size() && i - from < LONGEST && labelled(in, i) != null) {
            i++;
        }
        return i;
    }

    /**
     * The run from {@code from} up to the first later line where a tool's output begins ("=== eth0 ===", a script's
     * "Kernel:" and "Driver:" lines, then ethtool -i's own "driver: mlx5_core": the run is the script's two lines).
     */
    private static int ownEnd(Lines in, int from, int end) {
        for (int k = from + 1; k < end; k++) {
            int at = k;
            if (Others.ALL.stream().anyMatch(p -> p.startsAt(in, at))) {
                return k;
            }
        }
        return end;
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (labelled(in, i) == null || i > 0 && labelled(in, i - 1) != null) {
            return false; // a run starts at its first line only
        }
        int run = runEnd(in, i);
        if (run - i >= LONGEST || !names(in, i, run)) {
            return false;
        }
        int end = ownEnd(in, i, run);
        for (int k = i; k < end; k++) {
            String[] l = labelled(in, k);
            Label kind = label(l[0]);
            if (l[1] == null || kind == Label.OTHER) {
                continue;
            }
            if (end - i >= 2 || kind != Label.OFED || OFED_RELEASE.matcher(l[1]).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Whether some line of the run has a label that names a field (cheap: asked before any other parser is). */
    private static boolean names(Lines in, int from, int end) {
        for (int k = from; k < end; k++) {
            String[] l = labelled(in, k);
            if (l[1] != null && label(l[0]) != Label.OTHER) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int end = ownEnd(in, from, runEnd(in, from));
        String kernel = null;
        String os = null;
        String ofed = null;
        for (int i = from; i < end; i++) {
            String[] l = labelled(in, i);
            b.use(i);
            if (l[1] == null) {
                continue;
            }
            switch (label(l[0])) {
                case KERNEL -> kernel = kernel == null ? l[1].split("\\s+")[0] : kernel;
                case OS -> os = os == null ? l[1] : os;
                case OFED -> ofed = ofed == null ? l[1].replaceAll(":$", "") : ofed;
                default -> {
                }
            }
        }
        if (end > from) {
            b.add(new HostLabels(kernel, os, ofed, in.source(from)));
        }
        return b.done(end);
    }
}
