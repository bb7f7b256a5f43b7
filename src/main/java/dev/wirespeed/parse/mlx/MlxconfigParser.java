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
 * remain; they are read under the device the command names.
 */
public final class MlxconfigParser extends BaseParser {
    private static final Pattern DEVICE_N = Pattern.compile("Device #\\d+:");
    private static final Pattern CONFIGS = Pattern.compile("Configurations:.*");
    private static final Pattern SETTING = Pattern.compile("([A-Z][A-Za-z0-9_]*(?:\\[\\d+\\])?)\\s+(\\S+(?:\\[[^\\]]*\\])?)(?:\\s+(\\S+))?");
    private static final Pattern TAIL = Pattern.compile(
            "Apply new Configuration\\?.*|Applying\\.\\.\\. Done!|-I- .*|-E- .*|-W- .*");

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

    @Override
    public boolean startsAt(Lines in, int i) {
        if (grepped(in) && in.matches(GREPPED, i)) {
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
        if (grepped(in) && in.matches(GREPPED, from)) {
            settings = true;
            device = in.command().after("-d");
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
                settings = true;
                device = f.text("device");
                b.add(new MlxDevice(device, f.text("device type"), na(f.text("name")), na(f.text("description")), null,
                        null, null, null, null, f.first() != null ? f.first() : in.source(i)));
                b.use(i);
            } else if (!settings && (m = in.match(KEY_VALUE, i)) != null) {
                f.put(m.group(1), m.group(2), in.source(i));
                b.use(i);
            } else if (settings && (m = in.match(SETTING, i)) != null) {
                b.use(i).add(new MlxSetting(device, m.group(1), m.group(2), m.group(3), in.source(i)));
            } else if (settings && in.matches(TAIL, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        return b.done(i);
    }

    private static String na(String s) {
        return s == null || s.equals("N/A") ? null : s;
    }
}
