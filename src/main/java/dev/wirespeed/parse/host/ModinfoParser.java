package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
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
 * each opening with its filename. A grep of it ("modinfo mlx5_core | grep ^version", "| grep version:") loses the
 * filename line: the fields then stand alone, read as one module named by the typed command, or, with no command,
 * only when a field only modinfo prints is among them ("srcversion:", "vermagic:").
 */
public final class ModinfoParser extends BaseParser {
    private static final Pattern FILENAME = Pattern.compile("filename:\\s+(\\S+\\.ko(?:\\.xz|\\.gz|\\.zst)?|\\(builtin\\))");
    /** kmod's field names are the module's .modinfo keys: lower case, digits and underscores. */
    private static final Pattern FIELD = Pattern.compile("([a-z][a-z0-9_]*):(?:\\s+(.*))?");
    /** A signature's further bytes: "\t\tAB:CD:…". */
    private static final Pattern HEX = Pattern.compile("\\s+(?:[0-9A-Fa-f]{2}:)+[0-9A-Fa-f]{0,2}");
    /** Fields only modinfo prints, what makes grepped fields with no command modinfo's. */
    private static final Pattern OWN = Pattern.compile("(?:srcversion|vermagic|retpoline|intree|sig_hashalgo|sig_key):\\s+\\S.*");

    public ModinfoParser() {
        super("modinfo", "modinfo");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(FILENAME, i) || grepped(in, i);
    }

    /** Fields without their filename line: the first line under a typed modinfo, or a run holding a field only modinfo prints. */
    private static boolean grepped(Lines in, int i) {
        if (!in.matches(FIELD, i) || i > 0 && in.matches(FIELD, i - 1)) {
            return false;
        }
        if (i == 0 && typedModule(in) != null) {
            return true;
        }
        for (int k = i; k < in.size() && in.matches(FIELD, k); k++) {
            if (in.matches(OWN, k)) {
                return true;
            }
        }
        return false;
    }

    /** The module a typed "modinfo [options] MODULE" names, or null. */
    private static String typedModule(Lines in) {
        Command c = in.command();
        if (c == null || !c.program().equals("modinfo")) {
            return null;
        }
        return c.args().stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        boolean headless = !in.matches(FILENAME, i);
        while (i < in.size() && (in.matches(FILENAME, i) || headless)) {
            int at = i;
            String filename = headless ? null : in.match(FILENAME, i).group(1);
            String name = null;
            String version = null;
            String srcversion = null;
            String vermagic = null;
            List<String> firmware = new ArrayList<>();
            List<String> parameters = new ArrayList<>();
            if (!headless) {
                b.use(i++);
            }
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
            String module = name != null ? name : headless ? typedModule(in) : moduleName(filename);
            b.add(new ModuleInfo(module, filename, version, srcversion, vermagic, firmware, parameters, in.source(at)));
            headless = false;
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
