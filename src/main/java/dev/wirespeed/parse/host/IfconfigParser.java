package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * net-tools {@code ifconfig} (2.x, lib/interface.c ife_print_long): "ib0: flags=4163&lt;UP,…&gt;  mtu 2044",
 * then indented "inet A  netmask M …", "inet6 …", "ether MAC  txqueuelen N  (Ethernet)" (or
 * "infiniband …", "loop …"), "RX packets …", "TX errors …" lines. Between them net-tools may print
 * its IPoIB warning at column 0 ("Infiniband hardware address can be incorrect! …", lib/interface.c),
 * which does not end the interface. Each interface becomes a {@link NetInterfaceRecord}; the older
 * "eth0  Link encap:Ethernet  HWaddr …" layout is not read here.
 */
public final class IfconfigParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("([^:\\s]+): flags=\\d+<([^>]*)>\\s+mtu (\\d+).*");
    private static final Pattern INET = Pattern.compile("inet6? (?:addr:)?(\\S+).*");
    private static final Pattern LINK = Pattern.compile("(ether|infiniband|loop|unspec)(?:\\s+(\\S+))?.*");
    private static final Pattern DETAIL = Pattern.compile("(?:RX|TX) .*|device .*|.*txqueuelen \\d+.*");
    private static final Pattern WARNING = Pattern.compile("Infiniband hardware address can be incorrect!.*");

    public IfconfigParser() {
        super(HEAD, "ifconfig", "ifconfig");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        while (i < in.size()) {
            Matcher head = in.match(HEAD, i);
            if (head == null) {
                break;
            }
            int at = i;
            b.use(i++);
            String linkType = null;
            String address = null;
            List<String> addresses = new ArrayList<>();
            for (; i < in.size(); i++) {
                Matcher m;
                if ((m = in.match(INET, i)) != null) {
                    addresses.add(m.group(1));
                } else if ((m = in.match(LINK, i)) != null) {
                    linkType = m.group(1).equals("loop") ? "loopback" : m.group(1);
                    address = m.group(2) != null && m.group(2).contains(":") ? m.group(2) : null;
                } else if (!in.matches(DETAIL, i) && !in.matches(WARNING, i)) {
                    break;
                }
                b.use(i);
            }
            List<String> flags = head.group(2).isEmpty() ? List.of() : Arrays.asList(head.group(2).split(","));
            b.add(new NetInterfaceRecord(null, head.group(1), flags, Integer.valueOf(head.group(3)), null, linkType, address, addresses,
                    null, null, in.source(at)));
            while (i < in.size() && in.blank(i)) {
                i++;
            }
        }
        return b.done(i);
    }
}
