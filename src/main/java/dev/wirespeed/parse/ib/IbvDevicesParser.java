package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code ibv_devices}: a "device  node GUID" header, a rule, then one device per line. */
public final class IbvDevicesParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("device\\s+node GUID");
    private static final Pattern ROW = Pattern.compile("(\\S+)\\s+([0-9a-fA-F]{16})");

    public IbvDevicesParser() {
        super(HEAD, "ibv_devices", "ibv_devices");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if (in.matches(HEAD, i) || in.get(i).matches("-+\\s+-+")) {
                b.use(i);
            } else if ((m = in.match(ROW, i)) != null) {
                b.use(i).add(new RdmaDeviceRecord(m.group(1), null, null, null, m.group(2), null, null, null, null, null,
                        null, in.source(i)));
            } else if (!in.blank(i)) {
                break;
            }
        }
        return b.done(i);
    }
}
