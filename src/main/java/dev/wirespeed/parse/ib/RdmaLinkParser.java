package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rdma link [show]} (iproute2): "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0",
 * keywords followed by their values; also the older "1/1: mlx5_0/1: state ACTIVE …" lines. Each keyword's
 * value is kept as printed under its own name (the record's "printed").
 */
public final class RdmaLinkParser extends BaseParser {
    /** "link DEV/PORT …", and the first iproute2 releases' "IDX/PORT: DEV/PORT: state …" (rdma/link.c, 2017). */
    private static final Pattern LINK = Pattern.compile(
            "(?:\\d+/\\d+:\\s*)?(?:link )?([\\w.-]+)/(\\d{1,5}):?\\s+((?:subnet_prefix|lid|sm_lid|lmc|state|physical_state|netdev) .*)");

    public RdmaLinkParser() {
        super("rdma-link", "rdma");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(LINK, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m = in.match(LINK, i);
            if (m == null) {
                if (in.blank(i)) {
                    continue;
                }
                break;
            }
            String[] words = m.group(3).split("\\s+");
            Map<String, String> kv = new HashMap<>();
            for (int w = 0; w + 1 < words.length; w += 2) {
                kv.put(words[w], words[w + 1]);
                b.printed(i, words[w], words[w + 1]); // "physical_state": "LINK_UP" beside the typed "LinkUp"
            }
            b.use(i).add(new RdmaPortRecord(m.group(1), Integer.parseInt(m.group(2)), IbStates.state(kv.get("state")),
                    IbStates.physical(kv.get("physical_state")), null, null, null, null, kv.get("lid"),
                    kv.get("sm_lid"), null, null, null, kv.get("netdev"), in.source(i)));
        }
        return b.done(i);
    }
}
