package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ibstatus} (infiniband-diags script over sysfs): one block per port,
 * "Infiniband device 'mlx5_0' port 1 status:" then "state: 4: ACTIVE", "rate: 200 Gb/sec (2X NDR)".
 */
public final class IbstatusParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile("Infiniband device '([^']+)' port (\\d{1,5}) status:");
    private static final Set<String> KEYS = Set.of("default gid", "base lid", "sm lid", "state", "phys state",
            "rate", "link_layer");

    public IbstatusParser() {
        super("ibstatus", "ibstatus");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return Notes.match(in, HEAD, i) != null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String device = null;
        int port = 0;
        Fields f = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = Notes.match(in, HEAD, i)) != null) {
                flush(b, device, port, f);
                device = m.group(1);
                port = Integer.parseInt(m.group(2));
                f = new Fields();
                f.put("head", "", in.source(i));
                b.use(i);
            } else if (f != null && (m = Notes.match(in, KEY_VALUE, i)) != null
                    && KEYS.contains(m.group(1).toLowerCase(Locale.ROOT))) {
                f.put(m.group(1), m.group(2), in.source(i));
                b.use(i);
            } else {
                break;
            }
        }
        flush(b, device, port, f);
        return b.done(i);
    }

    private static void flush(ParseBuilder b, String device, int port, Fields f) {
        if (device == null) {
            return;
        }
        String[] parts = new String[2];
        Quantity rate = IbRates.parse(f.text("rate"), parts);
        b.add(new RdmaPortRecord(device, port, IbStates.state(f.text("state")), IbStates.physical(f.text("phys state")),
                rate, parts[0], parts[1], f.text("link_layer"), f.text("base lid"), f.text("sm lid"), null, null,
                null, null, f.first()));
    }
}
