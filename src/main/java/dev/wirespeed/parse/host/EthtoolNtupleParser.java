package dev.wirespeed.parse.host;

import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -n|-u|--show-ntuple|--show-nfc IFACE}: "8 RX rings available", "Total 1 rules", then per rule
 * "Filter: N" and its indented "Name: value" lines, "Rule Type:" (or "Flow Type:" for an ether rule) first and
 * "Action:" last, a blank line between rules (ethtool's rxclass.c). The output does not name the interface: it is
 * the typed command's.
 */
public final class EthtoolNtupleParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("(\\d{1,6}) RX rings available");
    private static final Pattern TOTAL = Pattern.compile("Total (\\d{1,9}) rules");
    private static final Pattern FILTER = Pattern.compile("Filter: (\\d{1,9})");
    private static final Pattern FIELD = Pattern.compile("([A-Z][\\w -]*):\\s*(\\S.*)");
    private static final Set<String> SHOW = Set.of("-n", "-u", "--show-ntuple", "--show-nfc");
    /** The command echoed on the line before behind a prompt the splitter does not know ("% sudo ethtool -u eth0"). */
    private static final Pattern ECHOED = Pattern.compile(".*\\bethtool\\s+(?:-n|-u|--show-ntuple|--show-nfc)\\s+(\\S+)\\s*");

    public EthtoolNtupleParser() {
        super(HEAD, "ethtool-ntuple", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int rings = Integer.parseInt(in.match(HEAD, from).group(1));
        b.use(from);
        Integer total = null;
        List<Integer> filters = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        int i = from + 1;
        int end = i;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                if (i + 1 < in.size() && in.matches(FILTER, i + 1)) {
                    continue; // the blank line before each rule
                }
                break;
            }
            Matcher m;
            if ((m = in.match(TOTAL, i)) != null) {
                total = Integer.valueOf(m.group(1));
            } else if ((m = in.match(FILTER, i)) != null) {
                filters.add(Integer.valueOf(m.group(1)));
            } else if ((m = in.match(FIELD, i)) != null && !filters.isEmpty()) {
                switch (m.group(1)) {
                    case "Rule Type", "Flow Type" -> types.add(m.group(2).strip());
                    case "Action" -> actions.add(m.group(2).strip());
                    default -> { }
                }
            } else {
                break;
            }
            b.use(i);
            end = i + 1;
        }
        Command c = in.command();
        String iface = c != null && c.program().equals("ethtool") && c.args().stream().anyMatch(SHOW::contains)
                ? c.args().getLast() : null;
        Matcher echoed = iface == null && from > 0 ? in.match(ECHOED, from - 1) : null;
        if (echoed != null) {
            iface = echoed.group(1);
        }
        b.add(new NtupleRules(iface, rings, total, filters, types, actions, in.source(from)));
        return b.done(end);
    }
}
