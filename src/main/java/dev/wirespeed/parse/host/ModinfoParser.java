package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code modinfo MODULE} (kmod): "filename:       /lib/modules/…/ice.ko" (or "(builtin)") first, then
 * "field:          value" lines in the module's own order; a signature's hex wraps onto lines
 * indented by tabs. Each module is a {@link ModuleInfo}; "modinfo a b" prints them one after another,
 * each opening with its filename.
 */
public final class ModinfoParser extends BaseParser {
    private static final Pattern FILENAME = Pattern.compile("filename:\\s+(\\S+\\.ko(?:\\.xz|\\.gz|\\.zst)?|\\(builtin\\))");
    /** kmod's field names are the module's .modinfo keys: lower case, digits and underscores. */
    private static final Pattern FIELD = Pattern.compile("([a-z][a-z0-9_]*):(?:\\s+(.*))?");
    /** A signature's further bytes: "\t\tAB:CD:…". */
    private static final Pattern HEX = Pattern.compile("\\s+(?:[0-9A-Fa-f]{2}:)+[0-9A-Fa-f]{0,2}");

    public ModinfoParser() {
        super("modinfo", "modinfo");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(FILENAME, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size() && in.matches(FILENAME, i)) {
            int at = i;
            String filename = in.match(FILENAME, i).group(1);
            String name = null;
            String version = null;
            String srcversion = null;
            String vermagic = null;
            List<String> firmware = new ArrayList<>();
            List<String> parameters = new ArrayList<>();
            b.use(i++);
            for (; i < in.size() && !in.matches(FILENAME, i); i++) {
                Matcher m = in.match(FIELD, i);
                if (m == null) {
                    if (!HEX.matcher(in.raw(i)).matches()) {
                        break;
                    }
                } else {
                    String value = m.group(2) == null ? "" : m.group(2).strip();
                    switch (m.group(1)) {
                        case "name" -> name = value;
                        case "version" -> version = value;
                        case "srcversion" -> srcversion = value;
                        case "vermagic" -> vermagic = value;
                        case "firmware" -> firmware.add(value);
                        case "parm" -> parameters.add(value);
                        default -> { }
                    }
                }
                b.use(i);
            }
            b.add(new ModuleInfo(name != null ? name : moduleName(filename), filename, version, srcversion, vermagic, firmware,
                    parameters, in.source(at)));
        }
        return b.done(i);
    }

    /** "/lib/modules/…/iavf.ko.zst" → "iavf"; kmod's own name for a built-in module is its "name:". */
    private static String moduleName(String filename) {
        if (filename.startsWith("(")) {
            return null;
        }
        String base = filename.substring(filename.lastIndexOf('/') + 1);
        return base.substring(0, base.indexOf(".ko"));
    }
}
