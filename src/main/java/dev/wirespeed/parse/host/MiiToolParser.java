package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mii-tool [-v] [IFACE]} (net-tools mii-tool.c): per interface a status line, "IFACE:
 * negotiated MEDIUM[ flow-control], link ok" (autonegotiation complete; "negotiated, link ok" when the
 * result names no medium), "IFACE: 100 Mbit, full duplex, link ok" (forced), "IFACE: no autonegotiation,
 * MEDIUM, link ok" or "IFACE: no link"; with -v the PHY's lines under it ({@link MiiStatus}). Its
 * failures, "SIOCGMIIPHY on 'IFACE' failed: REASON" (a driver without MII ioctls: virtio, veth, most
 * NICs whose PHY the firmware drives) and "no MII interfaces found", are {@link EthtoolError}-like
 * records of their own ({@link MiiError}).
 */
public final class MiiToolParser extends BaseParser {
    private static final Pattern STATUS = Pattern.compile(
            "([\\w.@-]+): (negotiated(?: ([\\w-]+))?( flow-control)?|no autonegotiation, ([\\w-]+)|(\\d+) Mbit, (full|half) duplex"
                    + "|autonegotiation restarted|autonegotiation failed)?,? ?(link ok|no link)");
    private static final Pattern DETAIL = Pattern.compile("(product info|basic mode|basic status|capabilities|advertising|link partner):\\s*(.*)");
    private static final Pattern FAILED = Pattern.compile("SIOCG\\w+ on '([^']+)' failed: (.+)");
    private static final Pattern NONE = Pattern.compile("no MII interfaces found");
    private static final Pattern MEDIUM = Pattern.compile("(\\d+)base\\w+?(?:-(FD|HD))?");

    public MiiToolParser() {
        super("mii-tool", "mii-tool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(FAILED, i) || (in.matches(STATUS, i) && (reads(in.command()) || in.matches(DETAIL, i + 1)))
                || (in.matches(NONE, i) && reads(in.command()));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            Matcher m;
            if (in.blank(i)) {
                i++;
            } else if ((m = in.match(FAILED, i)) != null) {
                b.use(i).add(new MiiError(m.group(1), in.get(i), m.group(2).strip(), in.source(i)));
                i++;
            } else if (in.matches(NONE, i)) {
                b.use(i).add(new MiiError(null, in.get(i), null, in.source(i)));
                i++;
            } else if ((m = in.match(STATUS, i)) != null) {
                i = status(in, i, m, b);
            } else {
                break;
            }
        }
        return b.done(i);
    }

    /** One interface: its status line at i and the -v lines under it; returns the line after them. */
    private static int status(Lines in, int i, Matcher m, ParseBuilder b) {
        b.use(i);
        int from = i;
        Map<String, String> detail = new HashMap<>();
        for (i++; i < in.size(); i++) {
            Matcher d = in.match(DETAIL, i);
            if (d == null) {
                break;
            }
            detail.put(d.group(1), d.group(2).strip());
            b.use(i);
        }
        String medium = m.group(3) != null ? m.group(3) : m.group(5);
        Quantity speed = null;
        String duplex = null;
        String media = medium;
        if (m.group(6) != null) {
            speed = Quantity.bitsPerSecond(Double.parseDouble(m.group(6)) * 1e6, m.group(6) + " Mbit");
            duplex = m.group(7).equals("full") ? "Full" : "Half";
            media = m.group(6) + " Mbit, " + m.group(7) + " duplex";
        } else if (medium != null) {
            Matcher x = MEDIUM.matcher(medium);
            if (x.matches()) {
                speed = Quantity.bitsPerSecond(Double.parseDouble(x.group(1)) * 1e6, medium);
                duplex = x.group(2) == null ? null : x.group(2).equals("FD") ? "Full" : "Half";
            }
        }
        Boolean flow = m.group(2) != null && m.group(2).startsWith("negotiated") ? m.group(4) != null : null;
        b.add(new MiiStatus(m.group(1), media, speed, duplex, flow, m.group(8).equals("link ok"), detail.get("product info"),
                detail.get("basic mode"), detail.get("basic status"), words(detail.get("capabilities")),
                words(detail.get("advertising")), words(detail.get("link partner")), in.source(from)));
        return i;
    }

    private static List<String> words(String s) {
        return s == null || s.isBlank() ? null : new ArrayList<>(List.of(s.split("\\s+")));
    }
}
