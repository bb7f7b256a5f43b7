package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Units;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code iblinkinfo} (infiniband-diags): "CA: name:" or "Switch: 0xGUID name:" heads, then one line
 * per port: "[guid] lid port[ ] ==( 4X 25.78125 Gbps Active/ LinkUp)==> lid port[ ] "peer" ( hint )".
 */
public final class IblinkinfoParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(CA|Switch):\\s+(?:(0x[0-9a-fA-F]+)\\s+)?(.*?):?");
    private static final Pattern LINK = Pattern.compile(
            "(?:(0x[0-9a-fA-F]+)\\s+)?(\\d+)\\s+(\\d+)\\[[^\\]]*\\]\\s*==\\(\\s*(?:(\\d+X)\\s+([\\d.]+)\\s*Gbps\\s+)?"
                    + "(\\w+)/\\s*(\\w+)\\s*\\)==>\\s*(?:(\\d+)\\s+)?(?:(\\d+)\\[[^\\]]*\\]|\\[[^\\]]*\\])?\\s*"
                    + "(?:\"([^\"]*)\")?\\s*(?:\\(\\s*(.*?)\\s*\\))?");

    public IblinkinfoParser() {
        super("iblinkinfo", "iblinkinfo");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return (in.get(i).endsWith(":") && in.matches(HEAD, i) && in.matches(LINK, i + 1)) || in.matches(LINK, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String node = null;
        String guid = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(LINK, i)) != null) {
                String g = m.group(1) != null ? m.group(1) : guid;
                Quantity lane = m.group(5) == null ? null
                        : Quantity.bitsPerSecond(Units.number(m.group(5)) * 1e9, m.group(5) + " Gbps");
                String hint = m.group(11) == null || m.group(11).isBlank() ? null : m.group(11);
                b.use(i).add(new IbLink(node, g, m.group(2), Units.integer(m.group(3)), m.group(4),
                        m.group(5) == null ? null : m.group(5) + " Gbps", lane, m.group(6), IbStates.physical(m.group(7)),
                        m.group(8), Units.integer(m.group(9)), m.group(10), hint, in.source(i)));
            } else if (in.get(i).endsWith(":") && (m = in.match(HEAD, i)) != null) {
                node = m.group(3).strip();
                guid = m.group(2);
                b.use(i).add(new IbNode(m.group(1), node, guid, null, null, in.source(i)));
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
