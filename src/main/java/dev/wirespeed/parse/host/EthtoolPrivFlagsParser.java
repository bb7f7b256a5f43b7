package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool --show-priv-flags IFACE}: "Private flags for eno1:", then one "name<blanks>: on|off" a line,
 * the names padded to the longest (ethtool.c do_gprivflags, netlink/privflags.c).
 */
public final class EthtoolPrivFlagsParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Private flags for (\\S+):");
    private static final Pattern FLAG = Pattern.compile("(\\S+)\\s*:\\s*(on|off)");

    public EthtoolPrivFlagsParser() {
        super(HEAD, "ethtool-priv-flags", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        Map<String, Boolean> flags = new LinkedHashMap<>();
        int i = from + 1;
        for (Matcher m; i < in.size() && (m = in.match(FLAG, i)) != null; i++) {
            flags.put(m.group(1), m.group(2).equals("on"));
            b.use(i);
        }
        b.add(new PrivateFlags(iface, flags, in.source(from)));
        return b.done(i);
    }
}
