package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlnx_tune -r} (MLNX_OFED): log lines "2019-07-12 08:18:40,831 INFO Collecting …", then
 * "Mellanox Technologies - System Report" with sections separated by blank lines. Each status
 * line becomes a {@link TuneItem} in its section: "OK: PCI Width x16", "Warning: PCI Speed 5GT/s
 * >>> …", "Link Type eth", "Speed 100GbE", "MTU 9000", "FW version 12.25.1020".
 */
public final class MlnxTuneParser extends BaseParser {
    private static final Pattern LOG = Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d+ (INFO|WARNING|ERROR) .*");
    private static final Pattern REPORT = Pattern.compile("Mellanox Technologies - System Report");
    private static final Pattern SECTION = Pattern.compile(
            "(.+ Status(?: on PCI [0-9a-fA-F:.]+)?|.+ \\(Port \\d+\\) Status|Hugepages Status|.+ table Status)");
    private static final Pattern LEVELLED = Pattern.compile("(OK|Warning|Error): (.*?)(?:\\s*>>>\\s*(.*))?");
    private static final Pattern KNOWN = Pattern.compile(
            "(PCI Width|PCI Speed|PCI Max Payload Size|PCI Max Read Request|FW version|Link Type|Link status|Speed|MTU"
                    + "|Local CPUs list|Frequency|TX nocache copy|Total|Free)\\s*:?\\s*(.*)");

    public MlnxTuneParser() {
        super("mlnx_tune", "mlnx_tune");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(REPORT, i) || (in.matches(LOG, i) && in.get(i).contains("Collecting"));
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String section = null;
        String devicePci = null; // port sections follow their device's section
        boolean report = false;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                section = null;
                continue;
            }
            String s = in.get(i);
            if (in.matches(LOG, i) || s.equals("...")) {
                b.use(i);
                continue;
            }
            if (in.matches(REPORT, i)) {
                report = true;
                b.use(i);
                continue;
            }
            if (!report) {
                break;
            }
            if (section == null) {
                if (!in.matches(SECTION, i)) {
                    break;
                }
                section = s;
                b.use(i);
                continue;
            }
            Matcher m = LEVELLED.matcher(s);
            String level = null;
            String body = s;
            String advice = null;
            if (m.matches()) {
                level = m.group(1);
                body = m.group(2);
                advice = m.group(3);
            }
            Matcher k = KNOWN.matcher(body);
            String item = k.matches() ? k.group(1) : null;
            String value = k.matches() ? k.group(2).strip() : body;
            String pci = TuneItem.devicePci(section);
            devicePci = pci != null ? pci : devicePci;
            b.use(i).add(new TuneItem(section, level, item, value, advice, in.source(i), devicePci));
        }
        return b.done(i);
    }
}
