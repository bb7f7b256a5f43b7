package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibportstate LID PORT} and {@code smpquery portinfo} (infiniband-diags): a PortInfo attribute
 * as libibmad dumps it, "# Port info: Lid 1 port 6" then "LinkState:.......Active" lines with dot
 * leaders. ibportstate labels its dumps ("PortInfo:", "After PortInfo set:") and, on a switch port,
 * adds the "Peer PortInfo:" of the port at the far end, read over a directed route ("# Port info: Lid
 * 1 DR path slid 2; dlid 65535; 0,6 port 1"); that peer becomes the link's {@code peerPort}. The lane
 * speed is LinkSpeedActive, or LinkSpeedExtActive(2) when it says "Extended speed" (libibmad dump.c).
 * One {@link IbLink} per port; the values of a port that is not up are what its PortInfo holds.
 */
public final class IbportstateParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile(
            "#\\s*(MLNX ext )?Port info:\\s*(?:Lid (\\d+))?\\s*(DR path .*?)?\\s*port (\\d{1,3})\\s*");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][A-Za-z0-9]*):\\.+\\s*(.*)");
    private static final Pattern LABEL = Pattern.compile("([\\w ]*)PortInfo( set)?:");
    private static final Pattern WIDTH = Pattern.compile("(\\d{1,2}X).*");
    private static final Pattern GBPS = Pattern.compile("(\\d+(?:\\.\\d+)?) Gbps");
    /** Fields only a PortInfo dump has: a headless paste starts at one of them. */
    private static final Set<String> PORT_INFO = Set.of("LinkState", "PhysLinkState", "Lid", "SMLid", "Mkey",
            "GidPrefix", "LinkWidthActive", "LinkWidthEnabled", "LinkWidthSupported", "LinkSpeedActive");

    public IbportstateParser() {
        super("ibportstate", "ibportstate", "smpquery");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Matcher f;
        return in.matches(HEAD, i) || ((f = in.match(FIELD, i)) != null && PORT_INFO.contains(f.group(1)))
                || (in.matches(LABEL, i) && (in.matches(HEAD, i + 1) || in.matches(FIELD, i + 1)));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        List<Dump> dumps = new ArrayList<>();
        Dump dump = null;
        boolean peerNext = false;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(LABEL, i)) != null) {
                peerNext = m.group(1).strip().equalsIgnoreCase("Peer");
                dump = null;
            } else if ((m = in.match(HEAD, i)) != null) {
                dump = new Dump(in.source(i), m.group(1) != null, peerNext);
                dump.lid = m.group(2) != null && m.group(3) == null ? m.group(2) : null;
                dump.port = Integer.parseInt(m.group(4));
                dumps.add(dump);
                peerNext = false;
            } else if ((m = in.match(FIELD, i)) != null) {
                if (dump == null) { // a paste that starts below the head
                    dump = new Dump(in.source(i), false, peerNext);
                    dumps.add(dump);
                    peerNext = false;
                }
                dump.fields.putIfAbsent(m.group(1), m.group(2).strip());
                dump.lines.add(new Printed(i, m.group(1), m.group(2).strip()));
            } else {
                break;
            }
            b.use(i);
        }
        List<IbLink> links = new ArrayList<>();
        for (Dump d : dumps) {
            IbLink link = d.link();
            if (link != null && d.peer && !links.isEmpty()) { // the switch port's far end: its port is the peer port
                IbLink near = links.removeLast();
                link = new IbLink(near.node(), near.nodeGuid(), near.lid(), near.port(), near.width(), near.speed(),
                        near.laneSignal(), near.state(), near.physicalState(), null, link.port(), null, null,
                        near.source());
            }
            if (link != null) {
                links.add(link);
                if (!d.peer) { // every field under its name, as libibmad prints it (a peer's would clash with its own)
                    for (Printed f : d.lines) {
                        b.printed(link, f.line(), f.name(), f.value());
                    }
                }
            }
        }
        links.forEach(b::add);
        return b.done(i);
    }

    /** A dotted field line: its line, name and value as printed. */
    record Printed(int line, String name, String value) {}

    /** One "# Port info" dump: its head and its fields by name. */
    private static final class Dump {
        final Source source;
        final boolean vendor;
        final boolean peer;
        final Map<String, String> fields = new HashMap<>();
        final List<Printed> lines = new ArrayList<>();
        String lid;
        Integer port;

        Dump(Source source, boolean vendor, boolean peer) {
            this.source = source;
            this.vendor = vendor;
            this.peer = peer;
        }

        /** The port as a link, or null for Mellanox's extended PortInfo (no state, speeds as bit masks). */
        IbLink link() {
            if (vendor || (!fields.containsKey("LinkState") && !fields.containsKey("LinkWidthActive"))) {
                return null;
            }
            Matcher w = WIDTH.matcher(fields.getOrDefault("LinkWidthActive", ""));
            String speed = null;
            for (String name : List.of("LinkSpeedActive", "LinkSpeedExtActive", "LinkSpeedExtActive2")) {
                if (speed == null && GBPS.matcher(fields.getOrDefault(name, "")).matches()) {
                    speed = fields.get(name);
                }
            }
            Matcher s = speed == null ? null : GBPS.matcher(speed);
            Quantity lane = s != null && s.matches() ? Quantity.bitsPerSecond(UnitWords.number(s.group(1)) * 1e9, speed) : null;
            String lidText = lid != null ? lid : fields.get("Lid");
            return new IbLink(null, null, lidText, port, w.matches() ? w.group(1) : null, speed, lane,
                    fields.get("LinkState"), fields.get("PhysLinkState"), null, null, null, null, source);
        }
    }
}
