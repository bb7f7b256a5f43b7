package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ip -o} ("-oneline", iproute2 ip/ipaddress.c): each interface's or address's lines joined into one, a
 * backslash where ip would have begun a line ("4: eth0: <…> mtu 1400 …\    link/ether 02:fc:…\    RX:  bytes …
 * \     159496092 …"). Such a line is split again at each backslash, every part numbered as the pasted line,
 * so the ip reader reads it as ip's ordinary output. A line is taken as one only when it starts as ip's
 * lines do ("N: name") and a backslash in it is followed by two blanks or more (ip's indentation).
 */
final class IpOneline {
    private IpOneline() {}

    /** An ip -o line, after what a launcher put before it (srun --label's " 0: ", group 1). */
    private static final Pattern ONELINE = Pattern.compile("(\\s*\\d{1,5}: )?\\s*\\d{1,6}:\\s+[^\\s:]+:?\\s.*\\\\\\s{2,}\\S.*");
    /** Where ip put a line break: a backslash before a blank or at the end. */
    private static final Pattern BREAK = Pattern.compile("\\\\(?=\\s|$)");

    static List<PasteRepair.Row> split(List<PasteRepair.Row> rows) {
        if (rows.stream().noneMatch(r -> r.text().indexOf('\\') >= 0)) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (PasteRepair.Row r : rows) {
            Matcher m;
            if (r.text().indexOf('\\') < 0 || !(m = ONELINE.matcher(r.text())).matches()) {
                out.add(r);
                continue;
            }
            // a label stays before every part, so the run of labelled lines is whole when labels are removed
            String label = m.group(1) == null ? "" : m.group(1);
            boolean first = true;
            for (String part : BREAK.split(r.text())) {
                if (part.isBlank()) {
                    continue;
                }
                out.add(new PasteRepair.Row(r.number(), (first ? "" : label) + part.stripTrailing(), r.prefix(), first && r.elidedBefore()));
                first = false;
            }
        }
        return out;
    }
}
