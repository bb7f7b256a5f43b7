package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool --show-eee IFACE}: "EEE settings for eth0:" (older ethtool: "EEE Settings"), "EEE status: enabled -
 * active", "Tx LPI: 30 (us)" or "disabled", and three link-mode lists whose further modes sit on lines of their
 * own below (ethtool.c dump_eeecmd, netlink/eee.c).
 */
public final class EthtoolEeeParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("EEE [Ss]ettings for (\\S+):");
    private static final Pattern STATUS = Pattern.compile("EEE status:\\s*(\\S.*)");
    private static final Pattern LPI = Pattern.compile("Tx LPI:\\s*(?:(\\d{1,9})\\s*\\(us\\)|\\S.*)");
    private static final Pattern MODES = Pattern.compile("(Supported|Advertised|Link partner advertised) EEE link modes:\\s*(.*)");
    private static final Pattern MORE_MODES = Pattern.compile("(?:\\d+base\\S*/(?:Full|Half)\\s*)+");

    public EthtoolEeeParser() {
        super(HEAD, "ethtool-eee", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        String status = null;
        Integer lpi = null;
        List<String> supported = new ArrayList<>();
        List<String> advertised = new ArrayList<>();
        List<String> partner = new ArrayList<>();
        List<String> list = null;
        int i = from + 1;
        for (; i < in.size() && !in.blank(i); i++) {
            Matcher m;
            if ((m = in.match(STATUS, i)) != null) {
                status = m.group(1).strip();
            } else if ((m = in.match(LPI, i)) != null) {
                lpi = m.group(1) == null ? null : Integer.valueOf(m.group(1));
            } else if ((m = in.match(MODES, i)) != null) {
                list = switch (m.group(1)) {
                    case "Supported" -> supported;
                    case "Advertised" -> advertised;
                    default -> partner;
                };
                EthtoolParser.modeWords(list, m.group(2));
            } else if (list != null && in.matches(MORE_MODES, i)) {
                EthtoolParser.modeWords(list, in.get(i));
            } else {
                break;
            }
            b.use(i);
        }
        Boolean enabled = status == null || status.startsWith("not") ? null : status.startsWith("enabled");
        Boolean active = status == null || !status.startsWith("enabled") ? null : !status.endsWith("inactive");
        b.add(new EeeSettings(iface, status, enabled, active, lpi, supported, advertised, partner, in.source(from)));
        return b.done(i);
    }
}
