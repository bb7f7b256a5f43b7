package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code flint -d DEV query [full]} / {@code mstflint -d DEV q} (firmware burning tools): "Image type:",
 * "FW Version:", "PSID:", "Base GUID:"/"Base MAC:" (the value, then how many are allocated), "Security
 * Attributes:", as "key: value" lines; "Rom Info:" holds one "type=PXE version=3.6.502 cpu=AMD64"
 * entry a line, the next ones indented. {@code query full} adds "Part Number:" and the product's
 * "Description:" before the GUID table's own "Description: UID GuidsNumber" head. A value is one
 * word: what follows it on the line (GUID counts, a note a writer added) is not part of it.
 */
public final class FlintQueryParser extends BaseParser {
    private static final Pattern ROM = Pattern.compile("type=(.+?)\\s+version=(\\S+).*");
    /** A GUID table row's value: the first GUID or MAC, then how many ("9440c9c367fa            16"). */
    private static final Pattern GUID_ROW = Pattern.compile("([0-9A-Fa-f:]{8,})\\s+(\\d+)");

    public FlintQueryParser() {
        super("flint", "flint", "mstflint");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.get(i).startsWith("Image type:") && i + 1 < in.size()
                && (in.get(i + 1).startsWith("FW Version:") || in.get(i + 2 < in.size() ? i + 2 : i).startsWith("FW Version:"));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields f = new Fields();
        Map<String, String> roms = new LinkedHashMap<>();
        int i = from;
        // a continuation (Rom Info's second entry) is indented past the fields; the whole block may be
        // indented too (a numbered step of a docs page indents its fence by 8)
        int fieldIndent = indent(in.raw(from));
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                break;
            }
            boolean continued = indent(in.raw(i)) > fieldIndent;
            Matcher m = continued ? null : in.match(KEY_VALUE, i);
            if (m != null) {
                String key = m.group(1).strip();
                String value = m.group(2).strip();
                if (key.equalsIgnoreCase("Rom Info")) {
                    rom(roms, value);
                } else if (!(key.equalsIgnoreCase("Description") && value.startsWith("UID"))) {
                    f.put(key, value, in.source(i));
                }
                Matcher row = GUID_ROW.matcher(value);
                if (row.matches()) { // under the "UID GuidsNumber" head: its two columns, in order
                    b.printed(i, key, row.group(1)).printed(i, key, row.group(2));
                }
                b.use(i);
            } else if (continued) {
                rom(roms, in.get(i));
                b.use(i);
            } else {
                break;
            }
        }
        Command c = in.command();
        b.add(new MlxDevice(c == null ? null : c.after("-d"), null, f.text("part number"), f.text("description"),
                word(f, "psid"), null, word(f, "fw version"), null, null, f.first(), null, roms, word(f, "base guid"),
                word(f, "base mac"), na(f.text("security attributes"))));
        return b.done(i);
    }

    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && Character.isWhitespace(line.charAt(n))) {
            n++;
        }
        return n;
    }

    private static void rom(Map<String, String> roms, String entry) {
        Matcher m = ROM.matcher(entry.strip());
        if (m.matches()) {
            roms.putIfAbsent(m.group(1), m.group(2));
        }
    }

    /** The value's first word ("08c0eb030053eaec        16": the GUID, then how many). */
    private static String word(Fields f, String key) {
        String v = f.text(key);
        return v == null ? null : v.split("\\s+")[0];
    }

    private static String na(String s) {
        return s == null || s.equals("N/A") ? null : s;
    }
}
