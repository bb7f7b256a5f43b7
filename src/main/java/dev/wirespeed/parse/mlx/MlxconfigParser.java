package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlxconfig} / {@code mstconfig} query and set: "Device #1:", "Device type: ConnectX4",
 * "Name:", "Description:", "Device: 21:00.0", "Configurations: Next Boot [New]", then one
 * "NAME value [new]" line per setting; the set prompt "Apply new Configuration? (y/n)" and
 * "Applying... Done!" follow. After "mlxconfig -d DEV q | grep NAME" only the setting lines
 * remain; they are read under the device the command names. With {@code -e} the head reads
 * "Configurations: Default Current Next Boot", each row carries the three values and a "*" before
 * the name when the next value differs from the default or current one (mlxconfig then explains
 * the mark in a last line); a "*" row is mlxconfig's even when a grep kept nothing else, and so is a
 * run of {@value #ROW_RUN} -e rows pasted without their head (an UPPER_SNAKE name and three values, one of
 * them in mlxconfig's "LID(1)" form: sriov-network-operator#492, #358).
 */
public final class MlxconfigParser extends BaseParser {
    private static final Pattern DEVICE_N = Pattern.compile("Device #\\d+:");
    private static final Pattern CONFIGS = Pattern.compile("Configurations:.*");
    /** The -e query's head, mlxconfig's own even when a grep left nothing around it. */
    private static final Pattern EXTENDED_HEAD = Pattern.compile("Configurations:\\s+Default\\s+Current\\s+Next Boot");
    private static final Pattern SETTING = Pattern.compile(
            "(\\*\\s*)?([A-Z][A-Za-z0-9_]*(?:\\[\\d+\\])?)\\s+(\\S+(?:\\[[^\\]]*\\])?)(?:\\s+(\\S+))?(?:\\s+(\\S+))?");
    /** A -e row mlxconfig marked as changed: "*  NUM_OF_VFS  16  16  8". */
    private static final Pattern STAR_ROW = Pattern.compile("\\*\\s+[A-Z][A-Z0-9_]+(?:\\[\\d+\\])?\\s+\\S+\\s+\\S+\\s+\\S+");
    /** A "*" row cut after its name ("*        ROCE_CONTROL"). */
    private static final Pattern STAR_NAME = Pattern.compile("\\*\\s*([A-Z][A-Z0-9_]+(?:\\[\\d+\\])?)");
    /** A -e row: a name with an underscore, then default, current and next boot ("IB_ROUTING_MODE_P1  LID(1)  LID(1)  LID(1)"). */
    private static final Pattern ROW3 = Pattern.compile(
            "(?:\\*\\s*)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:\\[\\d+\\])?\\s+\\S+\\s+\\S+\\s+\\S+");
    /** A value as mlxconfig prints an enumerated setting: its name and number ("False(0)", "DEVICE_DEFAULT(0)"). */
    private static final Pattern NAMED_VALUE = Pattern.compile("\\s\\w+\\(\\d+\\)");
    /** -e rows in a row that make a headless paste mlxconfig's. */
    static final int ROW_RUN = 4;
    private static final Pattern TAIL = Pattern.compile(
            "Apply new Configuration\\?.*|Applying\\.\\.\\. Done!|-I- .*|-E- .*|-W- .*|The '\\*' shows parameters .*"
                    + "|#\\s+Default\\s+Current\\s+Next Boot|\\.\\.\\.");

    public MlxconfigParser() {
        super("mlxconfig", "mlxconfig", "mstconfig");
    }

    /** A setting line as the query prints it: an upper-case name and its value ("LINK_TYPE_P1   IB(1)"). */
    private static final Pattern GREPPED = Pattern.compile("[A-Z][A-Z0-9_]+(?:\\[\\d+\\])?\\s+\\S+(?:\\s+\\S+)?");

    /** "mlxconfig -d DEV q | grep LINK_TYPE": only setting lines, under the device the command names. */
    private static boolean grepped(Lines in) {
        var c = in.command();
        return c != null && (c.program().equals("mlxconfig") || c.program().equals("mstconfig")) && c.text().contains("grep");
    }

    /** Line i starts a run of {@value #ROW_RUN} -e rows with no head before them, one with a "NAME(n)" value. */
    private static boolean headless(Lines in, int i) {
        if (!in.matches(ROW3, i) || i > 0 && in.matches(ROW3, i - 1)) {
            return false;
        }
        boolean named = false;
        for (int k = i; k < i + ROW_RUN; k++) {
            if (k >= in.size() || !in.matches(ROW3, k)) {
                return false;
            }
            named |= NAMED_VALUE.matcher(in.get(k)).find();
        }
        return named;
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(STAR_ROW, i) || in.matches(EXTENDED_HEAD, i) || headless(in, i)
                || (grepped(in) && (in.matches(GREPPED, i) || in.matches(CONFIGS, i)))) {
            return true;
        }
        if (!in.matches(DEVICE_N, i)) {
            return false;
        }
        for (int k = i + 1; k < Math.min(in.size(), i + 10); k++) {
            if (in.matches(CONFIGS, k)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields f = new Fields();
        boolean settings = false;
        String device = null;
        if (in.matches(STAR_ROW, from) || in.matches(EXTENDED_HEAD, from) || headless(in, from)
                || (grepped(in) && (in.matches(GREPPED, from) || in.matches(CONFIGS, from)))) {
            settings = true;
            device = in.command() == null ? null : in.command().after("-d");
        }
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(DEVICE_N, i)) {
                if (settings) {
                    break;
                }
                b.use(i);
            } else if (in.matches(CONFIGS, i)) {
                if (!settings) {
                    settings = true;
                    device = f.text("device");
                    b.add(new MlxDevice(device, f.text("device type"), na(f.text("name")), na(f.text("description")),
                            null, null, null, null, null, f.first() != null ? f.first() : in.source(i)));
                }
                b.use(i);
            } else if (!settings && (m = in.match(KEY_VALUE, i)) != null) {
                f.put(m.group(1), m.group(2), in.source(i));
                b.use(i);
            } else if (settings && (m = in.match(SETTING, i)) != null) {
                b.use(i).add(m.group(5) != null // -e: default, current, next boot
                        ? new MlxSetting(device, m.group(2), m.group(5), null, in.source(i), m.group(3), m.group(4),
                                m.group(1) != null)
                        : new MlxSetting(device, m.group(2), m.group(3), m.group(4), in.source(i)));
                printRow(b, i, m);
            } else if (settings && (m = in.match(STAR_NAME, i)) != null) {
                // a "*" row cut after its name: the values are lost, the setting and its mark are not
                b.use(i).add(new MlxSetting(device, m.group(1), null, null, in.source(i), null, null, true));
            } else if (settings && in.matches(TAIL, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        return b.done(i);
    }

    /**
     * The row kept under the tool's own name ("SRIOV_EN" → "True(1)"), its values as printed in column
     * order: one for a query row, next boot and new for a set row, default, current and next boot with -e
     * (a name printed with several values is a list in "printed", docs/EXPLAIN.md "Printed fields").
     */
    private static void printRow(ParseBuilder b, int i, Matcher m) {
        for (int g = 3; g <= 5 && m.group(g) != null; g++) {
            b.printed(i, m.group(2), m.group(g));
        }
    }

    private static String na(String s) {
        return s == null || s.equals("N/A") ? null : s;
    }
}
