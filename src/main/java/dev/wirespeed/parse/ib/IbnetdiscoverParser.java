package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibnetdiscover} topology file: "vendid=", "switchguid=" lines, a node line
 * ("Switch 129 "S-guid" # "desc" enhanced port 0 lid 1 lmc 0" or "Ca 1 "H-guid" # "desc""), then one
 * line per connected port ending in the link's width and speed ("lid 22 2xNDR"). On a CA's port line
 * the comment holds this port's LID before the peer's name and the peer's after it
 * ("# lid 6 lmc 0 "SwitchIB …" lid 23 4xEDR"); a switch's port lines carry only the peer's. The node
 * GUID is the node line's quoted "S-"/"H-"/"R-" name (ibnetdiscover's node id is its GUID).
 * With {@code -p} (--ports) it prints one line per port instead: "CA 134 1 0xPORTGUID 4x EDR - SW 1719
 * 10 0xPORTGUID ( 'desc' - 'peer desc' )", or for an unconnected port only its description after
 * the speed (ibnetdiscover.c, dump_ports_report); a switch's LID is its port 0's. The grouped form
 * (-g) adds "Chassis …" and "Non-Chassis Nodes" lines.
 */
public final class IbnetdiscoverParser extends BaseParser {
    private static final Pattern COMMENT = Pattern.compile("#.*");
    private static final Pattern ASSIGN = Pattern.compile("(vendid|devid|sysimgguid|switchguid|caguid|rtrguid)=.*");
    private static final Pattern NODE = Pattern.compile(
            "(Switch|Ca|Rt)\\s+(\\d+)\\s+\"([^\"]*)\"\\s*(?:#\\s*\"([^\"]*)\"(.*))?");
    private static final Pattern PORT = Pattern.compile(
            "\\[(\\d+)\\](?:\\([^)]*\\))?\\s+\"([^\"]*)\"\\[(\\d+)\\](?:\\([^)]*\\))?\\s*(?:#\\s*(.*?))?\\s*(?:(\\d+)x(\\w+))?");
    private static final Pattern LAST_QUOTED = Pattern.compile(".*\"([^\"]*)\".*");
    private static final Pattern LID = Pattern.compile(".*\\blid (\\d+).*");
    private static final Pattern PORTS_LINE = Pattern.compile(
            "(CA|SW|RT)\\s+(\\d+)\\s+(\\d+)\\s+(0x[0-9a-fA-F]+)\\s+(\\d+|\\?+)x\\s+(\\w+|\\?+)"
                    + "(?:\\s+-\\s+(?:CA|SW|RT)\\s+(\\d+)\\s+(\\d+)\\s+(0x[0-9a-fA-F]+)\\s+\\(\\s*'(.*)'\\s+-\\s+'(.*)'\\s*\\)"
                    + "|\\s+'(.*)')");
    private static final Pattern CHASSIS = Pattern.compile("Non-Chassis Nodes|Chassis \\d+ .*");

    public IbnetdiscoverParser() {
        super("ibnetdiscover", "ibnetdiscover");
    }

    private static final Pattern TOPOLOGY_FILE = Pattern.compile("#\\s*Topology file:.*");

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(TOPOLOGY_FILE, i) || in.matches(ASSIGN, i) || in.matches(NODE, i)
                || in.matches(PORTS_LINE, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String node = null;
        String nodeGuid = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(COMMENT, i) || in.matches(ASSIGN, i)) {
                b.use(i);
            } else if ((m = in.match(NODE, i)) != null) {
                node = m.group(4) != null ? m.group(4) : m.group(3);
                nodeGuid = guid(m.group(3));
                Matcher lid = m.group(5) == null ? null : LID.matcher(m.group(5));
                b.use(i).add(new IbNode(m.group(1), node, m.group(3), UnitWords.integer(m.group(2)),
                        lid != null && lid.matches() ? lid.group(1) : null, in.source(i)));
            } else if ((m = in.match(PORT, i)) != null) {
                String comment = m.group(4) == null ? "" : m.group(4);
                Matcher q = LAST_QUOTED.matcher(comment);
                String peer = q.matches() ? q.group(1) : m.group(2);
                int open = comment.indexOf('"');
                int close = comment.lastIndexOf('"');
                String own = open > 0 ? comment.substring(0, open) : "";
                Matcher ownLid = LID.matcher(own);
                Matcher lid = LID.matcher(close >= 0 ? comment.substring(close + 1) : comment);
                IbLink link = new IbLink(node, nodeGuid, ownLid.matches() ? ownLid.group(1) : null,
                        UnitWords.integer(m.group(1)), m.group(5) == null ? null : m.group(5) + "X", m.group(6), null,
                        null, null, lid.matches() ? lid.group(1) : null, UnitWords.integer(m.group(3)), peer, null,
                        in.source(i));
                b.use(i).add(link);
                if (m.group(5) != null) {
                    // width and speed printed as one token, "4xQDR": kept as printed beside the typed "4X" and "QDR"
                    b.printed(link, i, "width", m.group(5) + "x" + m.group(6));
                }
            } else if ((m = in.match(PORTS_LINE, i)) != null) {
                b.use(i);
                if (m.group(7) != null) {
                    IbLink link = new IbLink(m.group(10).strip(), null, m.group(2), UnitWords.integer(m.group(3)),
                            m.group(5).startsWith("?") ? null : m.group(5) + "X",
                            m.group(6).startsWith("?") ? null : m.group(6), null, null, null, m.group(7),
                            UnitWords.integer(m.group(8)), m.group(11).strip(), null, m.group(4), m.group(9), in.source(i));
                    b.add(link);
                    // "4x EDR" (dump_ports_report): the width as printed, "4x" ("??" when unknown), beside the typed "4X"
                    b.printed(link, i, "width", m.group(5) + "x").printed(link, i, "speed", m.group(6));
                }
            } else if (in.matches(CHASSIS, i)) {
                b.use(i);
            } else if (in.get(i).startsWith("...")) {
                b.use(i); // "...omitted" in a shortened paste
            } else {
                break;
            }
        }
        return b.done(i);
    }

    /** "S-ec0d9a0300ec8480" → "0xec0d9a0300ec8480"; other names (a -G less paste) stay null. */
    private static String guid(String quoted) {
        return quoted.matches("[SHR]-(?:0x)?[0-9a-fA-F]{1,16}") ? "0x" + quoted.substring(2).replaceFirst("^0x", "") : null;
    }
}
