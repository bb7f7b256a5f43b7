package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ip -br link} / {@code ip -br addr} (iproute2 -brief, ip/ipaddress.c): one row per interface, its
 * name, operational state, then for link its link-layer address and "<FLAGS>", for addr its addresses
 * with their prefix lengths ("eth0             UP             192.0.2.2/24 fd00::2/64"; none after a
 * down interface). Rows become {@link NetInterfaceRecord}s as the long form's do. An addr row is taken
 * without the command only in a run of two with an address in the first (a name, a state word and
 * "a.b.c.d/n" are not much to go by alone).
 */
public final class IpBriefParser extends BaseParser {
    /** The operational states ip prints (the kernel's IF_OPER_* names, RFC 2863). */
    private static final String STATE = "(UP|DOWN|UNKNOWN|LOWERLAYERDOWN|DORMANT|NOTPRESENT|TESTING)";
    /** "@peer" after a name: a veth's or VLAN's link ("veth0@if5", "eth0.10@eth0"). */
    private static final String NAME = "([^\\s@:]+)(?:@\\S+)?";
    private static final Pattern LINK_ROW = Pattern.compile(
            NAME + "\\s+" + STATE + "\\s+(?:((?:[0-9a-fA-F]{2}:){5,19}[0-9a-fA-F]{2})\\s+)?<([A-Z0-9_,-]*)>\\s*");
    private static final Pattern ADDRESS_ROW = Pattern.compile(
            NAME + "\\s+" + STATE + "((?:\\s+[0-9a-fA-F.:]+/\\d{1,3})*)\\s*");
    private static final Pattern WITH_ADDRESS = Pattern.compile(NAME + "\\s+" + STATE + "\\s+[0-9a-fA-F.:]+/\\d{1,3}.*");

    public IpBriefParser() {
        super("ip-brief", "ip");
    }

    @Override
    public boolean reads(Command c) {
        return c != null && c.program().equals("ip") && c.args().stream().anyMatch(a -> a.matches("-br|-bri|-brie|-brief"));
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(LINK_ROW, i) || in.matches(ADDRESS_ROW, i) && (reads(in.command())
                || in.matches(WITH_ADDRESS, i) && (in.matches(ADDRESS_ROW, i + 1) || in.matches(LINK_ROW, i + 1)));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(LINK_ROW, i)) != null) {
                b.use(i).add(new NetInterfaceRecord(null, m.group(1), m.group(4).isEmpty() ? List.of() : List.of(m.group(4).split(",")),
                        null, m.group(2), null, m.group(3), List.of(), null, null, in.source(i)));
            } else if ((m = in.match(ADDRESS_ROW, i)) != null) {
                List<String> addresses = m.group(3).isBlank() ? List.of() : Arrays.asList(m.group(3).strip().split("\\s+"));
                b.use(i).add(new NetInterfaceRecord(null, m.group(1), null, null, m.group(2), null, null, addresses, null, null,
                        in.source(i)));
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
