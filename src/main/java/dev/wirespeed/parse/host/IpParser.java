package dev.wirespeed.parse.host;

import dev.wirespeed.host.CounterNames;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ip link} / {@code ip addr} (iproute2): "6: ib0: <FLAGS> mtu 2044 … state UP …" then
 * "link/infiniband …", "inet 192.168.1.11/8 …" lines. With {@code -s} (once or twice), the
 * "RX: bytes packets …" / "RX errors: length crc …" header rows and the numbers under them become
 * a {@link CounterSample} under the kernel's /sys/class/net/IFACE/statistics names, and each row
 * stays as ip printed it in the record's "printed" map: "RX": {"bytes": "100", …, "missed": "0",
 * "mcast": "0"}, "RX errors": {"length": "0", …} (the old and the new iproute2 column words alike). An SR-IOV
 * physical function's "vf N link/ether MAC …, vlan 2, spoof checking on, …" lines (older iproute2:
 * "vf N MAC …") and the counter rows under each become {@link VirtualFunction}s, not the PF's counters.
 */
public final class IpParser extends BaseParser {
    /**
     * The head line; its "N:" index may be missing (a write-up or a grep that cut it: "eth0: <BROADCAST,…> mtu 1500 …"),
     * then the line must go on with "mtu N" as ip prints it ({@link #head}).
     */
    private static final Pattern HEAD = Pattern.compile(
            "(?:(\\d+):\\s+)?([^:\\s]+?)(?:@\\S+)?:\\s+<([^>]*)>\\s+(.*)");
    /** ip -o addr's line for one address, after {@code IpOneline} split it: "4: eth0    inet 192.0.2.2/24 brd … scope global eth0". */
    private static final Pattern ADDRESS_LINE = Pattern.compile("(\\d+):\\s+([^:\\s]+)\\s+(inet6?) (\\S+).*");
    private static final Pattern MTU = Pattern.compile(".*\\bmtu (\\d+).*");
    private static final Pattern STATE = Pattern.compile(".*\\bstate (\\S+).*");
    private static final Pattern LINK = Pattern.compile("link/(\\S+)(?:\\s+(\\S+))?.*");
    /** A link-layer address a narrow terminal or a mail put on the line after "link/infiniband". */
    private static final Pattern WRAPPED_ADDRESS = Pattern.compile("((?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{2})(?: brd)?");
    /** {@code ip -d link} of an IPoIB interface (iproute2 ip/iplink_ipoib.c): "ipoib pkey  0x8001 mode  datagram umcast  0000 …". */
    private static final Pattern IPOIB = Pattern.compile("ipoib pkey\\s+(0x[0-9a-fA-F]+)\\s+mode\\s+(\\w+).*");
    private static final Pattern INET = Pattern.compile("(inet6?) (\\S+).*");
    private static final Pattern STATS_HEAD = Pattern.compile("(RX|TX)( errors)?:\\s+([a-z][a-z\\s]*)");
    private static final Pattern STATS_ROW = Pattern.compile("\\d+(\\s+\\d+)*");
    /** iproute2 print_vfinfo: "vf 0     link/ether e2:c6:… brd ff:…, spoof checking on, …" or "vf 0 MAC 00:11:…, vlan 2, …". */
    private static final Pattern VF = Pattern.compile("vf (\\d+)\\s+(?:link/ether|MAC)\\s+([0-9a-fA-F:]{17})(?:\\s+brd\\s+[0-9a-fA-F:]{17})?,?\\s*(.*)");
    /** A VF line's settings a mail wrapped onto the next line: "trust off, query_rss off" (ip-link-ipoib-wrapped-mail-kirjanov.txt). */
    private static final Pattern VF_SETTINGS =
            Pattern.compile("[a-z][a-z_-]*(?: [a-z][a-z_-]*)* [\\w./-]+(?:,\\s*[a-z][a-z_-]*(?: [a-z][a-z_-]*)* [\\w./-]+)*,?");
    private static final Pattern DETAIL = Pattern.compile(
            "(valid_lft|altname|vf |prog/|RX:|TX:|\\d+\\s+\\d+|link-netnsid|alias "
                    + "|(?:state|mode|group|qlen) \\S+).*"); // the last: a head line wrapped by the terminal

    public IpParser() {
        super("ip", "ip");
    }

    @Override
    public boolean reads(Command c) {
        return c != null && c.program().equals("ip") && !c.args().isEmpty()
                && c.args().getFirst().matches("a|ad|add|addr|addre|addres|address|l|li|lin|link|-\\w+");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return head(in, i) != null || in.matches(ADDRESS_LINE, i) || vfLinesOnly(in, i) || statsOnly(in, i);
    }

    /** Line i's head line, or null: with its index, or without it and then with "mtu N" right after the flags. */
    private static Matcher head(Lines in, int i) {
        Matcher m = in.match(HEAD, i);
        return m != null && (m.group(1) != null || m.group(4).startsWith("mtu ")) ? m : null;
    }

    /**
     * Line i begins counter rows pasted without their interface's line ("ip -s -s link show wg0 | grep
     * -A1 RX", or an excerpt a writer cut with "..."): an "RX:"/"TX:" header with its numbers under it;
     * the interface is the command's, when the paste shows one.
     */
    private static boolean statsOnly(Lines in, int i) {
        return in.matches(STATS_HEAD, i) && in.matches(STATS_ROW, i + 1);
    }

    /** The interface an "ip … link show IFACE" / "dev IFACE" command names, else null. */
    private static String commandInterface(Command c) {
        if (c == null || !c.program().equals("ip")) {
            return null;
        }
        List<String> a = c.args();
        for (int k = 0; k + 1 < a.size(); k++) {
            if ((a.get(k).equals("show") || a.get(k).equals("dev")) && !a.get(k + 1).startsWith("-") && !a.get(k + 1).equals("|")) {
                return a.get(k + 1);
            }
        }
        return null;
    }

    /**
     * Line i begins VF lines pasted without their PF's line (lxd#14879: "vf 1     link/ether 02:00:…, vlan
     * 128, spoof checking off, …" and on): two in a row, none before; the PF is unknown.
     */
    private static boolean vfLinesOnly(Lines in, int i) {
        return in.matches(VF, i) && i + 1 < in.size() && in.matches(VF, i + 1) && (i == 0 || !in.matches(VF, i - 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Current cur = null;
        if (head(in, from) == null && vfLinesOnly(in, from)) {
            cur = new Current(in.source(from)); // the VFs of a PF the paste does not show
        } else if (head(in, from) == null && statsOnly(in, from)) {
            cur = new Current(in.source(from)); // counters of an interface whose line the paste does not show
            cur.counterSubject = commandInterface(in.command());
        }
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = head(in, i)) != null) {
                if (cur != null) {
                    cur.flush(b);
                }
                cur = new Current(in.source(i));
                cur.index = m.group(1) == null ? null : UnitWords.integer(m.group(1));
                cur.name = m.group(2);
                cur.flags = List.of(m.group(3).split(","));
                Matcher mtu = MTU.matcher(m.group(4));
                cur.mtu = mtu.matches() ? UnitWords.integer(mtu.group(1)) : null;
                Matcher st = STATE.matcher(m.group(4));
                cur.state = st.matches() ? st.group(1) : null;
                b.use(i);
            } else if ((m = in.match(ADDRESS_LINE, i)) != null) {
                // ip -o addr: one line per address, the interface's index and name before it
                if (cur == null || !m.group(2).equals(cur.name)) {
                    if (cur != null) {
                        cur.flush(b);
                    }
                    cur = new Current(in.source(i));
                    cur.index = UnitWords.integer(m.group(1));
                    cur.name = m.group(2);
                }
                cur.addresses.add(m.group(4));
                b.use(i);
            } else if (cur != null && (m = in.match(LINK, i)) != null) {
                cur.linkType = m.group(1);
                cur.address = m.group(2);
                b.use(i);
                Matcher wrapped;
                if (cur.address == null && (wrapped = in.match(WRAPPED_ADDRESS, i + 1)) != null) {
                    cur.address = wrapped.group(1);
                    b.use(++i);
                    if (in.matches(WRAPPED_ADDRESS, i + 1)) {
                        b.use(++i); // its broadcast address, wrapped too
                    }
                }
            } else if (cur != null && (m = in.match(IPOIB, i)) != null) {
                cur.pkey = m.group(1);
                cur.ipoibMode = m.group(2);
                b.use(i);
            } else if (cur != null && (m = in.match(INET, i)) != null) {
                cur.addresses.add(m.group(2));
                b.use(i);
            } else if (cur != null && (m = in.match(VF, i)) != null) {
                cur.vf = new Vf(Integer.parseInt(m.group(1)), m.group(2), in.source(i));
                cur.vfs.add(cur.vf);
                cur.vf.printed.add(new String[] {String.valueOf(i), "MAC", m.group(2)});
                String vfSettings = m.group(3);
                int vfLine = i;
                String line = in.get(i);
                if (vfSettings.endsWith(",") && i + 1 < in.size() && in.matches(VF_SETTINGS, i + 1)) {
                    vfSettings += " " + in.get(i + 1); // the rest of the line a mail wrapped
                    line += " " + in.get(i + 1);
                    b.use(i + 1);
                    i++;
                }
                // the whole line as printed: a user searches for "vf 15" or a MAC and a setting together
                cur.vf.printed.add(new String[] {String.valueOf(vfLine), "line", line.strip()});
                for (String setting : vfSettings.split(",\\s*")) {
                    if (!setting.isBlank()) {
                        cur.vf.asPrinted.add(setting.strip());
                    }
                    int space = setting.strip().lastIndexOf(' ');
                    if (space > 0) {
                        cur.vf.settings.put(setting.strip().substring(0, space), setting.strip().substring(space + 1));
                        cur.vf.printed.add(new String[] {String.valueOf(vfLine), setting.strip().substring(0, space),
                            setting.strip().substring(space + 1)});
                    }
                }
                b.use(i);
            } else if (cur != null && (m = in.match(STATS_HEAD, i)) != null && in.matches(STATS_ROW, i + 1)) {
                String[] names = m.group(3).strip().split("\\s+");
                String[] numbers = in.get(i + 1).split("\\s+");
                // the row as ip prints it too: its label ("RX", "RX errors") → column word → number
                Map<String, String> cells = new LinkedHashMap<>();
                for (int k = 0; k < Math.min(names.length, numbers.length); k++) {
                    cells.put(names[k], numbers[k]);
                }
                Row row = new Row(i, m.group(1) + (m.group(2) == null ? "" : m.group(2)), cells);
                (cur.vf != null ? cur.vf.rows : cur.rows).add(row);
                for (int k = 0; k < Math.min(names.length, numbers.length); k++) {
                    if (cur.vf != null) { // the counters of the VF line above, not the PF's
                        cur.vf.counters.put(vfStat(m.group(1).equals("RX"), names[k]), Long.parseLong(numbers[k]));
                        continue;
                    }
                    String name = statName(m.group(1).equals("RX"), names[k]);
                    try {
                        cur.counters.put(name, Long.parseLong(numbers[k]));
                    } catch (NumberFormatException e) {
                        // beyond a 64-bit counter: not printed by ip
                    }
                }
                b.use(i).use(i + 1);
                i++;
            } else if (cur != null && in.matches(DETAIL, i)) {
                Matcher st = STATE.matcher(in.get(i));
                if (cur.state == null && st.matches()) {
                    cur.state = st.group(1);
                }
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

    /** ip's column word → the kernel's statistics name ({@link CounterNames#ipLink}; an unknown word keeps "rx_"/"tx_" + word). */
    static String statName(boolean rx, String word) {
        return CounterNames.ipLink(rx, word).orElse((rx ? "rx_" : "tx_") + word);
    }

    /** A VF's column word (print_vfinfo: bytes packets mcast bcast dropped) → the IFLA_VF_STATS name. */
    private static String vfStat(boolean rx, String word) {
        String w = switch (word) {
            case "mcast" -> "multicast";
            case "bcast" -> "broadcast";
            default -> word;
        };
        return (rx ? "rx_" : "tx_") + w;
    }

    /** A counter row as printed: the header's line, its label and the numbers under their column words. */
    private record Row(int line, String label, Map<String, String> cells) {}

    private static final class Vf {
        final int number;
        final String mac;
        final Source source;
        final Map<String, String> settings = new LinkedHashMap<>();
        /** The settings as printed, in order. */
        final List<String> asPrinted = new ArrayList<>();
        final Map<String, Long> counters = new LinkedHashMap<>();
        /** line, name, value of each setting as printed. */
        final List<String[]> printed = new ArrayList<>();
        final List<Row> rows = new ArrayList<>();

        Vf(int number, String mac, Source source) {
            this.number = number;
            this.mac = mac;
            this.source = source;
        }
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
        String ipoibMode;
        String pkey;
        final List<String> addresses = new ArrayList<>();
        final Map<String, Long> counters = new LinkedHashMap<>();
        final List<Vf> vfs = new ArrayList<>();
        final List<Row> rows = new ArrayList<>();
        Vf vf;
        /** The counters' interface when no interface line names it (the command's). */
        String counterSubject;

        Current(Source source) {
            this.source = source;
        }

        void flush(ParseBuilder b) {
            if (name != null) { // null: VF lines without their PF's
                b.add(new NetInterfaceRecord(index, name, flags, mtu, state, linkType, address, addresses, ipoibMode, pkey,
                        source));
            }
            if (!counters.isEmpty()) {
                CounterSample sample = new CounterSample(name != null ? name : counterSubject, "ip -s link", counters, source);
                b.add(sample);
                rows.forEach(row -> b.printedRow(sample, row.line(), row.label(), row.cells()));
            }
            for (Vf v : vfs) {
                String vlan = v.settings.get("vlan");
                VirtualFunction r = new VirtualFunction(name, v.number, v.mac,
                        vlan != null && vlan.matches("\\d{1,4}") ? Integer.valueOf(vlan) : null, v.settings.get("spoof checking"),
                        v.settings.get("link-state"), v.settings.get("trust"), v.asPrinted, v.counters, v.source);
                b.add(r);
                for (String[] p : v.printed) {
                    b.printed(r, Integer.parseInt(p[0]), p[1], p[2]);
                }
                v.rows.forEach(row -> b.printedRow(r, row.line(), row.label(), row.cells()));
            }
        }
    }
}
