package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -g IFACE} ("Ring parameters for eth0:") and {@code ethtool -l IFACE} ("Channel
 * parameters for eth0:"): two sections, "Pre-set maximums:" and "Current hardware settings:", each a
 * "Name:<tabs>value" list (ethtool's rings.c / channels.c print "RX:", "RX Mini:", "RX Jumbo:", "TX:",
 * and for channels "Other:" and "Combined:"; newer ones add "RX Buf Len:", "CQE Size:", "TX Push:" to
 * the current settings). Values are numbers or "n/a"; only numbers are kept.
 */
public final class EthtoolLimitsParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("(Ring|Channel) parameters for (\\S+):");
    private static final Pattern MAXIMUMS = Pattern.compile("Pre-set maximums:");
    private static final Pattern CURRENT = Pattern.compile("Current hardware settings:");
    private static final Pattern SETTING = Pattern.compile("([A-Za-z][\\w /-]*?):\\s*(\\S.*)?");
    /** A number, with perhaps a reader's note after it ("256    <---- default is small", talos#9167's paste). */
    private static final Pattern NUMBER = Pattern.compile("(\\d{1,18})(?:\\s+(?:<-|//|#).*)?");

    public EthtoolLimitsParser() {
        super("ethtool-limits", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) && in.matches(MAXIMUMS, i + 1);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Matcher head = in.match(HEAD, from);
        b.use(from);
        Map<String, Long> maximum = new LinkedHashMap<>();
        Map<String, Long> current = new LinkedHashMap<>();
        Map<String, Long> section = null;
        int i = from + 1;
        for (; i < in.size() && !in.blank(i); i++) {
            Matcher m;
            if (in.matches(MAXIMUMS, i)) {
                section = maximum;
            } else if (in.matches(CURRENT, i)) {
                section = current;
            } else if (section != null && (m = in.match(SETTING, i)) != null) {
                String value = m.group(2) == null ? "" : m.group(2).strip();
                Matcher n = NUMBER.matcher(value);
                if (n.matches()) {
                    section.put(m.group(1).strip().toLowerCase(Locale.ROOT), Long.parseLong(n.group(1)));
                }
            } else {
                break;
            }
            b.use(i);
        }
        b.add(new EthtoolLimits(head.group(2), head.group(1).equals("Ring") ? "ring" : "channels", maximum, current,
                in.source(from)));
        return b.done(i);
    }
}
