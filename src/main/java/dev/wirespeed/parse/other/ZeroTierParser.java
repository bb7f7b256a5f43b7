package dev.wirespeed.parse.other;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code zerotier-cli peers}: "200 peers", a "&lt;ztaddr&gt; &lt;ver&gt; &lt;role&gt; &lt;lat&gt; &lt;link&gt; …"
 * header, one peer per line (a RELAY peer ends after &lt;link&gt;: one.cpp prints no lastTX, lastRX or
 * path without a direct path); and {@code zerotier-cli listpeers}: "200 listpeers ADDR PATHS LAT VER
 * ROLE", after its own "200 listpeers &lt;ztaddr&gt; …" header; and {@code zerotier-cli info}: "200 info
 * ADDR VERSION STATUS" (this node); and {@code zerotier-cli listnetworks}: "200 listnetworks NWID NAME
 * MAC STATUS TYPE DEV IPS" after its "&lt;nwid&gt; …" header (NAME may be empty, leaving two blanks).
 */
public final class ZeroTierParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("200 peers|<ztaddr>.*|200 listpeers <ztaddr>.*|200 listnetworks <nwid>.*");
    /** Ids and MACs may be masked with '*' by whoever pasted them. */
    private static final Pattern NETWORK = Pattern.compile("200 listnetworks ([0-9a-f*]{10,})\\s(\\S*)\\s+((?:[0-9a-f*]{2}:){5}[0-9a-f*]{2})"
            + "\\s+([A-Z_]+)\\s+(PRIVATE|PUBLIC)\\s+(\\S+)\\s+(\\S+)\\s*");
    private static final Pattern PEER = Pattern.compile(
            "([0-9a-f]{10})\\s+(\\S+)\\s+(LEAF|MOON|PLANET)\\s+(-?\\d+)\\s+(\\S+)(?:\\s+(-?\\d+)\\s+(-?\\d+)\\s*(\\S*))?\\s*");
    private static final Pattern LISTPEER = Pattern.compile(
            "200 listpeers ([0-9a-f]{10})\\s+(\\S+)\\s+(-?\\d+)\\s+(\\S+)\\s+(LEAF|MOON|PLANET).*");

    private static final Pattern INFO = Pattern.compile("200 info ([0-9a-f]{10}) (\\d[\\w.]*) (ONLINE|OFFLINE|TUNNELED)");

    public ZeroTierParser() {
        super("zerotier", "zerotier-cli");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.get(i).equals("200 peers") || in.matches(LISTPEER, i) || in.matches(INFO, i) || in.matches(NETWORK, i)
                || (in.get(i).startsWith("200 listnetworks <nwid>") && in.matches(NETWORK, i + 1))
                || (in.get(i).startsWith("200 listpeers <ztaddr>") && in.matches(LISTPEER, i + 1))
                || (in.get(i).startsWith("<ztaddr>") && in.matches(PEER, i + 1));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(HEAD, i)) {
                b.use(i);
            } else if ((m = in.match(PEER, i)) != null) {
                b.use(i).add(new ZeroTierPeer(m.group(1), dash(m.group(2)), m.group(3), UnitWords.integer(m.group(4)),
                        m.group(5), dash(m.group(8)), in.source(i)));
            } else if ((m = in.match(NETWORK, i)) != null) {
                List<String> ips = m.group(7).equals("-") ? List.of() : List.of(m.group(7).split(","));
                b.use(i).add(new ZeroTierNetwork(m.group(1), dash(m.group(2)), m.group(3), m.group(4), m.group(5),
                        m.group(6), ips, in.source(i)));
            } else if ((m = in.match(INFO, i)) != null) {
                b.use(i).add(new ZeroTierNode(m.group(1), m.group(2), m.group(3), in.source(i)));
            } else if ((m = in.match(LISTPEER, i)) != null) {
                String path = m.group(2).split("[;,]")[0];
                b.use(i).add(new ZeroTierPeer(m.group(1), dash(m.group(4)), m.group(5), UnitWords.integer(m.group(3)),
                        null, dash(path), in.source(i)));
            } else {
                break;
            }
        }
        return b.done(i);
    }

    private static String dash(String s) {
        return s == null || s.isEmpty() || s.equals("-") ? null : s;
    }
}
