package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Settings lines grepped out of several interfaces' {@code ethtool IFACE} into one block, as a loop prints them
 * ({@code for i in eth0 eth1; do ethtool $i | grep -E 'Speed|Duplex|Link'; done}): with no "Settings for" line, an
 * echo'd name before each interface ("eth1", "== eth1", "eth1:") or none, or grep's label before every line
 * ({@code grep -H --label=eth1}: "eth1:\tSpeed: 10000Mb/s"). Each interface is its own record: one starts at a name
 * line, at another label, and at a field ethtool prints earlier than (or as) the one before — ethtool prints each once,
 * link modes first and "Link detected" last (ethtool.c dump_link_usettings, netlink/settings.c), so lo's lone
 * "Link detected" after eth0's starts lo's record. A block needs two such lines in a row, one of them Speed, Duplex or
 * Link detected; {@code ethtool eth0 | grep …} under its command stays {@link EthtoolParser}'s.
 */
public final class EthtoolGreppedParser extends BaseParser {
    /** A settings line of ethtool IFACE (ethtool 6.1's keys); the group is the key. */
    private static final Pattern ENTRY = Pattern.compile("((?:Supported|Supports|Advertised|Link partner advertised)"
            + " [\\w -]+|Speed|Lanes|Duplex|Auto-negotiation|master-slave (?:cfg|status)|Port|PHYAD|Transceiver|MDI-X"
            + "|Link detected):\\s*(.*)");
    /** grep's label before a line ("eth1:" then a blank or tab), no blank inside it. */
    private static final Pattern LABELLED = Pattern.compile("(\\(standard input\\)|[^\\s:]+):\\s+(\\S.*)");
    /** An echo'd interface name on a line of its own ("eth1", "eth1:", "== eth1 ==", "--- ens1f0"). */
    private static final Pattern NAME = Pattern.compile(
            "(?:[=#*>-]+\\s*)?((?=[\\w.@-]*\\d)[A-Za-z][\\w.@-]*|lo):?(?:\\s*[=#*<-]+)?");
    /** Lines looked at each way for a "Link detected" (a loop over many interfaces: 4 lines each). */
    private static final int RUN = 64;
    private static final Set<String> STATES = Set.of("speed", "duplex", "link detected");

    public EthtoolGreppedParser() {
        super("ethtool-grepped", "ethtool");
    }

    /** A settings line, perhaps labelled: its label (null when none), key and value. */
    private record Entry(String label, String key, String value) {
        /** Where ethtool prints the key: a record ends before a key printed earlier than the last one read. */
        int rank() {
            String k = key.toLowerCase(Locale.ROOT);
            if (k.startsWith("supported") || k.startsWith("supports")) {
                return 0;
            }
            if (k.startsWith("advertised")) {
                return 1;
            }
            return k.startsWith("link partner") ? 2 : switch (k) {
                case "speed" -> 3;
                case "lanes" -> 4;
                case "duplex" -> 5;
                case "link detected" -> 7;
                default -> 6; // autonegotiation, port, PHYAD, transceiver, MDI-X: their order differs by ethtool version
            };
        }
    }

    /** The piece's command runs ethtool (a loop "for i in …; do ethtool $i | grep …; done"). */
    private static boolean typed(Lines in) {
        return in.command() != null && in.command().text().contains("ethtool");
    }

    /**
     * Line i as a settings line. A label before it counts only under a typed ethtool loop: without one, "node01: "
     * before each line is as likely a parallel shell's host (which {@code PasteRepair} takes off) as grep's label.
     */
    private static Entry entry(Lines in, int i) {
        Matcher m = in.match(ENTRY, i);
        if (m != null) {
            return new Entry(null, m.group(1), m.group(2));
        }
        Matcher l = typed(in) ? in.match(LABELLED, i) : null;
        if (l == null) {
            return null;
        }
        m = ENTRY.matcher(l.group(2));
        return m.matches() ? new Entry(l.group(1), m.group(1), m.group(2)) : null;
    }

    private static boolean state(Entry e) {
        return e != null && STATES.contains(e.key().toLowerCase(Locale.ROOT));
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.match(NAME, i) != null && entry(in, i) == null) {
            Entry next = entry(in, i + 1);
            return next != null && (state(next) || state(entry(in, i + 2))) && (entry(in, i + 2) != null
                    || entry(in, i - 1) != null) && (typed(in) || linkDetectedAround(in, i + 1));
        }
        Entry e = entry(in, i);
        if (e == null) {
            return false;
        }
        Entry before = entry(in, i - 1);
        Entry after = entry(in, i + 1);
        return (before != null || after != null) && (state(e) || state(before) || state(after))
                && (typed(in) || linkDetectedAround(in, i));
    }

    /**
     * Whether the run of settings and name lines around line i holds a "Link detected" line: without a typed
     * ethtool, that is what says the lines are ethtool's ("Speed: 1000Mb/s" and "Duplex: Full" alone could be
     * another tool's).
     */
    private static boolean linkDetectedAround(Lines in, int i) {
        for (int step : new int[] {-1, 1}) {
            for (int k = i; k >= 0 && k < in.size() && Math.abs(k - i) <= RUN; k += step) {
                Entry e = entry(in, k);
                if (e != null && e.key().equalsIgnoreCase("link detected")) {
                    return true;
                }
                if (e == null && (k == i || in.match(NAME, k) == null)) {
                    break;
                }
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        String iface = null;
        Matcher name = entry(in, i) == null ? in.match(NAME, i) : null;
        if (name != null) {
            iface = name.group(1);
            b.use(i++);
        }
        Fields f = new Fields();
        Map<String, List<String>> modes = new HashMap<>();
        Set<String> seen = new HashSet<>();
        String label = null;
        int lastRank = -1;
        for (; i < in.size(); i++) {
            Entry e = entry(in, i);
            if (e == null) {
                break;
            }
            String key = e.key().toLowerCase(Locale.ROOT);
            if (!seen.isEmpty() && (seen.contains(key) || e.rank() < lastRank || !Objects.equals(label, e.label()))) {
                break; // the next interface's lines
            }
            label = e.label();
            lastRank = e.rank();
            seen.add(key);
            f.put(e.key(), e.value(), in.source(i));
            if (key.endsWith("link modes")) {
                EthtoolParser.modeWords(modes.computeIfAbsent(key, k -> new ArrayList<>()), e.value());
            }
            b.use(i);
        }
        if (iface == null && label != null && !label.startsWith("(")) {
            iface = label; // grep -H without --label prints "(standard input)": no name
        }
        b.add(EthtoolParser.settings(iface, f, modes, in.source(from)));
        return b.done(i);
    }
}
