package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ip link} / {@code ip addr} (iproute2): "6: ib0: <FLAGS> mtu 2044 … state UP …" then
 * "link/infiniband …", "inet 192.168.1.11/8 …" lines.
 */
public final class IpParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile(
            "(\\d+):\\s+([^:\\s]+?)(?:@\\S+)?:\\s+<([^>]*)>\\s+(.*)");
    private static final Pattern MTU = Pattern.compile(".*\\bmtu (\\d+).*");
    private static final Pattern STATE = Pattern.compile(".*\\bstate (\\S+).*");
    private static final Pattern LINK = Pattern.compile("link/(\\S+)(?:\\s+(\\S+))?.*");
    private static final Pattern INET = Pattern.compile("(inet6?) (\\S+).*");
    private static final Pattern DETAIL = Pattern.compile(
            "(valid_lft|altname|vf |prog/|RX:|TX:|\\d+\\s+\\d+|link-netnsid|alias ).*");

    public IpParser() {
        super("ip", "ip", "ifconfig");
    }

    @Override
    public boolean reads(Command c) {
        return c != null && c.program().equals("ip") && !c.args().isEmpty()
                && c.args().getFirst().matches("a|ad|add|addr|addre|addres|address|l|li|lin|link|-\\w+");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Current cur = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(HEAD, i)) != null) {
                if (cur != null) {
                    cur.flush(b);
                }
                cur = new Current(in.source(i));
                cur.index = Units.integer(m.group(1));
                cur.name = m.group(2);
                cur.flags = List.of(m.group(3).split(","));
                Matcher mtu = MTU.matcher(m.group(4));
                cur.mtu = mtu.matches() ? Units.integer(mtu.group(1)) : null;
                Matcher st = STATE.matcher(m.group(4));
                cur.state = st.matches() ? st.group(1) : null;
                b.use(i);
            } else if (cur != null && (m = in.match(LINK, i)) != null) {
                cur.linkType = m.group(1);
                cur.address = m.group(2);
                b.use(i);
            } else if (cur != null && (m = in.match(INET, i)) != null) {
                cur.addresses.add(m.group(2));
                b.use(i);
            } else if (cur != null && in.matches(DETAIL, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        if (cur != null) {
            cur.flush(b);
        }
        return b.done(i);
    }

    private static final class Current {
        final Source source;
        Integer index;
        String name;
        List<String> flags;
        Integer mtu;
        String state;
        String linkType;
        String address;
        final List<String> addresses = new ArrayList<>();

        Current(Source source) {
            this.source = source;
        }

        void flush(ParseBuilder b) {
            b.add(new NetInterfaceRecord(index, name, flags, mtu, state, linkType, address, addresses, source));
        }
    }
}
