package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code iblinkinfo} (infiniband-diags): "CA: name:" or "Switch: 0xGUID name:" heads (newer releases
 * drop the colon after "Switch"), then one line per port:
 * "[guid] lid port[ ] ==( 4X 25.78125 Gbps Active/ LinkUp)==> lid port[ ] "peer" ( hint )". With
 * {@code -l} (line mode) every line carries the node's GUID and its quoted, padded name first and the
 * peer's GUID before the peer's LID; with {@code -p} "(HOQ:n VL_Stall:n)" follows the link
 * (iblinkinfo.c, print_port).
 */
public final class IblinkinfoParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(CA|Switch):?\\s+(?:(0x[0-9a-fA-F]+)\\s+)?(.*?):?");
    static final Pattern LINK = Pattern.compile(
            "(?:(0x[0-9a-fA-F]+)\\s+(?:\"\\s*([^\"]*)\"\\s+)?)?(\\d+)\\s+(\\d+)\\[[^\\]]*\\]\\s*==\\(\\s*"
                    + "(?:(\\d+X)\\s+([\\d.]+)\\s*Gbps\\s+(?:\\(\\w+\\)\\s+)?)?(\\w+)/\\s*(\\w+)\\s*\\)"
                    + "(?:\\s*\\(HOQ:\\d+ VL_Stall:\\d+\\))?==>\\s*(?:(?<peerGuid>0x[0-9a-fA-F]+)\\s+)?(?:(\\d+)\\s+)?"
                    + "(?:(\\d+)\\[[^\\]]*\\]|\\[[^\\]]*\\])?\\s*(?:\"([^\"]*)\")?\\s*(?:\\(\\s*(.*?)\\s*\\))?");

    /**
     * The link a {@link #LINK} line prints, of node {@code name} (GUID {@code nodeGuid}) at port GUID
     * {@code portGuid}; ibqueryerrors' "Link info:" lines print the same line without the node's part.
     */
    static IbLink link(Matcher m, String name, String nodeGuid, String portGuid, Source source) {
        Quantity lane = m.group(6) == null ? null
                : Quantity.bitsPerSecond(UnitWords.number(m.group(6)) * 1e9, m.group(6) + " Gbps");
        String hint = m.group(13) == null || m.group(13).isBlank() ? null : m.group(13);
        return new IbLink(name, nodeGuid, m.group(3), UnitWords.integer(m.group(4)), m.group(5),
                m.group(6) == null ? null : m.group(6) + " Gbps", lane, m.group(7), IbStates.physical(m.group(8)),
                m.group(10), UnitWords.integer(m.group(11)), m.group(12), hint, portGuid, m.group("peerGuid"), source);
    }

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
                // print_port prints port->guid first: a CA's port GUID (no node GUID is printed for a CA), in line
                // mode any node's port; a switch's header names port 0's GUID, its node's
                String g = m.group(2) != null ? m.group(1) : guid;
                String name = m.group(2) != null ? m.group(2).strip() : node;
                b.use(i).add(link(m, name, g, m.group(1), in.source(i)));
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
