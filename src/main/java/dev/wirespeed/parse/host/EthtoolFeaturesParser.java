package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -k|--show-features|--show-offload IFACE}: "Features for eth0:", then one
 * "name: on|off" a line, a group's members indented under it by a tab, each perhaps followed by
 * " [fixed]" or " [requested on]" (ethtool's features.c). A grep of it ("| grep seg") loses the head
 * line: the interface is then the typed command's. Before ethtool 3.x the head read "Offload parameters
 * for eth0:" (a flat list, no [fixed]); notes often put "..." for the lines they leave out; and a list
 * pasted with neither head nor command is still one when it opens with a run of feature lines that
 * names a feature ethtool itself defines (ethtool.c's off_flag_def, kernel net/ethtool/common.c).
 * {@code ethtool -K|--features|--offload IFACE name on|off …} prints "Actual changes:" and the features it
 * changed, one a line, a side effect tagged " [not requested]" (ethtool 6.1's netlink/features.c); the
 * interface is then the typed command's too.
 * Ethtool before 2.6.24 printed some names in words ("tcp segmentation offload: on", "udp fragmentation
 * offload: off", "generic segmentation offload: off"): such a line is read under today's hyphenated name when
 * that is a name ethtool defines, the line as printed kept in the record's printed map (the generic reading). Old
 * ethtool also put "Cannot get device … settings: ERRNO" between the head and the list for each offload the driver
 * would not report (ethtool.c do_goffload): those lines are the list's own, kept as printed the same way.
 */
public final class EthtoolFeaturesParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(?:Features|Offload parameters) for (\\S+):");
    /** The head of {@code ethtool -K}'s report: no interface, the command names it. */
    private static final Pattern CHANGES = Pattern.compile("Actual changes:");
    /** A line a note writer put for the lines left out. */
    private static final Pattern ELISION = Pattern.compile("\\.{2,}|…");
    /** Names ethtool -k has printed since 2.6 (ethtool.c's off_flag_def and the kernel's feature strings). */
    private static final Set<String> KNOWN = Set.of("rx-checksumming", "tx-checksumming", "scatter-gather", "tcp-segmentation-offload",
            "udp-fragmentation-offload", "generic-segmentation-offload", "generic-receive-offload", "large-receive-offload",
            "rx-vlan-offload", "tx-vlan-offload", "ntuple-filters", "receive-hashing");
    /** Feature lines in a row that make a head-less, command-less list. */
    private static final int RUN = 3;
    private static final Pattern FEATURE = Pattern.compile(
            "([a-z][a-z0-9_-]*|[a-z]+(?: [a-z]+){1,3}):\\s*(on|off)(?:\\s*\\[(fixed|requested (?:on|off)|not requested)])?");
    /** Old ethtool's report of an offload it could not read, printed between the head and the list. */
    private static final Pattern CANNOT_GET = Pattern.compile("Cannot get device .+ settings: .+");

    public EthtoolFeaturesParser() {
        super("ethtool-features", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return (in.matches(HEAD, i) && next(in, i + 1) < in.size() && feature(in, next(in, i + 1)) != null)
                || (i == 0 && showFeatures(in.command()) && feature(in, i) != null)
                || (in.matches(CHANGES, i) && feature(in, i + 1) != null)
                || headless(in, i);
    }

    /** The first line from {@code i} on that is neither an elision nor old ethtool's "Cannot get device … settings". */
    private static int next(Lines in, int i) {
        while (i < in.size() && (in.matches(ELISION, i) || in.matches(CANNOT_GET, i))) {
            i++;
        }
        return i;
    }

    /** A run of feature lines with no head before it, one of them a name ethtool defines. */
    private static boolean headless(Lines in, int i) {
        if (i > 0 && (feature(in, i - 1) != null || in.matches(HEAD, i - 1))) {
            return false;
        }
        boolean known = false;
        int k = i;
        for (; k < in.size(); k++) {
            Matcher m = feature(in, k);
            if (m == null) {
                break;
            }
            known |= KNOWN.contains(name(m));
        }
        return known && k - i >= RUN;
    }

    /**
     * The feature line at {@code i}, or null. A name in words is one only when its hyphenated form is a name
     * ethtool defines, so "link detected: on" or prose with a colon is not taken.
     */
    private static Matcher feature(Lines in, int i) {
        Matcher m = in.match(FEATURE, i);
        return m != null && (m.group(1).indexOf(' ') < 0 || KNOWN.contains(name(m))) ? m : null;
    }

    /** The feature's name as ethtool prints it now: the words of the pre-2.6.24 form joined by '-'. */
    private static String name(Matcher m) {
        return m.group(1).replace(' ', '-');
    }

    private static boolean showFeatures(Command c) {
        return ethtool(c, List.of("-k", "--show-features", "--show-offload"));
    }

    /** The interface a features command names: {@code ethtool -k IFACE} or {@code ethtool -K IFACE name on|off …}. */
    private static String commandIface(Command c) {
        return ethtool(c, List.of("-k", "--show-features", "--show-offload", "-K", "--features", "--offload")) && c.args().size() > 1
                ? c.args().get(1) : null;
    }

    private static boolean ethtool(Command c, List<String> options) {
        return c != null && c.program().equals("ethtool") && !c.args().isEmpty() && options.contains(c.args().getFirst());
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head = in.match(HEAD, from);
        String iface;
        int i = from;
        if (head != null) {
            iface = head.group(1);
            b.use(i++);
        } else {
            iface = commandIface(in.command());
            if (in.matches(CHANGES, i)) {
                b.use(i++);
            }
        }
        Map<String, Boolean> features = new LinkedHashMap<>();
        List<String> fixed = new ArrayList<>();
        Map<String, Boolean> requested = new LinkedHashMap<>();
        for (; i < in.size(); i++) {
            if ((in.matches(ELISION, i) || in.matches(CANNOT_GET, i)) && next(in, i) < in.size() && feature(in, next(in, i)) != null) {
                b.use(i);
                continue;
            }
            Matcher m = feature(in, i);
            if (m == null) {
                break;
            }
            String name = name(m);
            features.put(name, m.group(2).equals("on"));
            if ("fixed".equals(m.group(3))) {
                fixed.add(name);
            } else if (m.group(3) != null && m.group(3).startsWith("requested")) {
                requested.put(name, m.group(3).endsWith("on"));
            }
            b.use(i);
        }
        b.add(new EthtoolFeatures(iface, features, fixed, requested, in.source(from)));
        return b.done(i);
    }
}
