package dev.wirespeed.parse.pci;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code lspci -t} / {@code -tv} (pciutils ls-tree.c): each host bridge as "-[dddd:bb]-", a bridge's
 * secondary buses as "-[bb]-" or "-[bb-ss]-" after its slot, then the bus's devices: one as
 * "--dd.f", several as "+-dd.f" … "\-dd.f" with the "+" and "\" of one bus in one column (the lines
 * after the first continue that column with "|"). With -v a device's name follows its slot after two
 * blanks (a bridge that leads to a bus prints none). A device's address is its bus's domain and
 * number, then the slot. Lines a writer put inside the tree ("# a NIC with 2 ports") are skipped.
 */
public final class LspciTreeParser extends BaseParser {
    /** A host bridge's line: "-[0000:00]-+-00.0", or "-+-[0000:c0]-+-…" / " +-[…]" / " \\-[…]" with several. */
    private static final Pattern ROOT = Pattern.compile("(?:-\\+-|\\+-|\\\\-|-)\\[[0-9a-f]{4}:[0-9a-f]{2}]-.*");
    private static final Pattern TOKEN = Pattern.compile(
            "\\[(?:([0-9a-f]{4}):)?([0-9a-f]{2})(?:-[0-9a-f]{2})?]|([0-9a-f]{2}\\.[0-7])(?=$|-|\\s)");
    /** A line of the tree: branch characters, then a bus or a slot. */
    private static final Pattern TREE_LINE = Pattern.compile("[\\s|+\\\\-]*(?:\\[[0-9a-f]{4}:|[0-9a-f]{2}\\.[0-7]).*");

    public LspciTreeParser() {
        super("lspci-tree", "lspci");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(ROOT, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<Integer, String> busAtColumn = new HashMap<>(); // the column of a bus's "+"/"\" → "dddd:bb"
        int i = from;
        for (; i < in.size(); i++) {
            String line = in.raw(i);
            if (in.blank(i)) {
                break;
            }
            if (in.get(i).startsWith("#")) {
                continue; // a writer's note inside the tree
            }
            if (!TREE_LINE.matcher(line).matches()) {
                break;
            }
            String bus = null; // the bus a slot on this line sits on when it follows its marker directly
            String domain = "0000";
            Matcher m = TOKEN.matcher(line);
            while (m.find()) {
                if (m.group(2) != null) {
                    domain = m.group(1) != null ? m.group(1) : domain;
                    bus = domain + ":" + m.group(2);
                    int k = m.end();
                    while (k < line.length() && line.charAt(k) == '-') {
                        k++;
                    }
                    if (k < line.length() && (line.charAt(k) == '+' || line.charAt(k) == '\\')) {
                        busAtColumn.put(k, bus);
                    }
                    continue;
                }
                int branch = m.start() - 2;
                String on = branch >= 0 && (line.charAt(branch) == '+' || line.charAt(branch) == '\\')
                        ? busAtColumn.getOrDefault(branch, bus) : bus;
                if (on == null) {
                    continue;
                }
                domain = on.substring(0, 4);
                String rest = line.substring(m.end());
                String name = rest.startsWith("  ") ? rest.strip() : null;
                b.add(new PciDevice(on + ":" + m.group(3), null, name == null || name.isEmpty() ? null : name, null,
                        null, null, in.source(i)));
                if (!rest.startsWith("-")) {
                    break; // the name runs to the end of the line
                }
            }
            b.use(i);
        }
        return b.done(i);
    }
}
