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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -k|--show-features|--show-offload IFACE}: "Features for eth0:", then one
 * "name: on|off" a line, a group's members indented under it by a tab, each perhaps followed by
 * " [fixed]" or " [requested on]" (ethtool's features.c). A grep of it ("| grep seg") loses the head
 * line: the interface is then the typed command's.
 */
public final class EthtoolFeaturesParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("Features for (\\S+):");
    private static final Pattern FEATURE =
            Pattern.compile("([a-z][a-z0-9_-]*):\\s*(on|off)(?:\\s*\\[(fixed|requested (?:on|off))])?");

    public EthtoolFeaturesParser() {
        super("ethtool-features", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return (in.matches(HEAD, i) && i + 1 < in.size() && in.matches(FEATURE, i + 1))
                || (i == 0 && showFeatures(in.command()) && in.matches(FEATURE, i));
    }

    private static boolean showFeatures(Command c) {
        return c != null && c.program().equals("ethtool") && !c.args().isEmpty()
                && List.of("-k", "--show-features", "--show-offload").contains(c.args().getFirst());
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
            List<String> args = in.command().args();
            iface = args.size() > 1 ? args.get(1) : null;
        }
        Map<String, Boolean> features = new LinkedHashMap<>();
        List<String> fixed = new ArrayList<>();
        Map<String, Boolean> requested = new LinkedHashMap<>();
        for (; i < in.size(); i++) {
            Matcher m = in.match(FEATURE, i);
            if (m == null) {
                break;
            }
            features.put(m.group(1), m.group(2).equals("on"));
            if ("fixed".equals(m.group(3))) {
                fixed.add(m.group(1));
            } else if (m.group(3) != null) {
                requested.put(m.group(1), m.group(3).endsWith("on"));
            }
            b.use(i);
        }
        b.add(new EthtoolFeatures(iface, features, fixed, requested, in.source(from)));
        return b.done(i);
    }
}
