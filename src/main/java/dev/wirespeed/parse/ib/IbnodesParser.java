package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibnodes}, {@code ibhosts}, {@code ibswitches}, {@code ibrouters} (infiniband-diags, the
 * node lists of ibnetdiscover -l/-H/-S/-R): "Ca : 0xGUID ports 2 "desc"", and for a switch
 * "Switch : 0xGUID ports 36 "desc" base port 0 lid 2 lmc 0" ("enhanced port 0" on an enhanced switch);
 * a GUID whose last digits a writer masked ("0xfc6a1c0300xxxxxx") is kept as printed.
 */
public final class IbnodesParser extends BaseParser {
    private static final Pattern NODE = Pattern.compile(
            "(Ca|Switch|Router|Rt)\\s*:\\s*(0x[0-9a-fA-F]+[xX*]*)\\s+ports\\s+(\\d+)\\s+\"(.*)\"(?:\\s+\\w+\\s+port 0 lid (\\d+) lmc \\d+)?\\s*");
    /** libibumad's and ibsim's warnings on stderr, mixed into a paste. */
    private static final Pattern WARNING = Pattern.compile("ibwarn: .*");

    public IbnodesParser() {
        super("ibnodes", "ibnodes", "ibhosts", "ibswitches", "ibrouters");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(NODE, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(NODE, i)) != null) {
                String type = m.group(1).equals("Ca") ? "Ca" : m.group(1).equals("Switch") ? "Switch" : "Rt";
                b.use(i).add(new IbNode(type, m.group(4).strip(), m.group(2), UnitWords.integer(m.group(3)), m.group(5),
                        in.source(i)));
            } else if (in.matches(WARNING, i)) {
                b.use(i);
            } else if (!in.blank(i)) {
                break;
            }
        }
        return b.done(i);
    }
}
