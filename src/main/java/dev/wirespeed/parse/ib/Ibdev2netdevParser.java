package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.PciAddress;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.UnitWords;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibdev2netdev} (mlnx-tools): "mlx5_0 port 1 ==> ib0 (Up)", the netdev's carrier in
 * parentheses; with {@code -v} "[PCI] mlx5_0 (MT4119 - MCX556A-ECAT) description fw 16.23.1020 port 1
 * (ACTIVE) ==> ib0 (Up)", which adds the firmware and the port's state; the old style (no dev_id in
 * sysfs) "mlx4_0 port 1 <===> ib0". A table aligned by {@code column -t} and a poster's "# note" read
 * the same.
 */
public final class Ibdev2netdevParser extends BaseParser {
    private static final Pattern LINE = Pattern.compile(
            "(?:" + PciAddress.FULL + "\\s+)?([\\w.-]+)"
                    + "(?:\\s+\\((\\S+)\\s+-\\s+[^)]*\\)\\s+.*?\\bfw\\s+(\\S+))?"
                    + "\\s+port\\s+(\\d{1,3})(?:\\s+\\((\\w+)\\s*\\))?\\s+(==>|<===>)\\s+([\\w.@-]+)(?:\\s+\\((\\w+)\\))?");

    public Ibdev2netdevParser() {
        super("ibdev2netdev", "ibdev2netdev");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return Notes.match(in, LINE, i) != null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m = Notes.match(in, LINE, i);
            if (m == null) {
                if (in.blank(i)) {
                    continue;
                }
                break;
            }
            b.use(i);
            if (m.group(3) != null) {
                b.add(new RdmaDeviceRecord(m.group(1), m.group(2), m.group(3), null, null, null, null, null, null, null,
                        null, in.source(i)));
            }
            b.add(new RdmaPortRecord(m.group(1), UnitWords.integer(m.group(4)), IbStates.state(m.group(5)), null, null, null,
                    null, null, null, null, null, null, null, m.group(7), m.group(8), in.source(i)));
        }
        return b.done(i);
    }
}
