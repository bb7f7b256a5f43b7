package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.host.CounterSample;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibqueryerrors} (infiniband-diags): for each port past the threshold,
 * "GUID 0x… port N: [Counter == value (scaled)] …", after an optional
 * "Errors for 0x… "node description"" line (a switch's; a CA's is only "Errors for "description"",
 * ibqueryerrors.c print_results), and a closing "## Summary: …" block. With {@code -r} each port's
 * line is followed by its link, "Link info: LID PORT[ ] ==( 4X 10.0 Gbps Active/ LinkUp)==> peer GUID,
 * LID, port and name", as iblinkinfo prints a port (print_port_config): an {@link IbLink} of the
 * node at that port GUID ("==( Down/ Polling)==>" and no peer for a port that is down). Data
 * counters ({@code -K}, "Data Counters for …") are read as part of the block.
 */
public final class IbqueryerrorsParser extends BaseParser {
    private static final Pattern NODE = Pattern.compile("(?:Errors|Data Counters) for (?:(0x[0-9a-fA-F]+)\\s*)?\"?(.*?)\"?");
    private static final Pattern PORT = Pattern.compile("GUID (0x[0-9a-fA-F]+) port (\\w+):\\s*(.*)");
    private static final Pattern COUNTER = Pattern.compile("\\[(\\w+) == (\\d+)(?: \\([^)]*\\))?]");
    private static final Pattern SUMMARY = Pattern.compile("##\\s*(?:Summary:)?\\s*(\\d+) (nodes|ports) checked.*");
    private static final Pattern LINK_INFO = Pattern.compile("Link info:\\s*(.*)");
    private static final Pattern OTHER = Pattern.compile("(Link info:|##|Suppressing:|\\d+\\s+\\d+\\[).*");

    public IbqueryerrorsParser() {
        super("ibqueryerrors", "ibqueryerrors", "ibqueryerrors.pl");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Matcher p;
        return in.matches(NODE, i) || in.matches(SUMMARY, i)
                || ((p = in.match(PORT, i)) != null && COUNTER.matcher(p.group(3)).find());
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String node = null;
        String portGuid = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(NODE, i)) != null) {
                node = m.group(2).isBlank() ? null : m.group(2);
                b.use(i);
            } else if ((m = in.match(PORT, i)) != null) {
                Map<String, Long> values = new LinkedHashMap<>();
                Matcher c = COUNTER.matcher(m.group(3));
                while (c.find()) {
                    Long v = PerfqueryParser.number(c.group(2));
                    if (v != null) {
                        values.put(c.group(1), v);
                    }
                }
                String subject = "GUID " + m.group(1) + " port " + m.group(2) + (node == null ? "" : " (" + node + ")");
                portGuid = m.group(1);
                b.use(i);
                if (!values.isEmpty()) {
                    b.add(new CounterSample(subject, "ibqueryerrors", values, in.source(i)));
                }
            } else if ((m = in.match(LINK_INFO, i)) != null
                    && (m = IblinkinfoParser.LINK.matcher(m.group(1).strip())).matches()) {
                b.use(i).add(IblinkinfoParser.link(m, node, null, portGuid, in.source(i)));
            } else if (in.matches(SUMMARY, i) || in.matches(OTHER, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
