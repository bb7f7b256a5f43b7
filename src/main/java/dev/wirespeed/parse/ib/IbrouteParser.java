package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibroute [LID]} (infiniband-diags ibroute.c dump_unicast_tables): "Unicast lids [0x0-0x6] of
 * switch Lid 3 guid 0x… (name):" (or "… of switch DR path slid 0; dlid 0; 0,1 guid …"), the column
 * head ("Lid  Out   Destination" / "Port     Info"), then a row per LID, "0x0004 001 : (Channel Adapter
 * portguid 0x…: 'name')", and "6 valid lids dumped". One {@link IbRoute} per row.
 */
public final class IbrouteParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile(
            "Unicast lids \\[0x[0-9a-fA-F]+-0x[0-9a-fA-F]+\\] of switch (?:Lid (\\d+)|DR path .*?)\\s*guid (0x[0-9a-fA-F]+) \\((.*)\\):?");
    private static final Pattern ROW = Pattern.compile(
            "(0x[0-9a-fA-F]{1,4})\\s+(\\d{1,3})\\s*:\\s*(?:\\((Channel Adapter|Switch|Router) portguid (0x[0-9a-fA-F]+):\\s*'(.*)'\\))?.*");
    private static final Pattern OTHER = Pattern.compile("Lid\\s+Out\\s+Destination|Port\\s+Info|\\d+ (?:valid )?lids dumped");

    public IbrouteParser() {
        super("ibroute", "ibroute");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String name = null;
        String lid = null;
        String guid = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(HEAD, i)) != null) {
                lid = m.group(1);
                guid = m.group(2);
                name = m.group(3);
                b.use(i);
            } else if (name != null && (m = in.match(ROW, i)) != null) {
                b.use(i).add(new IbRoute(name, lid, guid, m.group(1), UnitWords.integer(m.group(2)), m.group(3), m.group(4),
                        m.group(5), in.source(i)));
            } else if (in.matches(OTHER, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
